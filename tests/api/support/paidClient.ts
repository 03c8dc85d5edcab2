import { expect } from 'vitest';
import createOrderFn from '../../../netlify/functions/create-razorpay-order.mts';
import verifyFn from '../../../netlify/functions/verify-payment.mts';
import { call, jsonOf, settleAfterResponse } from './call';
import type { FakeRazorpay } from './fake-razorpay';
import type { MailSuite } from './mail-suite';
import { buyerPays } from './payments';

/** A client who paid through Checkout, as the receipt's link opens their client space. */
export interface PaidClient {
  id: string;
  token: string;
  email: string;
  phone: string;
}

export interface Buyer {
  packageId: string;
  name: string;
  state: string;
  /** Starts each buyer's mailbox, so a file's buyers never share one. */
  tag: string;
  /** The first six digits of each buyer's number; their count makes the last four. */
  phoneStart?: string;
}

let buyers = 0;

/** Pays a package through Checkout against the fake Razorpay and reads the client link from the receipt mail. */
export async function payAsClient(gateway: FakeRazorpay, mail: MailSuite, buyer: Buyer): Promise<PaidClient> {
  buyers += 1;
  const email = `${buyer.tag}.${buyers}.${Date.now()}@example.com`;
  const phone = `${buyer.phoneStart ?? '98451 6'}${String(buyers).padStart(4, '0')}`;
  const ordered = await call(createOrderFn, '/api/create-razorpay-order', {
    body: {
      packageId: buyer.packageId,
      customerName: buyer.name,
      customerEmail: email,
      customerPhone: phone,
      customerState: buyer.state,
    },
  });
  expect(ordered.status).toBe(201);
  const { orderId } = await jsonOf<{ orderId: string }>(ordered);
  expect((await call(verifyFn, '/api/verify-payment', { body: buyerPays(gateway, orderId) })).status).toBe(200);
  await settleAfterResponse();
  const receipt = mail.smtp.mails.find(
    (message) => message.to.includes(email) && message.subject.startsWith('Payment received'),
  );
  const url = /Book your sessions: (\S+)/.exec(receipt?.text ?? '')?.[1];
  expect(url, 'the receipt links the client space').toBeDefined();
  const link = new URL(url!);
  return { id: link.pathname.split('/')[2]!, token: link.searchParams.get('token')!, email, phone };
}
