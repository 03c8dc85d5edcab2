import { createHash } from 'node:crypto';
import { z } from 'zod';
import { paymentLinkId } from '../../lib/schemas/paymentRequest';
import type { Payment } from '../../lib/schemas/payment';
import { bookings, payments } from '../leads';
import {
  announcePayment,
  recordIdForRazorpayPayment,
  rememberOrder,
  bookingPaymentStatusAfter,
  type WebhookOutcome,
} from '../payments';
import { newestFirstKeyWith, recordIdPattern } from '../storage/keys';
import { paymentRequests } from './store';
import { closed, paid } from './transitions';

// Razorpay's Payment Link events, as its webhook sends them: the link, and for
// payment_link.paid the order Razorpay made for it and the captured payment.
const linkEventSchema = z.object({
  event: z.enum(['payment_link.paid', 'payment_link.expired', 'payment_link.cancelled']),
  payload: z.object({
    payment_link: z.object({
      entity: z.object({ id: paymentLinkId, reference_id: z.string().nullable().optional(), status: z.string() }),
    }),
    order: z.object({ entity: z.object({ id: z.string().regex(/^order_[A-Za-z0-9]{6,40}$/) }) }).optional(),
    payment: z
      .object({
        entity: z.object({
          id: z.string().regex(/^pay_[A-Za-z0-9]{6,40}$/),
          amount: z.number().int(),
          currency: z.string(),
          status: z.string(),
          order_id: z.string().nullable().optional(),
          created_at: z.number().int().optional(),
        }),
      })
      .optional(),
  }),
});

export const isPaymentLinkEvent = (event: string) => event.startsWith('payment_link.');

/** Our payment record's id for a Razorpay payment: the same payment always gets the same id. */
export function linkPaymentRecordId(razorpayPaymentId: string, paidAt: Date): string {
  return newestFirstKeyWith(
    paidAt.getTime(),
    createHash('sha256').update(razorpayPaymentId).digest('hex').slice(0, 10),
  );
}

/**
 * Applies a payment link event. Every write is conditional or create-only, so the same
 * payment delivered twice (two event ids, two instances at once) records one payment:
 * the record's id comes from Razorpay's payment id, the request and the booking move
 * with onlyIfMatch, and the announcement's outbox entries are keyed by that payment.
 */
export async function applyPaymentLinkEvent(value: unknown, now: Date): Promise<WebhookOutcome> {
  const parsed = linkEventSchema.safeParse(value);
  if (!parsed.success) return { status: 'ignored', reason: 'unrecognised payment link payload' };
  const { event, payload } = parsed.data;
  const link = payload.payment_link.entity;
  const requestId = link.reference_id ?? '';
  const request = recordIdPattern.test(requestId) ? await paymentRequests.get(requestId) : null;
  if (!request || request.linkId !== link.id) return { status: 'ignored', reason: 'unknown payment link' };

  if (event !== 'payment_link.paid') {
    const status = event === 'payment_link.expired' ? 'expired' : 'cancelled';
    if (request.status === 'created')
      await paymentRequests.update(request.id, (current) => closed(current, status, now));
    return { status: 'processed' };
  }

  const entity = payload.payment?.entity;
  const orderId = payload.order?.entity.id ?? entity?.order_id ?? null;
  if (!entity || !orderId) return { status: 'ignored', reason: 'no payment in payload' };
  // The amount is Razorpay's, checked against what the owner asked for; the browser never says.
  if (entity.amount !== request.amountPaise || entity.currency !== request.currency) {
    console.error('[razorpay webhook] payment link amount mismatch', link.id, entity.amount, request.amountPaise);
    return { status: 'ignored', reason: 'amount mismatch' };
  }
  if (entity.status !== 'captured') return { status: 'ignored', reason: `payment ${entity.status}` };
  if (request.status === 'paid' && request.razorpayPaymentId !== entity.id) {
    console.error('[razorpay webhook] payment link paid twice', link.id, request.razorpayPaymentId, entity.id);
    return { status: 'ignored', reason: 'request paid by another payment' };
  }

  const paidAt = new Date(entity.created_at ? entity.created_at * 1000 : now.getTime());
  // Keyed by Razorpay's payment id alone: a later delivery without created_at (so another
  // paidAt) finds the record the first one made instead of making a second.
  const recordId = await recordIdForRazorpayPayment(entity.id, linkPaymentRecordId(entity.id, paidAt));
  const record: Payment = {
    bookingId: request.bookingId,
    packageId: request.packageId ?? 'agreed-fee',
    packageName: request.description,
    customerName: request.name,
    customerEmail: request.email,
    customerPhone: request.phone,
    amount: entity.amount / 100,
    amountPaise: entity.amount,
    currency: 'INR',
    status: 'captured',
    razorpayOrderId: orderId,
    razorpayPaymentId: entity.id,
    confirmedBy: 'webhook',
    failureReason: null,
    paidAt: paidAt.toISOString(),
    paymentRequestId: request.id,
    customerState: request.customerState ?? null,
  };
  await payments.insert(recordId, record, paidAt);
  const stored = (await payments.get(recordId)) ?? { ...record, id: recordId, createdAt: paidAt.toISOString() };
  // Razorpay also sends order.paid / payment.captured for the link's order: they find this payment.
  await rememberOrder(orderId, recordId);
  // Each write is skipped when a delivery before this one made it (no needless new version).
  if (request.status !== 'paid') {
    await paymentRequests.update(request.id, (current) =>
      paid(current, { paymentId: recordId, razorpayPaymentId: entity.id, paidAt: paidAt.toISOString() }),
    );
  }
  const booking = await bookings.get(request.bookingId);
  if (booking && booking.paymentStatus !== 'paid') {
    // A package priced after the consultation has no amount until its fee is paid.
    await bookings.update(request.bookingId, (current) => ({
      ...current,
      paymentStatus: bookingPaymentStatusAfter(current.paymentStatus, 'captured'),
      amount: current.amount ? current.amount : request.amount,
    }));
  }
  await announcePayment(stored);
  return { status: 'processed' };
}
