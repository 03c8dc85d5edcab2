import { SITE_BUCKET, addressScope, hashedBucket } from '../http/attemptBuckets';
import {
  type AttemptRule,
  minutesOf,
  pruneEndedWindows,
  releaseSlots,
  takeSlot,
  tooManyRequests,
} from '../http/rateLimit';

// Password guessing is throttled by the site itself (src/server/http/rateLimit.ts).
// An attempt is reserved before the password is compared, so however many attempts
// race, at most `limit` get past; the rest get 429. A right password gives its places
// back; a wrong one leaves them taken until the window ends.
const ATTEMPTS = 'admin-login-attempts';

export const PER_ADDRESS: AttemptRule = { limit: 10, windowMs: 15 * 60_000 };
// Spraying from many addresses: past this many attempts site-wide, logins from
// browsers the site does not know pause. Known devices are never counted here.
export const SITE_WIDE: AttemptRule = { limit: 100, windowMs: 15 * 60_000 };
// A browser that signed in before (device cookie) has its own count, and only that.
export const PER_DEVICE: AttemptRule = { limit: 10, windowMs: 15 * 60_000 };

export interface Reservation {
  keys: string[];
}

/**
 * Reserves this attempt before the password is compared, or throws 429. A known
 * device counts only against itself; anyone else against their address (IPv6 per
 * /64) and the site-wide cap.
 */
export async function reserveLoginAttempt(
  client: { ip?: string | null; deviceId?: string | null },
  now: number = Date.now(),
): Promise<Reservation> {
  const buckets: Array<[string, AttemptRule]> = client.deviceId
    ? [[hashedBucket('device', client.deviceId), PER_DEVICE]]
    : [
        [hashedBucket('ip', addressScope(client.ip)), PER_ADDRESS],
        [SITE_BUCKET, SITE_WIDE],
      ];
  const results = await Promise.all(buckets.map(([bucket, rule]) => takeSlot(ATTEMPTS, bucket, rule, now)));
  const keys = results.flatMap((result) => ('key' in result ? [result.key] : []));
  const refused = results.flatMap((result) => ('retryAfterMs' in result ? [result.retryAfterMs] : []));
  if (refused.length > 0) {
    // An attempt that does not happen counts nowhere.
    await releaseLoginAttempt({ keys });
    const wait = Math.max(...refused);
    throw tooManyRequests(`Too many sign-in attempts. Try again in ${minutesOf(wait)} minutes.`, wait);
  }
  return { keys };
}

/** A right password: the attempt's slots are free again. */
export async function releaseLoginAttempt(reservation: Reservation): Promise<void> {
  await releaseSlots(ATTEMPTS, reservation.keys);
}

/** Deletes the slots of windows that have ended (run after the answer). */
export const pruneLoginWindows = (now: number = Date.now()) => pruneEndedWindows(ATTEMPTS, PER_ADDRESS.windowMs, now);
