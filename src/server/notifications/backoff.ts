import { type RetryPolicy, nextTry, retryDelay } from '../queue/retry';

// The outbox's bounds on the durable queue's one retry rule (docs/queue.md,
// docs/notifications.md): 1, 2, 4, ... minutes after each failed attempt, never more than an
// hour apart, for 24 hours from the lead (or from a resend); then 'failed'.

export const FIRST_DELAY_MS = 60_000;
export const MAX_DELAY_MS = 60 * 60_000;
export const RETRY_WINDOW_MS = 24 * 60 * 60_000;
/** A 'sending' claim older than this belongs to a sender that died: it may be claimed again. */
export const STALE_CLAIM_MS = 5 * 60_000;

/** No count of tries: a message is retried for its whole window. */
export const OUTBOX_RETRY: RetryPolicy = { firstDelayMs: FIRST_DELAY_MS, maxDelayMs: MAX_DELAY_MS };

/** The wait after the given number of failed attempts (1 = the first failure). */
export const retryDelayMs = (failedAttempts: number) => retryDelay(OUTBOX_RETRY, failedAttempts);

/** When to try again, or null when the retry window is over and the entry has failed for good. */
export const nextAttemptAfterFailure = (failedAttempts: number, now: Date, retryUntil: Date): Date | null =>
  nextTry(OUTBOX_RETRY, failedAttempts, now, retryUntil);
