import type { BookingDetailsPatch } from '../lib/schemas/adminApi';
import type { bookingStatuses } from '../lib/schemas/booking';
import { bookings } from './bookings';
import { contentEtag, satisfiesIfMatch } from './http/versions';

export type StoredBooking = NonNullable<Awaited<ReturnType<typeof bookings.get>>>;
type BookingStatus = (typeof bookingStatuses)[number];

export const bookingEtag = (booking: StoredBooking): string => contentEtag(booking);

/** The booking changed after the editor read it; `current` is how it is stored now. */
export class StaleBookingError extends Error {
  constructor(readonly current: StoredBooking) {
    super('This booking was changed by someone else meanwhile. Here it is as it is now: check it and make your change again.');
    this.name = 'StaleBookingError';
  }
}

/**
 * Changes a booking the owner works on. The If-Match check runs inside the conditional
 * write's change step, against the very version the write replaces: if anyone writes
 * in between, the write fails, is retried from a fresh read, and the check sees the
 * new version. So a stale edit never lands. Null when there is no such booking.
 */
async function changeBooking(id: string, ifMatch: readonly string[] | null, change: (booking: StoredBooking) => StoredBooking): Promise<StoredBooking | null> {
  return bookings.update(id, (current) => {
    if (!satisfiesIfMatch(ifMatch, bookingEtag(current))) throw new StaleBookingError(current);
    return change(current);
  });
}

/** SPEC 4: any status at any time, no enforced order. */
export function setBookingStatus(id: string, status: BookingStatus, ifMatch: readonly string[] | null) {
  return changeBooking(id, ifMatch, (booking) => ({ ...booking, status }));
}

/** Only the fields of the patch schema (name, mobile, stage, notes); money and status never change here. */
export function editBookingDetails(id: string, patch: BookingDetailsPatch, ifMatch: readonly string[] | null) {
  const { fullName, mobile, currentStage, notes } = patch;
  return changeBooking(id, ifMatch, (booking) => ({
    ...booking,
    ...(fullName === undefined ? {} : { fullName }),
    ...(mobile === undefined ? {} : { mobile }),
    ...(currentStage === undefined ? {} : { currentStage }),
    ...(notes === undefined ? {} : { notes }),
  }));
}
