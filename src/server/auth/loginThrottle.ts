import { createHash } from 'node:crypto';
import { HttpError } from '../http/errors';
import { blobCall, collectionStore } from '../storage/blobs';
import { updateJson } from '../storage/atomicJson';
import { type AttemptWindow, blockedFor, withFailure } from './attemptWindow';

// Password guessing is throttled by the app itself, in Blobs, so every function
// instance sees the same counters (Netlify's rateLimit exists only when deployed).
const ATTEMPTS = 'admin-login-attempts';
export const PER_ADDRESS: AttemptWindow = { limit: 10, windowMs: 15 * 60_000 };
// Spraying from many addresses: past this many failures site-wide, logins pause.
export const SITE_WIDE: AttemptWindow = { limit: 100, windowMs: 15 * 60_000 };
const GLOBAL_KEY = 'all-addresses';

function addressKey(ip: string | null | undefined): string {
  return `ip-${createHash('sha256').update(ip ?? 'unknown').digest('hex').slice(0, 32)}`;
}

function failuresOf(value: unknown): number[] {
  const times = (value as { failures?: unknown } | null)?.failures;
  return Array.isArray(times) ? times.filter((time): time is number => typeof time === 'number') : [];
}

async function readFailures(key: string): Promise<number[]> {
  const store = collectionStore(ATTEMPTS);
  return failuresOf(await blobCall(() => store.get(key, { type: 'json' })));
}

/** 429 with Retry-After while this address (or the whole site) is over its limit. */
export async function assertLoginAllowed(ip: string | null | undefined, now: number = Date.now()): Promise<void> {
  const [own, all] = await Promise.all([readFailures(addressKey(ip)), readFailures(GLOBAL_KEY)]);
  const wait = Math.max(blockedFor(own, PER_ADDRESS, now), blockedFor(all, SITE_WIDE, now));
  if (wait > 0) {
    const seconds = Math.ceil(wait / 1000);
    throw new HttpError(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(seconds / 60)} minutes.`, undefined, {
      'retry-after': String(seconds),
    });
  }
}

export async function recordLoginFailure(ip: string | null | undefined, now: number = Date.now()): Promise<void> {
  await Promise.all([
    updateJson(ATTEMPTS, addressKey(ip), (current) => ({ failures: withFailure(failuresOf(current), PER_ADDRESS, now) })),
    updateJson(ATTEMPTS, GLOBAL_KEY, (current) => ({ failures: withFailure(failuresOf(current), SITE_WIDE, now) })),
  ]);
}

/** A right password clears the address's own count (not the site-wide one). */
export async function clearLoginFailures(ip: string | null | undefined): Promise<void> {
  const store = collectionStore(ATTEMPTS);
  await blobCall(() => store.delete(addressKey(ip)));
}
