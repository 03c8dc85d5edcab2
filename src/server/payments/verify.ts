import type { VerifyPaymentRequest } from '../../lib/schemas/payment';
import { HttpError, badRequest } from '../http/errors';
import { paymentForOrder } from './orders';
import { gatewayKeys } from './config';
import { confirmPayment } from './confirm';
import { GatewayError, fetchRazorpayOrder, fetchRazorpayPayment } from './razorpay-client';
import { paymentSignature, signaturesMatch } from './signatures';

export const VERIFICATION_FAILED = 'Payment verification failed: the payment details do not match our order.';

/**
 * The browser's confirmation after Checkout
 * (docs/decisions/0011-verify-payment-on-the-server.md). Trusts nothing it sends
 * except as claims to check: the order must be one we created, the signature must be
 * Razorpay's over our order id, and the order at Razorpay must carry our amount.
 * A valid signature only proves the buyer authorised the payment: it counts as paid
 * when Razorpay says the money is captured (order paid, or the payment captured).
 * An authorised-only payment stays pending (paymentStatus 'pending') until the
 * webhook settles it. A replay of a verified payment answers success again and
 * changes nothing.
 */
export async function verifyPayment(claim: VerifyPaymentRequest, now: Date = new Date()) {
  const keys = gatewayKeys();
  const payment = await paymentForOrder(claim.razorpay_order_id);
  if (!payment) throw badRequest(VERIFICATION_FAILED, { razorpay_order_id: 'Unknown order' });

  const expected = paymentSignature(payment.razorpayOrderId, claim.razorpay_payment_id, keys.keySecret);
  if (!signaturesMatch(expected, claim.razorpay_signature)) {
    throw badRequest(VERIFICATION_FAILED, { razorpay_signature: 'Signature does not match' });
  }

  if (payment.status === 'captured') {
    if (payment.razorpayPaymentId !== claim.razorpay_payment_id)
      throw badRequest(VERIFICATION_FAILED, { razorpay_payment_id: 'Order already paid by another payment' });
    const again = await confirmPayment(payment, {
      razorpayPaymentId: claim.razorpay_payment_id,
      via: 'verify',
      at: now,
    });
    return { success: true as const, bookingId: again.bookingId, paymentStatus: again.status };
  }

  let settled: boolean;
  try {
    const order = await fetchRazorpayOrder(keys, payment.razorpayOrderId);
    if (order.amount !== payment.amountPaise || order.currency !== payment.currency) {
      console.error('[razorpay verify] amount mismatch', order.id, order.amount, payment.amountPaise);
      throw badRequest(VERIFICATION_FAILED, { amount: 'Amount does not match the order' });
    }
    settled = order.status === 'paid';
    if (!settled) {
      const atGateway = await fetchRazorpayPayment(keys, claim.razorpay_payment_id);
      if (atGateway.order_id !== payment.razorpayOrderId || atGateway.amount !== payment.amountPaise) {
        throw badRequest(VERIFICATION_FAILED, { razorpay_payment_id: 'Payment does not belong to this order' });
      }
      settled = atGateway.status === 'captured';
    }
  } catch (error) {
    if (error instanceof GatewayError) {
      console.error('[razorpay verify]', error.message);
      throw new HttpError(
        502,
        'We could not reach the payment gateway to confirm your payment. If money was taken it will be recorded shortly.',
      );
    }
    throw error;
  }
  if (!settled) return { success: true as const, bookingId: payment.bookingId, paymentStatus: 'pending' as const };

  const saved = await confirmPayment(payment, { razorpayPaymentId: claim.razorpay_payment_id, via: 'verify', at: now });
  return { success: true as const, bookingId: saved.bookingId, paymentStatus: saved.status };
}
