import type { SessionStatus } from './schemas/client';

// What a client's sessions add up to (docs/payments.md, "The client space and paid sessions"). A seat is
// taken when a session is booked and given back when it is cancelled, so the seats are every session
// booked, held or missed. Only a held session is used: a booked one has not happened yet.

export interface SessionCounts {
  /** Held: the sessions used. */
  held: number;
  /** Booked and not yet marked held or missed (a past one the owner has not marked yet included). */
  booked: number;
  /** Marked as a no-show: the seat stays taken. */
  missed: number;
}

/**
 * Counts a client's seats by what became of their sessions. `statuses` are those of the seats'
 * sessions that could be read; a seat whose session is not stored yet (a booking under way) is booked.
 */
export function countSessions(seats: number, statuses: readonly SessionStatus[]): SessionCounts {
  const held = statuses.filter((status) => status === 'held').length;
  const missed = statuses.filter((status) => status === 'no-show').length;
  return { held, missed, booked: Math.max(0, seats - held - missed) };
}

const sessionsWord = (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'}`;

/** "0 of 3 sessions, 1 booked": the owner's line for a client's sessions used. */
export function describeSessionsUsed(counts: SessionCounts, total: number): string {
  return [
    `${counts.held} of ${sessionsWord(total)}`,
    counts.booked > 0 ? `${counts.booked} booked` : null,
    counts.missed > 0 ? `${counts.missed} missed` : null,
  ]
    .filter(Boolean)
    .join(', ');
}
