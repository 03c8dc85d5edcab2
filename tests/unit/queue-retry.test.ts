import { describe, expect, test } from 'vitest';
import { doublingDelayMs, isDue, nextTry } from '../../src/server/queue/retry';
import { claimIsLive } from '../../src/server/queue/lease';

const MINUTE = 60_000;
const now = new Date('2026-11-27T10:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);

describe("the durable queue's retry rule", () => {
  test('doubles from the first wait and never passes the longest', () => {
    expect([1, 2, 3, 4, 5, 6].map((failures) => doublingDelayMs(failures, MINUTE, 10 * MINUTE) / MINUTE)).toEqual([
      1, 2, 4, 8, 10, 10,
    ]);
    expect(doublingDelayMs(500, MINUTE, 60 * MINUTE)).toBe(60 * MINUTE);
  });

  test('a queue that counts tries sets the work aside after its last one', () => {
    const policy = { firstDelayMs: MINUTE, maxDelayMs: 30 * MINUTE, maxAttempts: 3 };
    expect(nextTry(policy, 1, now)).toEqual(at(MINUTE));
    expect(nextTry(policy, 2, now)).toEqual(at(2 * MINUTE));
    expect(nextTry(policy, 3, now)).toBeNull();
  });

  test('a queue with a window retries until it ends, the last try at its very end', () => {
    const policy = { firstDelayMs: MINUTE, maxDelayMs: 60 * MINUTE };
    const until = at(90 * MINUTE);
    expect(nextTry(policy, 40, now, until)).toEqual(at(60 * MINUTE));
    expect(nextTry(policy, 40, at(80 * MINUTE), until)).toEqual(until);
    expect(nextTry(policy, 41, until, until)).toBeNull();
  });

  test('work is due once its send-after time has come (or when it has none)', () => {
    expect(isDue(null, now)).toBe(true);
    expect(isDue(now.toISOString(), now)).toBe(true);
    expect(isDue(at(1).toISOString(), now)).toBe(false);
  });

  test('a claim is live until it expires', () => {
    expect(claimIsLive(null, now, MINUTE)).toBe(false);
    expect(claimIsLive(at(-MINUTE + 1).toISOString(), now, MINUTE)).toBe(true);
    expect(claimIsLive(at(-MINUTE).toISOString(), now, MINUTE)).toBe(false);
  });
});
