// How every piece of queued work is retried (docs/queue.md): after each failed try it waits
// `firstDelayMs`, then twice that, and so on, never more than `maxDelayMs`; it is set aside
// (a dead letter the owner sees, with its error) after `maxAttempts` tries, or once its retry
// window (`retryUntil`) is over, whichever a queue sets. One rule, each queue its own bounds.

export interface RetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** Tries before the work is set aside; unlimited within its window when absent. */
  maxAttempts?: number;
}

/** The wait after `failedAttempts` failures (1 = the first): `firstDelayMs`, then doubling, never more than `maxDelayMs`. */
export function doublingDelayMs(failedAttempts: number, firstMs: number, maxMs: number): number {
  // Past about ten doublings every bound here is reached; stop before the number grows silly.
  return Math.min(firstMs * 2 ** Math.min(Math.max(0, failedAttempts - 1), 10), maxMs);
}

export const retryDelay = (policy: RetryPolicy, failedAttempts: number) =>
  doublingDelayMs(failedAttempts, policy.firstDelayMs, policy.maxDelayMs);

/**
 * When to try again after `failedAttempts` failures, or null when the work is to be set
 * aside: its tries are used up, or its window is over. The last try of a window happens at
 * its end rather than never.
 */
export function nextTry(policy: RetryPolicy, failedAttempts: number, now: Date, retryUntil?: Date): Date | null {
  if (policy.maxAttempts !== undefined && failedAttempts >= policy.maxAttempts) return null;
  if (retryUntil && now.getTime() >= retryUntil.getTime()) return null;
  const next = new Date(now.getTime() + retryDelay(policy, failedAttempts));
  return retryUntil && next.getTime() > retryUntil.getTime() ? retryUntil : next;
}

/** Whether work that waits for `nextAttemptAt` (its send-after time) may run now. */
export const isDue = (nextAttemptAt: string | null | undefined, now: Date) =>
  !nextAttemptAt || Date.parse(nextAttemptAt) <= now.getTime();
