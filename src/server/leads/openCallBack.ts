import type { Booking } from '../../lib/schemas/booking';
import type { RecordMeta } from '../../lib/schemas/recordMeta';
import { activeAppointmentOf } from '../booking';
import { bookings } from './bookings';
import { identityOf, leadRecordsOf } from './personRecords';

// One person, one thread (docs/decisions/0042-one-person-view.md): a visitor who asked for a
// call back and then picks a time from another form books that time on their call-back
// request, not on a second record, so the call carries the stage the request gave and the
// request's promise ends with the call booked.

/** A call-back request older than this is a new conversation: a time picked then is a request of its own. */
export const OPEN_CALL_BACK_DAYS = 30;
const DAY_MS = 86_400_000;

type StoredBooking = Booking & RecordMeta;

/** Whether a stored booking is a call-back request still waiting for its call (pure). */
export function isOpenCallBack(booking: StoredBooking, now: Date): boolean {
  return (
    booking.bookingType === 'discovery_call' &&
    booking.status === 'pending' &&
    booking.source !== 'package-popup' &&
    now.getTime() - Date.parse(booking.createdAt) < OPEN_CALL_BACK_DAYS * DAY_MS
  );
}

/**
 * The person's newest call-back request with no call booked, or null. A mailbox the visitor
 * gives with the time is written on the request first when it had none, so the call's
 * confirmation reaches them and the request is found by that mailbox too.
 */
export async function openCallBackOf(
  visitor: { phone: string; email?: string | null | undefined },
  now: Date = new Date(),
): Promise<StoredBooking | null> {
  const records = await leadRecordsOf(identityOf(visitor));
  for (const lead of records) {
    if (lead.kind !== 'booking') continue;
    const booking = lead.record as unknown as StoredBooking;
    if (!isOpenCallBack(booking, now) || (await activeAppointmentOf(booking.id))) continue;
    if (booking.email || !visitor.email) return booking;
    const email = visitor.email;
    return (
      (await bookings.update(booking.id, (current) => (current.email ? current : { ...current, email }))) ?? booking
    );
  }
  return null;
}
