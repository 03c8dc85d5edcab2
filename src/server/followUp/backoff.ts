/**
 * The wait after `failedAttempts` failures (1 = the first): `firstMs`, then doubling, never
 * more than `maxMs`. Every retried piece of work (follow-up events, outbox messages) backs
 * off by this one rule, each with its own bounds.
 */
export function doublingDelayMs(failedAttempts: number, firstMs: number, maxMs: number): number {
  // Past about ten doublings every bound here is reached; stop before the number grows silly.
  return Math.min(firstMs * 2 ** Math.min(Math.max(0, failedAttempts - 1), 10), maxMs);
}
