import { z } from 'zod';
import { razorpayRefundId } from '../../lib/schemas/refund';
import type { GatewayKeys } from './config';

// A small typed client for the Orders, Payments, Payment Links and Refunds API calls we use. The official SDK has
// no supported way to change its address (docs/payments.md); fetch with one base URL
// setting does, and keeps axios out of the functions.

export const razorpayOrderSchema = z.object({
  id: z.string().regex(/^order_[A-Za-z0-9]+$/),
  entity: z.literal('order'),
  amount: z.number().int(),
  amount_paid: z.number().int().optional(),
  amount_due: z.number().int().optional(),
  currency: z.string(),
  receipt: z.string().nullable().optional(),
  status: z.string(),
  notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).optional(),
  created_at: z.number().optional(),
});
export type RazorpayOrder = z.infer<typeof razorpayOrderSchema>;

export const razorpayPaymentSchema = z.object({
  id: z.string().regex(/^pay_[A-Za-z0-9]+$/),
  entity: z.literal('payment'),
  amount: z.number().int(),
  currency: z.string(),
  // created, authorized, captured, refunded, failed: only captured means money is ours.
  status: z.string(),
  order_id: z.string().nullable().optional(),
});
export type RazorpayPayment = z.infer<typeof razorpayPaymentSchema>;

export interface NewOrder {
  amount: number;
  currency: 'INR';
  receipt: string;
  notes: Record<string, string>;
}

/** The gateway did not answer as expected: the API answers 502 and nothing is marked paid. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    /** Razorpay's own words for a refusal (`error.description`), when it gave some. */
    readonly description?: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }
}

const errorBodySchema = z.object({ error: z.object({ description: z.string().max(500) }) });
function errorDescription(text: string): string | undefined {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.error.description : undefined;
  } catch {
    return undefined;
  }
}

/** How long one call to Razorpay may take before it counts as unanswered. */
export const TIMEOUT_MS = 10_000;

async function callRazorpay<S extends z.ZodType>(
  keys: GatewayKeys,
  schema: S,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<z.infer<S>> {
  const auth = Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64');
  let response: Response;
  try {
    response = await fetch(`${keys.apiBaseUrl}${path}`, {
      method,
      headers: {
        authorization: `Basic ${auth}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...extraHeaders,
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new GatewayError(`Razorpay could not be reached: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok)
    throw new GatewayError(
      `Razorpay answered ${response.status}: ${text.slice(0, 300)}`,
      response.status,
      errorDescription(text),
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new GatewayError('Razorpay answered with something that is not JSON.');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new GatewayError(`Razorpay answered ${path} with something we do not understand.`);
  return parsed.data;
}

export function createRazorpayOrder(keys: GatewayKeys, order: NewOrder): Promise<RazorpayOrder> {
  return callRazorpay(keys, razorpayOrderSchema, 'POST', '/v1/orders', order);
}

export function fetchRazorpayOrder(keys: GatewayKeys, orderId: string): Promise<RazorpayOrder> {
  return callRazorpay(keys, razorpayOrderSchema, 'GET', `/v1/orders/${encodeURIComponent(orderId)}`);
}

export function fetchRazorpayPayment(keys: GatewayKeys, paymentId: string): Promise<RazorpayPayment> {
  return callRazorpay(keys, razorpayPaymentSchema, 'GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
}

// Payment Links: the owner's requests for an agreed fee.
export const razorpayPaymentLinkSchema = z.object({
  id: z.string().regex(/^plink_[A-Za-z0-9]+$/),
  amount: z.number().int(),
  amount_paid: z.number().int().optional(),
  currency: z.string(),
  // created, partially_paid, paid, expired, cancelled
  status: z.string(),
  reference_id: z.string().nullable().optional(),
  short_url: z.string().regex(/^https?:\/\//),
  expire_by: z.number().int().optional(),
});
export type RazorpayPaymentLink = z.infer<typeof razorpayPaymentLinkSchema>;

export interface NewPaymentLink {
  amount: number;
  currency: 'INR';
  accept_partial: false;
  description: string;
  reference_id: string;
  expire_by: number;
  customer: { name: string; contact: string; email?: string };
  // We share the link ourselves (WhatsApp or our own e-mail), so Razorpay sends nothing.
  notify: { sms: false; email: false };
  reminder_enable: false;
  notes: Record<string, string>;
  callback_url: string;
  callback_method: 'get';
}

export function createRazorpayPaymentLink(keys: GatewayKeys, link: NewPaymentLink): Promise<RazorpayPaymentLink> {
  return callRazorpay(keys, razorpayPaymentLinkSchema, 'POST', '/v1/payment_links', link);
}

export function fetchRazorpayPaymentLink(keys: GatewayKeys, linkId: string): Promise<RazorpayPaymentLink> {
  return callRazorpay(keys, razorpayPaymentLinkSchema, 'GET', `/v1/payment_links/${encodeURIComponent(linkId)}`);
}

export function cancelRazorpayPaymentLink(keys: GatewayKeys, linkId: string): Promise<RazorpayPaymentLink> {
  return callRazorpay(
    keys,
    razorpayPaymentLinkSchema,
    'POST',
    `/v1/payment_links/${encodeURIComponent(linkId)}/cancel`,
  );
}

// Refunds: normal speed only; instant refunds cost a fee the business has not chosen.
export const razorpayRefundSchema = z.object({
  id: razorpayRefundId,
  entity: z.literal('refund'),
  amount: z.number().int(),
  currency: z.string(),
  payment_id: z.string().regex(/^pay_[A-Za-z0-9]+$/),
  // pending, processed, failed
  status: z.string(),
  receipt: z.string().nullable().optional(),
  created_at: z.number().int().optional(),
});
export type RazorpayRefund = z.infer<typeof razorpayRefundSchema>;

export interface NewRefund {
  amount: number;
  speed: 'normal';
  /** At most 40 characters. */
  receipt: string;
  notes: Record<string, string>;
}

/**
 * POST /v1/payments/{id}/refund. `idempotencyKey` goes in X-Refund-Idempotency: Razorpay
 * answers a repeat with the same key and body with the refund it made the first time.
 */
export function createRazorpayRefund(
  keys: GatewayKeys,
  razorpayPaymentId: string,
  refund: NewRefund,
  idempotencyKey: string,
): Promise<RazorpayRefund> {
  return callRazorpay(
    keys,
    razorpayRefundSchema,
    'POST',
    `/v1/payments/${encodeURIComponent(razorpayPaymentId)}/refund`,
    refund,
    {
      'x-refund-idempotency': idempotencyKey,
    },
  );
}
