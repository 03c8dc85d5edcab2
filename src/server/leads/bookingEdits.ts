import type { BookingDetailsPatch } from '../../lib/schemas/adminApi';
import type { bookingStatuses } from '../../lib/schemas/booking';
import { bookings } from './bookings';
import { contentEtag, ifMatchChange } from '../http/versions';

export type StoredBooking = NonNullable<Awaited<ReturnType<typeof bookings.get>>>;
type BookingStatus = (typeof bookingStatuses)[number];

export const bookingEtag = (booking: StoredBooking): string => contentEtag(booking);

/** Changes a booking the owner works on, guarded by If-Match (a stale edit is a 412). Null when there is no such booking. */
function changeBooking(
  id: string,
  ifMatch: readonly string[] | null,
  change: (booking: StoredBooking) => StoredBooking,
): Promise<StoredBooking | null> {
  return bookings.update(id, ifMatchChange(ifMatch, 'booking', change));
}

/** Any status at any time, no enforced order (docs/admin.md, "The dashboard"). */
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
