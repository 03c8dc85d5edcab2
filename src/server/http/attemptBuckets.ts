import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

// Pure naming of the buckets that attempts (sign-ins, bookings, sign-in challenges) are
// counted in, and of the fixed windows they are counted over. A bucket's window holds `limit` numbered slots; an
// attempt takes one with a create-only write, so no two attempts can take the same
// slot, whatever instance they run on.

/**
 * The part of a client address that one party controls: an IPv4 address, or the /64
 * of an IPv6 one (a single subscriber usually gets a whole /64, so counting per
 * address would give them 2^64 fresh addresses). IPv4-mapped IPv6 counts as IPv4.
 */
export function addressScope(ip: string | null | undefined): string {
  const address = (ip ?? '')
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(address)) return address;
  if (isIPv6(address)) return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
  return 'unknown';
}

/** The eight hextets of an IPv6 address, without leading zeros. */
export function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two hextets.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail === undefined ? [] : tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array.from({ length: 8 - left.length - right.length }, () => '0');
  return [...left, ...zeros, ...right].map((part) => Number.parseInt(part || '0', 16).toString(16));
}

/** A bucket name that stores no address in the clear. */
export function hashedBucket(kind: 'ip' | 'device', value: string): string {
  return `${kind}-${createHash('sha256').update(`${kind}\0${value}`).digest('hex').slice(0, 32)}`;
}

export const SITE_BUCKET = 'site';

/** The start (ms) of the fixed window that `now` falls in. */
export function windowStart(now: number, windowMs: number): number {
  return Math.floor(now / windowMs) * windowMs;
}

/** Folder of one bucket's slots in one window: `w<start>/<bucket>/`. */
export function slotPrefix(bucket: string, now: number, windowMs: number): string {
  return `w${windowStart(now, windowMs)}/${bucket}/`;
}

/** The window's start from a top-level folder name (`w<start>/`), or null for anything else. */
export function windowOfFolder(folder: string): number | null {
  const match = /^w(\d{1,16})\/?$/.exec(folder);
  return match ? Number(match[1]) : null;
}

/** Free slot numbers of a window, in random order so racing attempts rarely collide. */
export function freeSlots(taken: ReadonlySet<number>, limit: number, random: () => number = Math.random): number[] {
  const free = Array.from({ length: limit }, (_, slot) => slot).filter((slot) => !taken.has(slot));
  for (let index = free.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [free[index], free[other]] = [free[other]!, free[index]!];
  }
  return free;
}
