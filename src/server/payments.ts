import { paymentSchema } from '../lib/schemas/payment';
import { leadBookkeeping } from './admin/bookkeeping';
import { paymentProfile } from './admin/leadProfiles';
import { blobCall, collectionStore } from './storage/blobs';
import { defineCollection } from './storage/collection';

export const payments = defineCollection('payments', paymentSchema, { hooks: leadBookkeeping(paymentProfile) });

// Razorpay tells us an order id; the payment record is keyed newest first. This
// small index (one blob per order, written once) finds the record without a scan.
const ORDER_INDEX = 'payment-orders';
const WEBHOOK_EVENTS = 'razorpay-webhook-events';

export async function rememberOrder(razorpayOrderId: string, paymentId: string): Promise<void> {
  const store = collectionStore(ORDER_INDEX);
  await blobCall(() => store.setJSON(razorpayOrderId, { paymentId }, { onlyIfNew: true }));
}

export async function paymentForOrder(razorpayOrderId: string) {
  const store = collectionStore(ORDER_INDEX);
  const entry = (await blobCall(() => store.get(razorpayOrderId, { type: 'json' }))) as { paymentId?: unknown } | null;
  if (!entry || typeof entry.paymentId !== 'string') return null;
  const payment = await payments.get(entry.paymentId);
  return payment && payment.razorpayOrderId === razorpayOrderId ? payment : null;
}

/** Webhook event ids already handled (Razorpay delivers at least once). */
export async function eventAlreadyHandled(eventId: string): Promise<boolean> {
  const store = collectionStore(WEBHOOK_EVENTS);
  return (await blobCall(() => store.getMetadata(eventKey(eventId)))) != null;
}

export async function markEventHandled(eventId: string, summary: Record<string, string>): Promise<void> {
  const store = collectionStore(WEBHOOK_EVENTS);
  await blobCall(() => store.setJSON(eventKey(eventId), { ...summary, handledAt: new Date().toISOString() }, { onlyIfNew: true }));
}

function eventKey(eventId: string): string {
  return eventId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 200);
}
