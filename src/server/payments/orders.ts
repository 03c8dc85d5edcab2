import { payments } from '../leads';
import { blobCall, collectionStore } from '../storage/blobs';
import type { StoreName } from '../../lib/privacy/inventory';

// Razorpay tells us an order id; the payment record is keyed newest first. This
// small index (one blob per order, written once) finds the record without a scan.
const ORDER_INDEX = 'payment-orders';

/** Both indexes: `key` names the payment record `paymentId` once, written create-only; whether this write was the first. */
async function indexOnce(storeName: StoreName, key: string, paymentId: string): Promise<boolean> {
  const store = collectionStore(storeName);
  const { modified } = await blobCall(() => store.setJSON(key, { paymentId }, { onlyIfNew: true }));
  return modified;
}

/** The payment record an index key names, or null. */
async function indexedPaymentId(storeName: StoreName, key: string): Promise<string | null> {
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
