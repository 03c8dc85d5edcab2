import type { Payment } from '../../lib/schemas/payment';
import { bookings, type LeadEvent, paymentEvent } from '../leads';
import { recordNotice } from '../followUp/publish';
import type { RecordMeta } from '../storage/collection';

/**
 * Announces a payment whose stored status is now captured or failed, through a follow-up
 * event stored before the caller answers. Safe to call from both verify and the webhook,
 * any number of times: the outbox keys entries by payment and event, so each payment is
 * announced once per outcome.
 */
export async function announcePayment(payment: Payment & RecordMeta): Promise<void> {
  if (payment.status !== 'captured' && payment.status !== 'failed') return;
  const lead = await paymentEventWithSource(payment);
  await recordNotice({ lead });
}

/** The payment's event, with the source of the booking (the visit that led to the payment). */
export async function paymentEventWithSource(payment: Payment & RecordMeta): Promise<LeadEvent> {
  const booking = await bookings.get(payment.bookingId).catch(() => null);
  return paymentEvent(payment, booking?.attribution ?? null);
}
