import { paymentRow } from '../../lib/admin/customerExport';
import { paymentSchema } from '../../lib/schemas/payment';
import { paymentProfile } from './profiles';
import { PAYMENT_STORE } from '../payments/record';
import { blobCall, collectionStore } from '../storage/blobs';
import { updateJson } from '../storage/atomicJson';
import { type LeadKindDefinition, defineLeadCollection } from './leadCollection';

// A payment is announced by its outcome (paymentNotices.ts), not when it is created.
export const paymentKind = {
  ...paymentProfile,
  store: PAYMENT_STORE,
  schema: paymentSchema,
  exportRow: paymentRow,
} satisfies LeadKindDefinition<typeof paymentSchema>;

export const payments = defineLeadCollection(paymentKind);

// Razorpay tells us an order id; the payment record is keyed newest first. This
// small index (one blob per order, written once) finds the record without a scan.
const ORDER_INDEX = 'payment-orders';
const WEBHOOK_EVENTS = 'razorpay-webhook-events';

/** Both indexes: `key` names the payment record `paymentId` once, written create-only; whether this write was the first. */
async function indexOnce(storeName: string, key: string, paymentId: string): Promise<boolean> {
  const store = collectionStore(storeName);
  const { modified } = await blobCall(() => store.setJSON(key, { paymentId }, { onlyIfNew: true }));
  return modified;
}

/** The payment record an index key names, or null. */
async function indexedPaymentId(storeName: string, key: string): Promise<string | null> {
  const store = collectionStore(storeName);
  const entry = (await blobCall(() => store.get(key, { type: 'json' }))) as { paymentId?: unknown } | null;
  return entry && typeof entry.paymentId === 'string' ? entry.paymentId : null;
}

export async function rememberOrder(razorpayOrderId: string, paymentId: string): Promise<void> {
  await indexOnce(ORDER_INDEX, razorpayOrderId, paymentId);
}

// A captured payment Razorpay tells us about more than once (two events, two deliveries,
// one with and one without created_at) is one record: the first delivery claims the
// Razorpay payment id with a create-only write, and every later one finds its record.
const RAZORPAY_PAYMENT_INDEX = 'payment-razorpay-ids';

/** The record id for Razorpay payment `razorpayPaymentId`: `proposed` if this is the first claim, else the first claimer's. */
export async function recordIdForRazorpayPayment(razorpayPaymentId: string, proposed: string): Promise<string> {
  if (await indexOnce(RAZORPAY_PAYMENT_INDEX, razorpayPaymentId, proposed)) return proposed;
  const first = await indexedPaymentId(RAZORPAY_PAYMENT_INDEX, razorpayPaymentId);
  if (!first) throw new Error(`The record of Razorpay payment ${razorpayPaymentId} could not be read`);
  return first;
}

export async function paymentForOrder(razorpayOrderId: string) {
  const paymentId = await indexedPaymentId(ORDER_INDEX, razorpayOrderId);
  if (!paymentId) return null;
  const payment = await payments.get(paymentId);
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
  await blobCall(() =>
    store.setJSON(eventKey(eventId), { state: 'done', ...summary, handledAt: new Date().toISOString() }),
  );
}

/** A delivery that failed gives its claim back, so Razorpay's retry applies the event. */
export async function releaseEvent(eventId: string): Promise<void> {
  const store = collectionStore(WEBHOOK_EVENTS);
  await blobCall(() => store.delete(eventKey(eventId)));
}

function eventKey(eventId: string): string {
  return eventId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 200);
}
