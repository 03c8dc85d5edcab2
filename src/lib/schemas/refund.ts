import { z } from './zod';
import { attributionSchema } from './attribution';

// Refunds from the admin (docs/payments.md, "Refunds";
// docs/decisions/0036-client-space-refunds-gst-invoices.md): the contract between the admin
// API, the Razorpay webhook, the follow-up pipeline and the dashboard. Amounts the owner types
// are rupees with at most two decimals; everything stored and sent to Razorpay is paise.

const recordId = z.string().regex(/^\d{13}-[0-9a-f]{10}$/, 'Invalid id');
export const razorpayRefundId = z.string().regex(/^rfnd_[A-Za-z0-9]{6,40}$/, 'Invalid refund id');

export const MAX_REFUND_REASON = 500;

/** Rupees to paise; the schema below lets through only amounts this is exact for. */
export const paiseOf = (rupees: number) => Math.round(rupees * 100);

/** POST /api/admin/payments/{id}/refund: the amount defaults to all that is left. */
export const refundRequestSchema = z
  .object({
    amount: z
      .number({ error: 'Amount in rupees' })
      .positive('Amount must be more than 0')
      .max(10_000_000, 'Amount is too large')
      .refine((value) => Math.abs(value * 100 - paiseOf(value)) < 1e-6, 'At most 2 decimals (paise)')
      // 1e-9 passes the decimals check and rounds to 0 paise: a refund is at least one paisa.
      .refine((value) => paiseOf(value) >= 1, 'At least ₹0.01 (1 paisa)')
      .optional(),
    reason: z
      .string({ error: 'Say why the payment is refunded' })
      .trim()
      .min(1, 'Say why the payment is refunded')
      .max(MAX_REFUND_REASON, `At most ${MAX_REFUND_REASON} characters`),
  })
  .strict();
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const refundParamsSchema = z.object({ id: recordId });

/**
 * The browser's retry key (header `Idempotency-Key`): the same key on the same payment is
 * the same refund, however often it is sent. Razorpay's own X-Refund-Idempotency takes the
 * refund's record id, so a retry never refunds twice there either.
 */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{10,64}$/, '10-64 letters, digits, - or _');

/**
 * reserved: the amount is held while Razorpay is asked; pending: Razorpay took it (the
 * 202); processed and failed: only Razorpay's signed webhook says so. A failed refund frees
 * its amount; a reserved one Razorpay refused is removed.
 */
export const refundStatuses = ['reserved', 'pending', 'processed', 'failed'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const refundEntrySchema = z.object({
  /** Our id (newest-first record id): the outbox's lead id and Razorpay's idempotency key. */
  id: recordId,
  idempotencyKey: z.string().nullable(),
  refundId: razorpayRefundId.nullable(),
  amountPaise: z.number().int().positive(),
  status: z.enum(refundStatuses),
  reason: z.string().max(MAX_REFUND_REASON).nullable(),
  /** admin: asked for here; razorpay: made in Razorpay's dashboard, learnt from the webhook. */
  origin: z.enum(['admin', 'razorpay']),
  requestedAt: z.string(),
  settledAt: z.string().nullable(),
});
export type RefundEntry = z.infer<typeof refundEntrySchema>;

/** One payment's refunds, in one blob moved by conditional writes only. */
export const refundLedgerSchema = z.object({
  paymentId: recordId,
  capturedPaise: z.number().int().positive(),
  refunds: z.array(refundEntrySchema).max(100),
});
export type RefundLedger = z.infer<typeof refundLedgerSchema>;

/** What the payments list shows beside a captured payment. */
export interface RefundSummary {
  refundedPaise: number;
  pendingPaise: number;
  /** What a new refund may take: captured less pending and processed refunds. */
  leftPaise: number;
  state: 'none' | 'pending' | 'partly' | 'full';
}

/** 202 from POST /api/admin/payments/{id}/refund. */
export interface RefundAnswer {
  refund: { id: string; amount: number; status: RefundStatus };
}

/**
 * A refund Razorpay settled, as the follow-up pipeline carries it: everything the mails,
 * the revenue tally, the credit note and the sessions need, so none of them reads the ledger.
 */
export const refundNoticeSchema = z.object({
  entryId: recordId,
  refundId: razorpayRefundId,
  status: z.enum(['processed', 'failed']),
  paymentId: recordId,
  bookingId: recordId,
  razorpayPaymentId: z.string(),
  packageName: z.string(),
  amountPaise: z.number().int().positive(),
  paymentAmountPaise: z.number().int().positive(),
  /** After this refund, nothing of the payment is left un-refunded. */
  fullyRefunded: z.boolean(),
  at: z.string(),
  reason: z.string().nullable(),
  person: z.object({ name: z.string().nullable(), phone: z.string().nullable(), email: z.string().nullable() }),
  /** The payment's booking's source: the refund comes off the revenue counted under it. */
  attribution: attributionSchema.nullable(),
});
export type RefundNotice = z.infer<typeof refundNoticeSchema>;
