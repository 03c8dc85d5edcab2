import { eachUntil } from '../storage/eachUntil';
import type { Booking } from '../../lib/schemas/booking';
import type { Payment } from '../../lib/schemas/payment';
import type { RecordMeta } from '../storage/collection';
import { countConversion } from '../sources';
import { paymentEvent } from './leadEvents';

const AT_ONCE = 16;

/**
 * The owner's recount: every captured payment goes through the same claims as its
 * follow-up, under an event id of the recount's. A payment or paying client that was
 * counted keeps its claim, so nothing counts twice; one whose count was lost (its event
 * failed for good) is counted now, on the day it was paid. The records come from the
 * recount's one scan. Returns the payments checked.
 */
export async function restoreConversions(
  everyPayment: ReadonlyArray<Payment & RecordMeta>,
  everyBooking: ReadonlyArray<Booking & RecordMeta>,
): Promise<number> {
  // The source is the booking's, as paymentEventWithSource finds it, from the scan in hand.
  const sourceOf = new Map(everyBooking.map((booking) => [booking.id, booking.attribution ?? null]));
  const captured = everyPayment.filter((payment) => payment.status === 'captured');
  await eachUntil(captured, AT_ONCE, Infinity, (payment) =>
    countConversion(`recount-${payment.id}`, paymentEvent(payment, sourceOf.get(payment.bookingId) ?? null)),
  );
  return captured.length;
}
