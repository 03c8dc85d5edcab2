import { describe, expect, it } from 'vitest';
import { newestFirstKey, recordIdPattern, timeFromKey } from '../../src/server/storage/keys';

describe('newestFirstKey', () => {
  it('sorts later records before earlier ones', () => {
    const older = newestFirstKey(Date.UTC(2026, 0, 1));
    const newer = newestFirstKey(Date.UTC(2026, 0, 2));
    expect([older, newer].sort()).toEqual([newer, older]);
  });

  it('round-trips the time and matches the id pattern', () => {
    const now = Date.UTC(2026, 10, 21, 10, 30);
    const key = newestFirstKey(now);
    expect(key).toMatch(recordIdPattern);
    expect(timeFromKey(key)).toBe(now);
  });

  it('gives distinct keys within the same millisecond', () => {
    const keys = new Set(Array.from({ length: 500 }, () => newestFirstKey(1_700_000_000_000)));
    expect(keys.size).toBe(500);
  });
});
