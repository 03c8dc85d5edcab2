// A sliding-window request counter, the one algorithm Netlify's `rateLimit` rules have
// (zip-it-and-ship-it writes `sliding_window` into every rule; see docs/local-server.md).
// The window is exact: a bucket keeps the times of the requests it let through, and a
// request is let through while fewer than `limit` of them are younger than the window.
// A refused request is not kept, so `retryAfterMs` is exactly when the next one gets in.
// Pure: the clock is passed in, so tests move time instead of sleeping.

/** How often buckets nobody has used for a whole window are dropped. */
const SWEEP_EVERY_MS = 60_000;

/**
 * @typedef {{ limit: number, windowMs: number }} WindowRule
 * @typedef {{ allowed: true } | { allowed: false, retryAfterMs: number }} Decision
 */

export class SlidingWindowLimiter {
  /** @type {Map<string, { windowMs: number, times: number[] }>} oldest time first */
  #buckets = new Map();
  #now;
  #lastSweep;

  /** @param {{ now?: () => number }} [options] milliseconds, e.g. Date.now */
  constructor({ now = Date.now } = {}) {
    this.#now = now;
    this.#lastSweep = now();
  }

  /**
   * Counts one request in `bucket`, or refuses it when the window is full.
   * @param {string} bucket
   * @param {WindowRule} rule
   * @returns {Decision}
   */
  take(bucket, { limit, windowMs }) {
    const now = this.#now();
    this.#sweep(now);
    let entry = this.#buckets.get(bucket);
    if (!entry) {
      entry = { windowMs, times: [] };
      this.#buckets.set(bucket, entry);
    }
    const { times } = entry;
    let expired = 0;
    while (expired < times.length && now - /** @type {number} */ (times[expired]) >= windowMs) expired += 1;
    if (expired > 0) times.splice(0, expired);
    if (times.length < limit) {
      times.push(now);
      return { allowed: true };
    }
    // With a limit of 0 nothing is ever let through: a whole window is the honest answer.
    const oldest = times[0];
    return { allowed: false, retryAfterMs: oldest === undefined ? windowMs : oldest + windowMs - now };
  }

  /** Buckets held in memory (for tests of the sweep). */
  get size() {
    return this.#buckets.size;
  }

  /** @param {number} now */
  #sweep(now) {
    if (now - this.#lastSweep < SWEEP_EVERY_MS) return;
    this.#lastSweep = now;
    for (const [bucket, { windowMs, times }] of this.#buckets) {
      const newest = times[times.length - 1];
      if (newest === undefined || now - newest >= windowMs) this.#buckets.delete(bucket);
    }
  }
}
