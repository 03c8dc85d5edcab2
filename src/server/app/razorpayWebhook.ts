import { webhookEventSchema } from '../../lib/schemas/payment';
import { badRequest } from '../http/errors';
import {
  paymentForOrder,
  eventKey,
  razorpayClaims,
  confirmPayment,
  recordFailure,
  signaturesMatch,
  webhookSignature,
  type WebhookOutcome,
} from '../payments';
import { applyPaymentLinkEvent, isPaymentLinkEvent } from '../paymentRequests';
import { applyRefundEvent, isRefundEvent } from '../refunds';
import { createHash } from 'node:crypto';

export type { WebhookOutcome };

export interface WebhookDelivery {
  rawBody: string;
  signature: string | null;
  eventId: string | null;
}

/**
 * One Razorpay webhook delivery (docs/decisions/0012-razorpay-webhook-records-payments.md).
 * The signature is checked over the raw bytes before anything is parsed; a bad one throws
 * 400 and nothing changes. Events we do not act on are acknowledged, so Razorpay does not
 * retry them for a day.
 */
export async function handleWebhook(
  delivery: WebhookDelivery,
  secret: string,
  now: Date = new Date(),
): Promise<WebhookOutcome> {
  if (!signaturesMatch(webhookSignature(delivery.rawBody, secret), delivery.signature)) {
    throw badRequest('Invalid webhook signature.', { 'x-razorpay-signature': 'Does not match' });
  }
  let value: unknown;
  try {
    value = JSON.parse(delivery.rawBody);
  } catch {
    throw badRequest('The webhook body is not valid JSON.');
  }
  const parsed = webhookEventSchema.safeParse(value);
  if (!parsed.success) return { status: 'ignored', reason: 'unrecognised payload' };
  const event = parsed.data;
  // Razorpay sends the id in a header; a signed body without one is deduplicated by its hash.
  const eventId = delivery.eventId ?? `body-${createHash('sha256').update(delivery.rawBody).digest('hex')}`;
  const claimKey = eventKey(eventId);
  // Handled before, or being handled by another delivery now: either way this one is a duplicate.
  if ((await razorpayClaims.claim(claimKey, now)) !== 'taken') return { status: 'duplicate' };

  let outcome: WebhookOutcome;
  try {
    outcome = isPaymentLinkEvent(event.event)
      ? await applyPaymentLinkEvent(value, now)
      : isRefundEvent(event.event)
        ? await applyRefundEvent(value, now)
        : await applyEvent(event, now);
  } catch (error) {
    await razorpayClaims.release(claimKey).catch(() => undefined);
    throw error;
  }
  await razorpayClaims.finish(
    claimKey,
    { event: event.event, outcome: outcome.status, ...(outcome.reason ? { reason: outcome.reason } : {}) },
    now,
  );
  return outcome;
}

async function applyEvent(event: ReturnType<typeof webhookEventSchema.parse>, now: Date): Promise<WebhookOutcome> {
  const entity = event.payload.payment?.entity;
  if (!['order.paid', 'payment.captured', 'payment.failed'].includes(event.event))
    return { status: 'ignored', reason: `event ${event.event}` };
  if (!entity) return { status: 'ignored', reason: 'no payment in payload' };
  const orderId = event.payload.order?.entity.id ?? entity.order_id ?? null;
  if (!orderId) return { status: 'ignored', reason: 'no order id' };
  const payment = await paymentForOrder(orderId);
  if (!payment) return { status: 'ignored', reason: 'unknown order' };

  if (event.event === 'payment.failed') {
    await recordFailure(payment, entity.id, entity.error_description ?? null);
    return { status: 'processed' };
  }
  if (entity.amount !== payment.amountPaise || entity.currency !== payment.currency) {
    console.error('[razorpay webhook] amount mismatch', orderId, entity.amount, payment.amountPaise);
    return { status: 'ignored', reason: 'amount mismatch' };
  }
  if (entity.status !== 'captured') return { status: 'ignored', reason: `payment ${entity.status}` };
  await confirmPayment(payment, { razorpayPaymentId: entity.id, via: 'webhook', at: now });
  return { status: 'processed' };
}
