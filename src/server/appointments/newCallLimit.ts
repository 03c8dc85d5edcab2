import { business } from '../../lib/business';
import { type AttemptRule, limitPerAddress, pruneEndedWindows } from '../http/rateLimit';

// New calls per client address: one client could otherwise book every free slot of two weeks
// in seconds. Counted by the site itself in Blobs over an hour: Netlify's rateLimit (applied by
// the local server too, docs/local-server.md) counts a minute per function, far too short for
// this. Every attempt to book a new call counts, booked or refused; moving and cancelling a
// call do not.

const NEW_CALL_ATTEMPTS = 'appointment-attempts';

/** At most 3 new calls per address (IPv6 per /64) per hour. */
export const NEW_CALLS_PER_ADDRESS: AttemptRule = { limit: 3, windowMs: 3_600_000 };

/** Counts one new call for this address, or 429 with Retry-After. */
export function countNewCall(ip: string | null | undefined, now: number = Date.now()): Promise<void> {
  return limitPerAddress(
    NEW_CALL_ATTEMPTS,
    ip,
    NEW_CALLS_PER_ADDRESS,
    (minutes) =>
      `Too many calls booked from this connection. Please try again in ${minutes} minutes, or call ${business.contact.phone}.`,
    now,
  );
}

/** Deletes the counts of hours that have ended (run after the answer). */
export const pruneNewCallWindows = (now: number = Date.now()) =>
  pruneEndedWindows(NEW_CALL_ATTEMPTS, NEW_CALLS_PER_ADDRESS.windowMs, now);
