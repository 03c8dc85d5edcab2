import { conflict, HttpError, notFound } from '../http/errors';
import { gatewayKeys, GatewayError, cancelRazorpayPaymentLink, fetchRazorpayPaymentLink } from '../payments';
import { closed } from './transitions';
import { type StoredPaymentRequest, paymentRequests } from './store';

const PAID = 'This request is paid: it cannot be cancelled (refund it from the Razorpay Dashboard).';

/**
 * Cancels an unpaid request at Razorpay first, so the link stops taking money, then here.
 * A paid request is never cancelled: Razorpay refuses a paid link, and the write here is
 * conditional (onlyIfMatch), so a payment recorded meanwhile wins and the answer is 409.
 */
export async function cancelPaymentRequest(id: string, now: Date = new Date()): Promise<StoredPaymentRequest> {
  const keys = gatewayKeys();
  const request = await paymentRequests.get(id);
  if (!request) throw notFound('This payment request does not exist.');
  if (request.status === 'paid') throw conflict(PAID);
  if (request.status !== 'created') return request;

  let outcome: 'cancelled' | 'expired' = 'cancelled';
  try {
    await cancelRazorpayPaymentLink(keys, request.linkId);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // Refused: ask Razorpay what the link is now (paid a moment ago, or expired).
    const link = await fetchRazorpayPaymentLink(keys, request.linkId).catch(() => null);
    if (link?.status === 'paid') throw conflict(PAID);
    if (link?.status === 'expired' || link?.status === 'cancelled') outcome = link.status;
    else {
      console.error('[razorpay payment link cancel]', error.message);
      throw new HttpError(
        502,
        'The payment gateway is not answering right now. The link is still open; please try again.',
      );
    }
  }
  const saved = await paymentRequests.update(id, (current) => closed(current, outcome, now));
  if (!saved) throw notFound('This payment request does not exist.');
  if (saved.status === 'paid') throw conflict(PAID);
  return saved;
}
