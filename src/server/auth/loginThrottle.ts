import { HttpError } from '../http/errors';
import { blobCall, collectionStore } from '../storage/blobs';
import { SITE_BUCKET, addressScope, freeSlots, hashedBucket, slotPrefix, windowOfFolder, windowStart } from './attemptBuckets';

// Password guessing is throttled by the app itself, in Blobs, so every function
// instance sees the same counts (Netlify's rateLimit exists only when deployed).
//
// An attempt is reserved before the password is compared: it takes one numbered slot
// of its bucket's current window with a create-only write. A window has `limit`
// slots, so however many attempts race, across however many instances, at most
// `limit` get past; the rest get 429. A right password gives its slots back; a wrong
// one leaves them taken until the window ends.
const ATTEMPTS = 'admin-login-attempts';

export interface AttemptRule {
  limit: number;
  windowMs: number;
}

export const PER_ADDRESS: AttemptRule = { limit: 10, windowMs: 15 * 60_000 };
// Spraying from many addresses: past this many attempts site-wide, logins from
// browsers the site does not know pause. Known devices are never counted here.
export const SITE_WIDE: AttemptRule = { limit: 100, windowMs: 15 * 60_000 };
// A browser that signed in before (device cookie) has its own count, and only that.
export const PER_DEVICE: AttemptRule = { limit: 10, windowMs: 15 * 60_000 };

export interface Reservation {
  keys: string[];
}

type Taken = { key: string } | { retryAfterMs: number };

async function takeSlot(bucket: string, rule: AttemptRule, now: number): Promise<Taken> {
  const store = collectionStore(ATTEMPTS);
  const prefix = slotPrefix(bucket, now, rule.windowMs);
  const retryAfterMs = windowStart(now, rule.windowMs) + rule.windowMs - now;
  // The listing only saves calls; the create-only write is what decides.
  const { blobs } = await blobCall(() => store.list({ prefix }));
  const taken = new Set(blobs.map((blob) => Number(blob.key.slice(prefix.length))));
  for (const slot of freeSlots(taken, rule.limit)) {
    const key = `${prefix}${slot}`;
    const { modified } = await blobCall(() => store.setJSON(key, { at: new Date(now).toISOString() }, { onlyIfNew: true }));
    if (modified) return { key };
  }
  return { retryAfterMs };
}

function tooMany(retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpError(429, `Too many sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`, undefined, {
    'retry-after': String(seconds),
  });
}

/**
 * Reserves this attempt before the password is compared, or throws 429. A known
 * device counts only against itself; anyone else against their address (IPv6 per
 * /64) and the site-wide cap.
 */
export async function reserveLoginAttempt(client: { ip?: string | null; deviceId?: string | null }, now: number = Date.now()): Promise<Reservation> {
  const buckets: Array<[string, AttemptRule]> = client.deviceId
    ? [[hashedBucket('device', client.deviceId), PER_DEVICE]]
    : [
        [hashedBucket('ip', addressScope(client.ip)), PER_ADDRESS],
        [SITE_BUCKET, SITE_WIDE],
      ];
  const results = await Promise.all(buckets.map(([bucket, rule]) => takeSlot(bucket, rule, now)));
  const keys = results.flatMap((result) => ('key' in result ? [result.key] : []));
  const refused = results.flatMap((result) => ('retryAfterMs' in result ? [result.retryAfterMs] : []));
  if (refused.length > 0) {
    // An attempt that does not happen counts nowhere.
    await releaseLoginAttempt({ keys });
    throw tooMany(Math.max(...refused));
  }
  return { keys };
}

/** A right password: the attempt's slots are free again. */
export async function releaseLoginAttempt(reservation: Reservation): Promise<void> {
  const store = collectionStore(ATTEMPTS);
  await Promise.all(reservation.keys.map((key) => blobCall(() => store.delete(key))));
}

/**
 * Deletes the slots of windows that have ended (run after the answer). Every rule
 * has the same window, so a folder older than the current window is done with.
 */
export async function pruneEndedWindows(now: number = Date.now()): Promise<number> {
  const store = collectionStore(ATTEMPTS);
  const current = windowStart(now, PER_ADDRESS.windowMs);
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
