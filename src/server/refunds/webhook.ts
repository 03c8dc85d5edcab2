import { createHash } from 'node:crypto';
import { z } from 'zod';
import { type RefundEntry, type RefundLedger, type RefundNotice, razorpayRefundId } from '../../lib/schemas/refund';
import { endRemainingSessions } from '../clients';
import { eventIdForRecord } from '../followUp/events';
import { bookings, payments } from '../leads';
import { paymentForOrder, type WebhookOutcome } from '../payments';
import { recordNotice } from '../followUp/publish';
import { newestFirstKeyWith, recordIdPattern } from '../storage/keys';
import { changeLedger } from './ledger';
import { type SettleResult, settle, summaryOf } from './ledgerMath';

// Razorpay's refund.processed and refund.failed (docs/payments.md, "Refunds"): the only way a refund
// becomes processed or failed here. The payload carries the refund and its payment.

const refundEventSchema = z.object({
  event: z.enum(['refund.processed', 'refund.failed']),
  payload: z.object({
    refund: z.object({
      entity: z.object({
        id: razorpayRefundId,
        amount: z.number().int().positive(),
        currency: z.string(),
        payment_id: z.string().regex(/^pay_[A-Za-z0-9]{6,40}$/),
        notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
        created_at: z.number().int().optional(),
      }),
    }),
    payment: z.object({ entity: z.object({ id: z.string(), order_id: z.string().nullable().optional() }) }).optional(),
  }),
});

export const isRefundEvent = (event: string) => event === 'refund.processed' || event === 'refund.failed';

const noteOf = (notes: unknown, name: string): string | null => {
  const value = notes && !Array.isArray(notes) ? (notes as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : null;
};

/** Our payment for the refund: by its order (every payment of ours has one indexed), else by the id our notes carry. */
async function paymentOf(refund: { payment_id: string; notes?: unknown }, orderId: string | null | undefined) {
  const byOrder = orderId ? await paymentForOrder(orderId) : null;
  const notedId = noteOf(refund.notes, 'paymentId');
  const payment = byOrder ?? (notedId && recordIdPattern.test(notedId) ? await payments.get(notedId) : null);
  return payment && payment.razorpayPaymentId === refund.payment_id && payment.status === 'captured' ? payment : null;
}

export async function applyRefundEvent(value: unknown, now: Date): Promise<WebhookOutcome> {
  const parsed = refundEventSchema.safeParse(value);
  if (!parsed.success) return { status: 'ignored', reason: 'unrecognised refund payload' };
  const { event, payload } = parsed.data;
  const refund = payload.refund.entity;
  if (refund.currency !== 'INR') return { status: 'ignored', reason: `refund in ${refund.currency}` };
  const payment = await paymentOf(refund, payload.payment?.entity.order_id);
  if (!payment) return { status: 'ignored', reason: 'refund of a payment that is not ours' };

  const notedEntry = noteOf(refund.notes, 'refundRecordId');
  const createdAt = refund.created_at ? refund.created_at * 1000 : now.getTime();
  const status = event === 'refund.processed' ? 'processed' : 'failed';
  let result: SettleResult = { outcome: 'ignored', reason: 'not applied' };
  const ledger = await changeLedger(payment.id, payment.amountPaise, (current) => {
    result = settle(current, {
      refundId: refund.id,
      entryId: notedEntry && recordIdPattern.test(notedEntry) ? notedEntry : null,
      amountPaise: refund.amount,
      status,
      at: now,
      newId: newestFirstKeyWith(createdAt, createHash('sha256').update(refund.id).digest('hex').slice(0, 10)),
    });
    return result.outcome === 'changed' ? result.ledger : null;
  });
  const settled = result as SettleResult;
  if (settled.outcome === 'ignored') {
    console.error('[razorpay webhook] refund ignored', refund.id, settled.reason);
    return { status: 'ignored', reason: settled.reason };
  }
  const entry = ledger.refunds.find((candidate) => candidate.refundId === refund.id) ?? settled.entry;
  // Recorded again for a settlement already applied: the event id is the refund's own, so a
  // delivery that died between the ledger and the event leaves nothing undone, and every
  // effect is idempotent.
  if (entry.status === 'processed' || entry.status === 'failed') await recordRefundFollowUp(payment, ledger, entry);
  // A full refund ends the client's remaining sessions. Here rather than in the follow-up:
  // the sessions' module books through the pipeline itself (an import cycle otherwise). It
  // is idempotent, and a failure answers 500 so Razorpay delivers the event again.
  if (entry.status === 'processed' && summaryOf(ledger, payment.amountPaise).state === 'full') {
    await endRemainingSessions(payment.id, new Date(entry.settledAt ?? now.toISOString()));
  }
  return { status: settled.outcome === 'changed' ? 'processed' : 'duplicate' };
}

type StoredPayment = NonNullable<Awaited<ReturnType<typeof payments.get>>>;

/** The refund's follow-up: mails, the revenue tally, the credit note, the sessions (src/server/app/effects.ts). */
async function recordRefundFollowUp(payment: StoredPayment, ledger: RefundLedger, entry: RefundEntry): Promise<void> {
  const booking = await bookings.get(payment.bookingId);
  const notice = refundNoticeOf(payment, ledger, entry, booking?.attribution ?? null);
  await recordNotice({
    id: eventIdForRecord('refunds', `${entry.id}/${notice.status}`, new Date(entry.requestedAt)),
    refund: notice,
  });
}

function refundNoticeOf(
  payment: StoredPayment,
  ledger: RefundLedger,
  entry: RefundEntry,
  attribution: RefundNotice['attribution'],
): RefundNotice {
  return {
    entryId: entry.id,
    refundId: entry.refundId!,
    status: entry.status === 'processed' ? 'processed' : 'failed',
    paymentId: payment.id,
    bookingId: payment.bookingId,
    razorpayPaymentId: payment.razorpayPaymentId ?? '',
    packageName: payment.packageName,
    amountPaise: entry.amountPaise,
    paymentAmountPaise: payment.amountPaise,
    fullyRefunded: summaryOf(ledger, payment.amountPaise).state === 'full',
    at: entry.settledAt ?? entry.requestedAt,
    reason: entry.reason,
    person: { name: payment.customerName, phone: payment.customerPhone, email: payment.customerEmail },
    attribution,
  };
}
