import { describe, expect, it } from 'vitest';
import {
  idFromRecordKey,
  newestFirstKey,
  recordIdPattern,
  recordKey,
  timeFromKey,
  timeSliceOf,
} from '../../src/server/storage/keys';

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

describe('record keys', () => {
  it('put a record under two time folders taken from its id, and give the id back', () => {
    const id = newestFirstKey(Date.UTC(2026, 10, 21));
    const key = recordKey(id);
    expect(key).toBe(`${id.slice(0, 4)}/${id.slice(4, 6)}/${id}`);
    expect(timeSliceOf(id)).toBe(id.slice(0, 4));
    expect(idFromRecordKey(key)).toBe(id);
    expect(idFromRecordKey(id)).toBeNull();
    expect(idFromRecordKey(`9999/99/${id}`)).toBeNull();
  });

  it('keep newest-first order across folders', () => {
    const times = [Date.UTC(2024, 0, 1), Date.UTC(2025, 5, 1), Date.UTC(2026, 10, 21), Date.UTC(2026, 10, 21, 3)];
    const keys = times.map((time) => recordKey(newestFirstKey(time)));
    expect([...keys].sort()).toEqual([...keys].reverse());
  });
});
