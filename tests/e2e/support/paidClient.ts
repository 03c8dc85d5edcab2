import type { APIRequestContext } from '@playwright/test';
import { type FakeRazorpay, TEST_KEY_SECRET, razorpayId } from '../../api/support/fake-razorpay';
import type { ReceivedMail, SmtpReceiver } from '../../api/support/mail-receivers';
import { paymentSignature } from '../../../src/server/payments/signatures';
import { expect } from './test';

export interface Buyer {
  name: string;
  email: string;
  phone: string;
}

/**
 * Pays Ascend Plus as Checkout would: our real order and verify routes, the payment recorded at
 * the fake Razorpay, the signed answer verified. Answers the receipt mail and the client space's
 * link it carries (docs/payments.md, "The client space and paid sessions").
 */
export async function payAscendPlus(
  request: APIRequestContext,
  site: { baseURL: string; razorpay: FakeRazorpay; smtp: SmtpReceiver },
  buyer: Buyer,
): Promise<{ link: URL; receipt: ReceivedMail }> {
  const origin = { origin: site.baseURL };
  const ordered = await request.post(`${site.baseURL}/api/create-razorpay-order`, {
    headers: origin,
    data: {
      packageId: 'ascend-plus',
      customerName: buyer.name,
      customerEmail: buyer.email,
      customerPhone: buyer.phone,
      customerState: 'Karnataka',
    },
  });
  expect(ordered.status()).toBe(201);
  const { orderId } = (await ordered.json()) as { orderId: string };
  const paymentId = razorpayId('pay');
  expect(
    (
      await request.post(`${site.razorpay.url}/v1/test/checkout-payments`, {
        data: { order_id: orderId, payment_id: paymentId },
      })
    ).ok(),
  ).toBe(true);
  const verified = await request.post(`${site.baseURL}/api/verify-payment`, {
    headers: origin,
    data: {
      razorpay_order_id: orderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: paymentSignature(orderId, paymentId, TEST_KEY_SECRET),
    },
  });
  expect(verified.status()).toBe(200);
  const receiptOf = () =>
    site.smtp.mails.find((mail) => mail.to.includes(buyer.email) && mail.subject.startsWith('Payment received'));
  await expect
    .poll(() => receiptOf()?.subject ?? null, { timeout: 60_000, intervals: [250, 500, 1_000] })
    .toBe('Payment received: Ascend Plus');
  const receipt = receiptOf()!;
  return { link: new URL(/Book your sessions: (\S+)/.exec(receipt.text)![1]!), receipt };
}
