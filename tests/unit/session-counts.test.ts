import { describe, expect, it } from 'vitest';
import { countSessions, describeSessionsUsed } from '../../src/lib/sessionCounts';

describe('a client’s sessions used, booked and missed', () => {
  it('a booked session is not used: one booked and none held reads "0 of 3 sessions, 1 booked"', () => {
    const counts = countSessions(1, ['booked']);
    expect(counts).toEqual({ held: 0, booked: 1, missed: 0 });
    expect(describeSessionsUsed(counts, 3)).toBe('0 of 3 sessions, 1 booked');
  });

  it('only held sessions are used; a no-show is missed, still on its seat', () => {
    const counts = countSessions(3, ['held', 'booked', 'no-show']);
    expect(counts).toEqual({ held: 1, booked: 1, missed: 1 });
    expect(describeSessionsUsed(counts, 3)).toBe('1 of 3 sessions, 1 booked, 1 missed');
    expect(describeSessionsUsed(countSessions(1, ['held']), 1)).toBe('1 of 1 session');
  });

  it('a seat whose session is not stored yet counts as booked; nothing booked says nothing more', () => {
    expect(countSessions(2, ['held'])).toEqual({ held: 1, booked: 1, missed: 0 });
    expect(describeSessionsUsed(countSessions(0, []), 4)).toBe('0 of 4 sessions');
  });
});
