import type { PaymentReceiptAnswer } from '../../lib/schemas/payment';
import { notFound } from '../http/errors';
import { paymentRequests } from './store';

/**
 * What the thank-you page may say after a payment link (Razorpay sends the customer back
 * with the link's id, our reference and its payment id): captured only once the webhook
 * recorded that very payment; the package words and amount only, nobody's details.
 */
export async function paymentLinkReceipt(
  reference: string,
  linkId: string,
  razorpayPaymentId: string,
): Promise<PaymentReceiptAnswer> {
  const request = await paymentRequests.get(reference);
  if (!request || request.linkId !== linkId) throw notFound('No such payment.');
  if (request.status === 'paid') {
    if (request.razorpayPaymentId !== razorpayPaymentId) throw notFound('No such payment.');
    return { status: 'captured', amount: request.amount, packageName: request.description };
  }
  return { status: 'pending' };
}
