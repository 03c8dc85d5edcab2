import { announcePayment } from './notices';
import { bookings, payments } from '../leads';
import { bookingPaymentStatusAfter, captured, failed, type Confirmation } from './transitions';

type StoredPayment = NonNullable<Awaited<ReturnType<typeof payments.get>>>;

/**
 * Marks a payment captured and its booking paid. Safe to run any number of times and
 * from both the browser's verify and the webhook: whichever comes second finds the
 * work done, and a half-finished earlier run (payment saved, booking not) is completed.
 */
export async function confirmPayment(payment: StoredPayment, confirmation: Confirmation): Promise<StoredPayment> {
  const saved = (await payments.update(payment.id, (current) => captured(current, confirmation))) ?? payment;
  await bookings.update(saved.bookingId, (booking) => ({
    ...booking,
    paymentStatus: bookingPaymentStatusAfter(booking.paymentStatus, 'captured'),
  }));
  await announcePayment(saved);
  return saved;
}

/** A failed attempt: recorded unless the order was already paid (never moves paid back). */
export async function recordFailure(
  payment: StoredPayment,
  razorpayPaymentId: string,
  reason: string | null,
): Promise<StoredPayment> {
  const saved = (await payments.update(payment.id, (current) => failed(current, razorpayPaymentId, reason))) ?? payment;
  if (saved.status === 'failed') {
    await bookings.update(saved.bookingId, (booking) => ({
      ...booking,
      paymentStatus: bookingPaymentStatusAfter(booking.paymentStatus, 'failed'),
    }));
    await announcePayment(saved);
  }
  return saved;
}
