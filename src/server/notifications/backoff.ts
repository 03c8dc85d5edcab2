import { doublingDelayMs } from '../followUp/backoff';

// Retry policy (docs/notifications.md): 1, 2, 4, ... minutes after each failed attempt, never more
// than an hour apart, for 24 hours from the lead (or from a resend); then 'failed'.

export const FIRST_DELAY_MS = 60_000;
export const MAX_DELAY_MS = 60 * 60_000;
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** A 'sending' claim older than this belongs to a sender that died: it may be claimed again. */
export const STALE_CLAIM_MS = 5 * 60_000;

/** The wait after the given number of failed attempts (1 = the first failure). */
export const retryDelayMs = (failedAttempts: number) => doublingDelayMs(failedAttempts, FIRST_DELAY_MS, MAX_DELAY_MS);

/** When to try again, or null when the retry window is over and the entry has failed for good. */
export function nextAttemptAfterFailure(failedAttempts: number, now: Date, retryUntil: Date): Date | null {
  if (now.getTime() >= retryUntil.getTime()) return null;
  const next = new Date(now.getTime() + retryDelayMs(failedAttempts));
  // The last try happens at the end of the window rather than never.
  return next.getTime() > retryUntil.getTime() ? retryUntil : next;
}
