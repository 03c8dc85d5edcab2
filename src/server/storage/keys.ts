import { randomBytes } from 'node:crypto';

// Blobs lists keys in ascending order, so a key made from (MAX - now) sorts the
// newest record first. 13 digits cover every millisecond timestamp until the year 2286.
const MAX_TIME = 9_999_999_999_999;

export function newestFirstKey(now: number = Date.now()): string {
  const inverted = (MAX_TIME - now).toString().padStart(13, '0');
  return `${inverted}-${randomBytes(5).toString('hex')}`;
}

export function timeFromKey(key: string): number | null {
  const match = /^(\d{13})-[0-9a-f]{10}$/.exec(key);
  return match ? MAX_TIME - Number(match[1]) : null;
}

export const recordIdPattern = /^\d{13}-[0-9a-f]{10}$/;
