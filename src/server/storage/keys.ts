import { randomBytes } from 'node:crypto';

// Blobs lists keys in ascending order, so a key made from (MAX - now) sorts the
// newest record first. 13 digits cover every millisecond timestamp until the year 2286.
const MAX_TIME = 9_999_999_999_999;

export function newestFirstKey(now: number = Date.now()): string {
  return newestFirstKeyWith(now, randomBytes(5).toString('hex'));
}

/** A newest-first key with a chosen 10-hex-digit tail: the same fact always gets the same key. */
export function newestFirstKeyWith(now: number, hex: string): string {
  if (!/^[0-9a-f]{10}$/.test(hex)) throw new Error('A key tail is 10 hex digits');
  const inverted = (MAX_TIME - now).toString().padStart(13, '0');
  return `${inverted}-${hex}`;
}

export function timeFromKey(key: string): number | null {
  const match = /^(\d{13})-[0-9a-f]{10}$/.exec(key);
  return match ? MAX_TIME - Number(match[1]) : null;
}

export const recordIdPattern = /^\d{13}-[0-9a-f]{10}$/;

// A record's blob key is its id under two folders taken from the id's leading digits:
// `8205/12/8205123456789-0a1b2c3d4e`. The first folder spans about 11.6 days, the
// second about 2.8 hours, so keys still sort newest first and a prefix names a slice
// of time. Why folders: listing one slice (a page of the admin list, or the ETag of
// one record before a conditional write) then touches that slice only, where a flat
// store is listed whole; the local Blobs server even reads the details of every file
// of every folder it walks, which at 50,000 records took seconds per call.
export const TIME_SLICE_DIGITS = 4;
const HOUR_SLICE_DIGITS = 2;
export const timeSlicePattern = /^\d{4}$/;

export function recordKey(id: string): string {
  const slice = id.slice(0, TIME_SLICE_DIGITS);
  const hours = id.slice(TIME_SLICE_DIGITS, TIME_SLICE_DIGITS + HOUR_SLICE_DIGITS);
  return `${slice}/${hours}/${id}`;
}

/** The oldest time a slice's records can have (ms): its ids' leading digits, inverted. */
export function sliceOldestTime(slice: string): number {
  return MAX_TIME - (Number(slice) + 1) * 10 ** (13 - TIME_SLICE_DIGITS) + 1;
}

/** The slice folder a record id belongs to (the first folder of its key). */
export function timeSliceOf(id: string): string {
  return id.slice(0, TIME_SLICE_DIGITS);
}

/** The record id a blob key holds, or null for any other key. */
export function idFromRecordKey(key: string): string | null {
  const id = key.slice(key.lastIndexOf('/') + 1);
  return recordIdPattern.test(id) && key === recordKey(id) ? id : null;
}

// Netlify Blobs refuses a key over 600 bytes, and the local store keeps each key part as
// a file name, which may not pass 255 bytes. A key the code builds from what a visitor
// typed must fit both, or every retry of the write fails the same way
// (docs/decisions/0033-bounded-keys-and-dead-letters.md).
export const MAX_KEY_BYTES = 600;
export const MAX_KEY_PART_BYTES = 255;

/** Why Blobs would refuse this key, or null when it fits (pure). */
export function keyProblem(key: string): string | null {
  const bytes = Buffer.byteLength(key);
  if (bytes > MAX_KEY_BYTES) return `the key is ${bytes} bytes (at most ${MAX_KEY_BYTES})`;
  const longest = Math.max(...key.split('/').map((part) => Buffer.byteLength(part)));
  if (longest > MAX_KEY_PART_BYTES) return `a part of the key is ${longest} bytes (at most ${MAX_KEY_PART_BYTES})`;
  return null;
}

/** Free text cut to at most `maxBytes` of UTF-8, never in the middle of a character (pure). */
export function cutToBytes(text: string, maxBytes: number): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  let out = '';
  let used = 0;
  for (const char of text) {
    const size = Buffer.byteLength(char);
    if (used + size > maxBytes) break;
    out += char;
    used += size;
  }
  return out;
}
