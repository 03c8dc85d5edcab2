import type { PaymentReceiptAnswer } from '../../lib/schemas/payment';
import { notFound } from '../http/errors';
import { paymentForOrder } from './orders';

/**
 * What the thank-you page may say about a payment. 'captured' needs the order and the
 * payment id that captured it, both as Razorpay issued them, so a crafted link cannot
 * show a receipt; the answer names the package and amount only, nobody's details.
 */
export async function paymentReceipt(orderId: string, paymentId: string): Promise<PaymentReceiptAnswer> {
  const payment = await paymentForOrder(orderId);
  if (!payment) throw notFound('No such payment.');
  if (payment.status === 'captured') {
    if (payment.razorpayPaymentId !== paymentId) throw notFound('No such payment.');
    return { status: 'captured', amount: payment.amount, packageName: payment.packageName };
  }
  return { status: 'pending' };
}
