// Pure sliding-window arithmetic for login throttling: a list of failure times, kept
// short, from which "blocked until" follows.

export interface AttemptWindow {
  limit: number;
  windowMs: number;
}

/** Failures still inside the window, oldest first, at most `limit` of them. */
export function recentFailures(times: readonly number[], rule: AttemptWindow, now: number): number[] {
  return times
    .filter((time) => Number.isFinite(time) && time > now - rule.windowMs && time <= now)
    .sort((a, b) => a - b)
    .slice(-rule.limit);
}

/** Milliseconds until another attempt is allowed, or 0 when it is allowed now. */
export function blockedFor(times: readonly number[], rule: AttemptWindow, now: number): number {
  const recent = recentFailures(times, rule, now);
  if (recent.length < rule.limit) return 0;
  // Blocked until the oldest of the last `limit` failures leaves the window.
  return Math.max(0, recent[0]! + rule.windowMs - now);
}

export function withFailure(times: readonly number[], rule: AttemptWindow, now: number): number[] {
  return recentFailures([...times, now], rule, now);
}
