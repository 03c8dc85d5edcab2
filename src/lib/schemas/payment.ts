import { z } from './zod';
import { attributionSchema } from './attribution';
import { emailAddress, personName, phoneNumber } from './fields';
import { indianStateSchema } from '../indianStates';
import { whatsappOptInField } from '../whatsappConsent';

// Payments through Razorpay (docs/payments.md; docs/decisions/0010-server-decides-the-price.md,
// 0011-verify-payment-on-the-server.md, 0012-razorpay-webhook-records-payments.md).
// Amounts are stored twice on purpose: rupees for people, paise for the gateway.

export const paymentStatuses = ['created', 'captured', 'failed'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

const orderId = z.string().regex(/^order_[A-Za-z0-9]{6,40}$/, 'Invalid order id');
const paymentId = z.string().regex(/^pay_[A-Za-z0-9]{6,40}$/, 'Invalid payment id');
const recordId = z.string().regex(/^\d{13}-[0-9a-f]{10}$/, 'Invalid booking id');

/**
 * What the browser may send to start a payment. There is no amount here: an `amount`
 * in the body is dropped by the schema and the price comes from the catalogue.
 * Either a booking made by the popup, or the checkout page's contact details (the
 * server then records the booking itself, so every payment belongs to a booking).
 */
export const createOrderRequestSchema = z
  .object({
    packageId: z.string({ error: 'Package is required' }).trim().min(1, 'Package is required').max(60),
    bookingId: recordId.optional(),
    customerName: personName.optional(),
    customerEmail: emailAddress.optional(),
    customerPhone: phoneNumber.optional(),
    /** Place of supply on the tax invoice: asked of every buyer, the popup's too. */
    customerState: indianStateSchema,
    /** The checkout page records the booking itself: it carries the visit's source. */
    attribution: attributionSchema.optional(),
    /** The checkout page's WhatsApp box; stored on the booking it records (a popup's booking has its own). */
    ...whatsappOptInField,
  })
  .superRefine((value, ctx) => {
    if (value.bookingId) return;
    for (const field of ['customerName', 'customerEmail', 'customerPhone'] as const) {
      if (!value[field])
        ctx.addIssue({ code: 'custom', path: [field], message: 'Required when there is no booking yet' });
    }
  });
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

/** What Checkout needs to open: the answer of POST /api/create-razorpay-order. */
export interface CheckoutOrder {
  key: string;
  amount: number;
  currency: string;
  name: string;
  description: string;
  orderId: string;
  bookingId: string;
  packageId: string;
  price: number;
  /** Only for the checkout page's own details; never a stored booking's. */
  prefill?: { name: string; email?: string; contact: string };
  theme: { color: string };
}

/** Razorpay Checkout's success response, field names as Razorpay sends them. */
export const verifyPaymentRequestSchema = z.object({
  razorpay_order_id: orderId,
  razorpay_payment_id: paymentId,
  razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/i, 'Invalid signature'),
});
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequestSchema>;

/** A stored payment: one per Razorpay order. */
export const paymentSchema = z.object({
  bookingId: recordId,
  packageId: z.string().min(1),
  packageName: z.string().min(1),
  customerName: z.string().min(1),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().min(1),
  amount: z.number().int().positive(),
  amountPaise: z.number().int().positive(),
  currency: z.literal('INR'),
  status: z.enum(paymentStatuses),
  razorpayOrderId: orderId,
  razorpayPaymentId: paymentId.nullable(),
  confirmedBy: z.enum(['verify', 'webhook']).nullable(),
  failureReason: z.string().max(500).nullable(),
  paidAt: z.string().nullable(),
  /** Paid through the owner's payment request (a Razorpay Payment Link). */
  paymentRequestId: recordId.optional(),
  /** The customer's state: the place of supply on the tax invoice; null on records made before it was asked. */
  customerState: indianStateSchema.nullable().default(null),
});
export type Payment = z.infer<typeof paymentSchema>;

/** GET /api/payment-receipt?order=&payment= : what the thank-you page may show. */
export const paymentReceiptQuerySchema = z.object({ order: orderId, payment: paymentId });
/** GET /api/payment-receipt?link=&reference=&payment= : after a payment link. */
export const paymentLinkReceiptQuerySchema = z.object({
  link: z.string().regex(/^plink_[A-Za-z0-9]{6,40}$/, 'Invalid payment link id'),
  reference: recordId,
  payment: paymentId,
});
export type PaymentReceiptAnswer = { status: 'captured'; amount: number; packageName: string } | { status: 'pending' };

export const paymentListQuerySchema = z.object({ bookingId: recordId.optional() });

/** The parts of a Razorpay webhook event we act on; everything else is ignored. */
const paymentEntity = z.object({
  id: paymentId,
  order_id: orderId.nullable().optional(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  error_description: z.string().nullable().optional(),
});
export const webhookEventSchema = z.object({
  event: z.string().min(1),
  payload: z.object({
    payment: z.object({ entity: paymentEntity }).optional(),
    order: z.object({ entity: z.object({ id: orderId, amount: z.number().int(), status: z.string() }) }).optional(),
  }),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;
