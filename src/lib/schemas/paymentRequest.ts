import { z } from './zod';
import { emailAddress, personName, phoneNumber } from './fields';
import { sessionCount } from './package';
import { indianStateSchema } from '../indianStates';

// Payment requests (docs/payments.md): the owner charges an agreed fee with a Razorpay Payment
// Link. The contract between the admin API, the webhook and the dashboard.

export const paymentRequestStatuses = ['created', 'paid', 'expired', 'cancelled'] as const;
export type PaymentRequestStatus = (typeof paymentRequestStatuses)[number];

/** Razorpay's Payment Link ids. */
export const paymentLinkId = z.string().regex(/^plink_[A-Za-z0-9]{6,40}$/, 'Invalid payment link id');
const recordId = z.string().regex(/^\d{13}-[0-9a-f]{10}$/, 'Invalid id');

/** A fee is whole rupees: enough for every package and the agreed fees after a consultation. */
export const MAX_REQUEST_RUPEES = 500_000;
export const DEFAULT_EXPIRY_DAYS = 7;
/** Razorpay lets a link live at most six months; a fee request needs far less. */
export const MAX_EXPIRY_DAYS = 90;

/** POST /api/admin/payment-requests */
export const createPaymentRequestSchema = z
  .object({
    bookingId: recordId.optional(),
    name: personName,
    email: emailAddress.optional(),
    phone: phoneNumber,
    amount: z
      .number({ error: 'Amount in rupees is required' })
      .int('Amount must be whole rupees')
      .positive('Amount must be more than 0')
      .max(MAX_REQUEST_RUPEES, `At most ${MAX_REQUEST_RUPEES} rupees`),
    /** A catalogue package id, or the owner's own words for what the fee is for. */
    packageId: z.string().trim().min(1).max(60).optional(),
    description: z
      .string({ error: 'Say what the payment is for' })
      .trim()
      .min(3, 'Say what the payment is for')
      .max(200, 'At most 200 characters'),
    /** Coaching sessions the fee buys, agreed on the call; left out, the package's own count applies. */
    sessions: sessionCount.optional(),
    /** The customer's state: the place of supply on the tax invoice. */
    customerState: indianStateSchema,
    expiresInDays: z
      .number()
      .int('Whole days')
      .min(1, 'At least 1 day')
      .max(MAX_EXPIRY_DAYS, `At most ${MAX_EXPIRY_DAYS} days`)
      .default(DEFAULT_EXPIRY_DAYS),
    /** Also e-mail the link to the customer through the outbox (needs an e-mail address). */
    emailCustomer: z.boolean().default(false),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.emailCustomer && !value.email)
      ctx.addIssue({ code: 'custom', path: ['email'], message: 'An e-mail address is needed to send the link' });
  });
export type CreatePaymentRequest = z.input<typeof createPaymentRequestSchema>;

/** A stored payment request. */
export const paymentRequestSchema = z.object({
  bookingId: recordId,
  name: z.string().min(1),
  email: z.string().nullable(),
  phone: z.string().min(1),
  amount: z.number().int().positive(),
  amountPaise: z.number().int().positive(),
  currency: z.literal('INR'),
  packageId: z.string().nullable(),
  description: z.string().min(1),
  /** Sessions agreed for this fee; null when the owner named none (and on requests made before the field existed). */
  sessions: sessionCount.nullable().default(null),
  /** Place of supply for the invoice; null on requests made before it was asked. */
  customerState: indianStateSchema.nullable().default(null),
  status: z.enum(paymentRequestStatuses),
  linkId: paymentLinkId,
  url: z.string().min(1),
  expiresAt: z.string(),
  /** Our payment record, once paid. */
  paymentId: recordId.nullable(),
  razorpayPaymentId: z.string().nullable(),
  paidAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});
export type PaymentRequest = z.infer<typeof paymentRequestSchema>;

export const paymentRequestParamsSchema = z.object({ id: recordId });
