import { blobCall, collectionStore } from '../storage/blobs';
import { addressScope, freeSlots, hashedBucket, slotPrefix, windowOfFolder, windowStart } from './attemptBuckets';
import { HttpError } from './errors';
import type { StoreName } from '../../lib/privacy/inventory';

// The site's own rate limits, in Blobs, so every function instance sees the same counts
// (Netlify's rateLimit, which the local server applies too, is a minute window per function;
// these limits need longer windows and their own buckets: docs/local-server.md).
// Every limit (sign-in guesses, new calls per client, sign-in challenges) takes its
// places here, so a new feature inherits the same rule: a place is one numbered slot
// of the bucket's current window, taken with a create-only write, so however many
// requests race across however many instances, at most `limit` get past.

export interface AttemptRule {
  limit: number;
  windowMs: number;
}

export type Taken = { key: string } | { retryAfterMs: number };

/** Takes one place of `bucket` in the window `now` falls in, or says how long until one frees. */
export async function takeSlot(storeName: StoreName, bucket: string, rule: AttemptRule, now: number): Promise<Taken> {
  const store = collectionStore(storeName);
  const prefix = slotPrefix(bucket, now, rule.windowMs);
  const retryAfterMs = windowStart(now, rule.windowMs) + rule.windowMs - now;
  // The listing only saves calls; the create-only write is what decides.
  const { blobs } = await blobCall(() => store.list({ prefix }));
  const taken = new Set(blobs.map((blob) => Number(blob.key.slice(prefix.length))));
  for (const slot of freeSlots(taken, rule.limit)) {
    const key = `${prefix}${slot}`;
    const { modified } = await blobCall(() =>
      store.setJSON(key, { at: new Date(now).toISOString() }, { onlyIfNew: true }),
    );
    if (modified) return { key };
  }
  return { retryAfterMs };
}

/** Gives places back (an attempt that turned out not to count). */
export async function releaseSlots(storeName: StoreName, keys: readonly string[]): Promise<void> {
  const store = collectionStore(storeName);
  await Promise.all(keys.map((key) => blobCall(() => store.delete(key))));
}

/** 429 with Retry-After in whole seconds. */
export function tooManyRequests(message: string, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, message, undefined, { 'retry-after': String(seconds) });
}

/** Minutes to say in a message for a wait of `retryAfterMs`. */
export const minutesOf = (retryAfterMs: number) => Math.max(1, Math.ceil(retryAfterMs / 60_000));

/**
 * One place for this client address (IPv6 counted per /64) under `rule`, or 429 with
 * Retry-After. `message` says what was refused, given the minutes to wait.
 */
export async function limitPerAddress(
  storeName: StoreName,
  ip: string | null | undefined,
  rule: AttemptRule,
  message: (minutes: number) => string,
  now: number = Date.now(),
): Promise<void> {
  const taken = await takeSlot(storeName, hashedBucket('ip', addressScope(ip)), rule, now);
  if ('retryAfterMs' in taken) throw tooManyRequests(message(minutesOf(taken.retryAfterMs)), taken.retryAfterMs);
}

/**
 * Deletes the places of windows that ended (run after an answer or by the minute job).
 * Every limit of one store has one window length, so a folder older than the current
 * window is done with.
 */
export async function pruneEndedWindows(
  storeName: StoreName,
  windowMs: number,
  now: number = Date.now(),
): Promise<number> {
  const store = collectionStore(storeName);
  const current = windowStart(now, windowMs);
  const { directories } = await blobCall(() => store.list({ directories: true }));
  let deleted = 0;
  for (const folder of directories) {
    const start = windowOfFolder(folder);
    if (start === null || start >= current) continue;
    const { blobs } = await blobCall(() => store.list({ prefix: `${folder.replace(/\/?$/, '/')}` }));
    await Promise.all(blobs.map((blob) => blobCall(() => store.delete(blob.key))));
    deleted += blobs.length;
  }
  return deleted;
}
