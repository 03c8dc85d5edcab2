import { paymentRow } from '../../lib/admin/customerExport';
import { paymentSchema } from '../../lib/schemas/payment';
import { paymentProfile } from './profiles';
import { blobCall, collectionStore } from '../storage/blobs';
import { updateJson } from '../storage/atomicJson';
import { type LeadKindDefinition, defineLeadCollection } from './leadCollection';

// A payment is announced by its outcome (paymentNotices.ts), not when it is created.
export const paymentKind = {
  ...paymentProfile,
  store: 'payments',
  schema: paymentSchema,
  exportRow: paymentRow,
} satisfies LeadKindDefinition<typeof paymentSchema>;

export const payments = defineLeadCollection(paymentKind);

// Razorpay tells us an order id; the payment record is keyed newest first. This
// small index (one blob per order, written once) finds the record without a scan.
const ORDER_INDEX = 'payment-orders';
const WEBHOOK_EVENTS = 'razorpay-webhook-events';

export async function rememberOrder(razorpayOrderId: string, paymentId: string): Promise<void> {
  const store = collectionStore(ORDER_INDEX);
  await blobCall(() => store.setJSON(razorpayOrderId, { paymentId }, { onlyIfNew: true }));
}

// A captured payment Razorpay tells us about more than once (two events, two deliveries,
// one with and one without created_at) is one record: the first delivery claims the
// Razorpay payment id with a create-only write, and every later one finds its record.
const RAZORPAY_PAYMENT_INDEX = 'payment-razorpay-ids';

/** The record id for Razorpay payment `razorpayPaymentId`: `proposed` if this is the first claim, else the first claimer's. */
export async function recordIdForRazorpayPayment(razorpayPaymentId: string, proposed: string): Promise<string> {
  const store = collectionStore(RAZORPAY_PAYMENT_INDEX);
  const { modified } = await blobCall(() => store.setJSON(razorpayPaymentId, { paymentId: proposed }, { onlyIfNew: true }));
  if (modified) return proposed;
  const entry = (await blobCall(() => store.get(razorpayPaymentId, { type: 'json' }))) as { paymentId?: unknown } | null;
  if (!entry || typeof entry.paymentId !== 'string') throw new Error(`The record of Razorpay payment ${razorpayPaymentId} could not be read`);
  return entry.paymentId;
}

export async function paymentForOrder(razorpayOrderId: string) {
  const store = collectionStore(ORDER_INDEX);
  const entry = (await blobCall(() => store.get(razorpayOrderId, { type: 'json' }))) as { paymentId?: unknown } | null;
  if (!entry || typeof entry.paymentId !== 'string') return null;
  const payment = await payments.get(entry.paymentId);
  return payment && payment.razorpayOrderId === razorpayOrderId ? payment : null;
}

/**
 * Claims a webhook event before it is applied, so two deliveries of one event (Razorpay
 * delivers at least once, sometimes twice at the same moment, to different instances)
 * apply once: the claim is created with onlyIfNew. A claim left behind by a delivery
 * that died mid-way is taken over after CLAIM_TIMEOUT_MS (Razorpay keeps retrying).
 */
export async function claimEvent(eventId: string, now: number = Date.now()): Promise<boolean> {
  const store = collectionStore(WEBHOOK_EVENTS);
  const key = eventKey(eventId);
  const claim = { state: 'processing', claimedAt: new Date(now).toISOString() };
  const { modified } = await blobCall(() => store.setJSON(key, claim, { onlyIfNew: true }));
  if (modified) return true;
  let took = false;
  await updateJson(WEBHOOK_EVENTS, key, (current) => {
    const existing = current as { state?: string; claimedAt?: string } | null;
    const stale = existing?.state === 'processing' && now - Date.parse(existing.claimedAt ?? '') > CLAIM_TIMEOUT_MS;
    if (existing && !stale) return undefined;
    took = true;
    return claim;
  });
  return took;
}

const CLAIM_TIMEOUT_MS = 5 * 60_000;

export async function markEventHandled(eventId: string, summary: Record<string, string>): Promise<void> {
  const store = collectionStore(WEBHOOK_EVENTS);
  await blobCall(() => store.setJSON(eventKey(eventId), { state: 'done', ...summary, handledAt: new Date().toISOString() }));
}

/** A delivery that failed gives its claim back, so Razorpay's retry applies the event. */
export async function releaseEvent(eventId: string): Promise<void> {
  const store = collectionStore(WEBHOOK_EVENTS);
  await blobCall(() => store.delete(eventKey(eventId)));
}

function eventKey(eventId: string): string {
  return eventId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 200);
}
