import { describe, expect, test } from 'vitest';
import paymentRequestsFn from '../../netlify/functions/admin-payment-requests.mts';
import receiptFn from '../../netlify/functions/payment-receipt.mts';
import paymentsFn from '../../netlify/functions/payments.mts';
import webhookFn from '../../netlify/functions/razorpay-webhook.mts';
import { OWNER_ADDED_SOURCE } from '../../src/lib/admin/leadSource';
import { bookings } from '../../src/server/leads/bookings';
import { clientOfPayment } from '../../src/server/clients/store';
import { paymentRequests } from '../../src/server/paymentRequests/store';
import { payments } from '../../src/server/leads/payments';
import { adminCookie } from './support/admin';
import { call, jsonOf, settleAfterResponse } from './support/call';
import { TEST_WEBHOOK_SECRET, signWebhook } from './support/fake-razorpay';
import { OWNER_ADDRESS, clearNotificationEnv } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { bookPackage, clearGatewayEnv, useFakeGateway } from './support/payments';

// Real handlers against a real local Blobs server, the fake Razorpay (Payment Links) and a
// real SMTP server: the owner's request, Razorpay's webhook, the mails that follow.
const gateway = useFakeGateway();
const receivers = useMailReceivers();

interface RequestAnswer {
  request: {
    id: string;
    status: string;
    url: string;
    linkId: string;
    amount: number;
    bookingId: string;
    expiresAt: string;
    paymentId: string | null;
    sessions: number | null;
  };
}

const unique = () => Math.random().toString(36).slice(2, 8);

async function requestPayment(body: Record<string, unknown>, cookie?: string) {
  return call(paymentRequestsFn, '/api/admin/payment-requests', {
    body: { customerState: 'Karnataka', ...body },
    cookie: cookie ?? (await adminCookie()),
  });
}

async function lifeCoachingRequest(amount = 18000, extra: Record<string, unknown> = {}) {
  const email = `client.${unique()}@example.com`;
  const { booking } = await bookPackage('life-coaching', { email });
  const response = await requestPayment({
    bookingId: booking.id,
    name: 'Priya Raman',
    email,
    phone: '98450 12345',
    amount,
    packageId: 'life-coaching',
    description: 'Life Coaching: 6 sessions',
    ...extra,
  });
  expect(response.status).toBe(201);
  const { request } = await jsonOf<RequestAnswer>(response);
  await settleAfterResponse();
  return { booking, request, email };
}

const deliver = (delivery: { rawBody: string; headers: Record<string, string> }) =>
  call(webhookFn, '/api/razorpay-webhook', { rawBody: delivery.rawBody, headers: delivery.headers, origin: null });

async function paymentsOfBooking(bookingId: string) {
  const response = await call(paymentsFn, `/api/payments?bookingId=${bookingId}`, { cookie: await adminCookie() });
  expect(response.status).toBe(200);
  return (
    await jsonOf<{
      items: Array<{
        status: string;
        amount: number;
        amountPaise: number;
        razorpayPaymentId: string;
        paymentRequestId?: string;
      }>;
    }>(response)
  ).items;
}

describe('POST /api/admin/payment-requests', () => {
  test('makes a Razorpay Payment Link for the amount in paise, with our request id as reference_id, and stores the request', async () => {
    const before = Date.now();
    const { booking, request } = await lifeCoachingRequest(18000);
    expect(request).toMatchObject({ status: 'created', amount: 18000, bookingId: booking.id });
    expect(request.linkId).toMatch(/^plink_/);
    expect(request.url).toBe(gateway().links.get(request.linkId)!.short_url);

    const sent = gateway()
      .requests.filter((entry) => entry.method === 'POST' && entry.path === '/v1/payment_links')
      .at(-1)!;
    expect(sent.authorised).toBe(true);
    expect(sent.body).toMatchObject({
      amount: 1800000,
      currency: 'INR',
      reference_id: request.id,
      description: 'Life Coaching: 6 sessions',
      callback_method: 'get',
      customer: { name: 'Priya Raman', contact: '+919845012345' },
    });
    const body = sent.body as { callback_url: string; expire_by: number };
    expect(body.callback_url).toBe('http://localhost:8888/thank-you?type=payment-link');
    // Seven days by default, in Unix seconds.
    expect(body.expire_by * 1000).toBeGreaterThanOrEqual(before + 7 * 86_400_000 - 2000);
    expect(body.expire_by * 1000).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);

    expect(await paymentRequests.get(request.id)).toMatchObject({
      status: 'created',
      linkId: request.linkId,
      amountPaise: 1800000,
    });
    const listed = await call(paymentRequestsFn, '/api/admin/payment-requests?limit=1', {
      cookie: await adminCookie(),
    });
    expect((await jsonOf<{ items: Array<{ id: string }> }>(listed)).items[0]!.id).toBe(request.id);
  });

  test('the amount must be positive whole rupees up to the limit: 400 naming the field, nothing asked of Razorpay, nothing stored', async () => {
    const cookie = await adminCookie();
    const asked = gateway().requests.length;
    const stored = await paymentRequests.count();
    for (const amount of [0, -500, 12.5, '18000', 500_001, null]) {
      const response = await requestPayment(
        { name: 'Priya Raman', phone: '98450 12345', amount, description: 'Agreed fee' },
        cookie,
      );
      expect(response.status, `amount ${amount}`).toBe(400);
      expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toHaveProperty('amount');
    }
    const noDescription = await requestPayment({ name: 'Priya Raman', phone: '98450 12345', amount: 5000 }, cookie);
    expect((await jsonOf<{ fields: Record<string, string> }>(noDescription)).fields).toHaveProperty('description');
    const badExpiry = await requestPayment(
      { name: 'Priya Raman', phone: '98450 12345', amount: 5000, description: 'Agreed fee', expiresInDays: 0 },
      cookie,
    );
    expect((await jsonOf<{ fields: Record<string, string> }>(badExpiry)).fields).toHaveProperty('expiresInDays');
    // The place of supply on the client's tax invoice is asked on every request.
    const noState = await requestPayment(
      { name: 'Priya Raman', phone: '98450 12345', amount: 5000, description: 'Agreed fee', customerState: undefined },
      cookie,
    );
    expect((await jsonOf<{ fields: Record<string, string> }>(noState)).fields).toHaveProperty('customerState');
    expect(gateway().requests.length).toBe(asked);
    expect(await paymentRequests.count()).toBe(stored);
  });

  test('stores the sessions agreed for the fee; left out, none are named', async () => {
    const { request } = await lifeCoachingRequest(18000, { sessions: 6 });
    expect(request).toMatchObject({ sessions: 6 });
    expect(await paymentRequests.get(request.id)).toMatchObject({ sessions: 6 });
    const zero = await lifeCoachingRequest(2000, { sessions: 0 });
    expect((await paymentRequests.get(zero.request.id))?.sessions).toBe(0);
    const unnamed = await lifeCoachingRequest(9000);
    expect((await paymentRequests.get(unnamed.request.id))?.sessions).toBeNull();
  });

  test('sessions must be a whole number from 0 to 20: 400 naming the field, nothing asked of Razorpay, nothing stored', async () => {
    const cookie = await adminCookie();
    const asked = gateway().requests.length;
    const stored = await paymentRequests.count();
    for (const sessions of [-1, 21, 2.5, '3', null]) {
      const response = await requestPayment(
        { name: 'Priya Raman', phone: '98450 12345', amount: 5000, description: 'Agreed fee', sessions },
        cookie,
      );
      expect(response.status, `sessions ${sessions}`).toBe(400);
      expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toHaveProperty('sessions');
    }
    expect(gateway().requests.length).toBe(asked);
    expect(await paymentRequests.count()).toBe(stored);
  });

  test('without Razorpay keys: 503 saying what to set, nothing asked or stored', async () => {
    clearGatewayEnv();
    const asked = gateway().requests.length;
    const stored = await paymentRequests.count();
    const response = await requestPayment({
      name: 'Priya Raman',
      phone: '98450 12345',
      amount: 5000,
      description: 'Agreed fee',
    });
    expect(response.status).toBe(503);
    expect((await jsonOf<{ error: string }>(response)).error).toContain('RAZORPAY_KEY_ID');
    expect(gateway().requests.length).toBe(asked);
    expect(await paymentRequests.count()).toBe(stored);
  });

  test('needs a session and the site as Origin', async () => {
    const body = { name: 'Priya Raman', phone: '98450 12345', amount: 5000, description: 'Agreed fee' };
    expect((await call(paymentRequestsFn, '/api/admin/payment-requests', { body })).status).toBe(401);
    expect(
      (
        await call(paymentRequestsFn, '/api/admin/payment-requests', {
          body,
          cookie: await adminCookie(),
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    expect((await call(paymentRequestsFn, '/api/admin/payment-requests')).status).toBe(401);
  });

  test("without a booking (a contact message), the request gets a booking of its own, not announced as a lead; a stranger's is 'Added by the owner'", async () => {
    const response = await requestPayment({
      name: 'Arjun Mehta',
      phone: '98450 55555',
      amount: 7500,
      description: 'Career coaching, 3 sessions',
    });
    expect(response.status).toBe(201);
    const { request } = await jsonOf<RequestAnswer>(response);
    await settleAfterResponse();
    expect(await bookings.get(request.bookingId)).toMatchObject({
      fullName: 'Arjun Mehta',
      paymentStatus: 'pending',
      amount: 7500,
      source: 'payment-request',
      // No earlier lead of this number or mailbox: counted in 'Leads by source' under the owner (docs/payments.md).
      attribution: { source: OWNER_ADDED_SOURCE },
    });
    expect(receivers.smtp.mails.filter((mail) => mail.text.includes(request.bookingId))).toHaveLength(0);
  });

  test('asked to e-mail the link without mail settings: 503 saying so, no link made', async () => {
    clearNotificationEnv();
    const asked = gateway().requests.length;
    const response = await requestPayment({
      name: 'Priya Raman',
      email: 'priya@example.com',
      phone: '98450 12345',
      amount: 5000,
      description: 'Agreed fee',
      emailCustomer: true,
    });
    expect(response.status).toBe(503);
    expect((await jsonOf<{ error: string }>(response)).error).toContain('SMTP_URL');
    expect(gateway().requests.length).toBe(asked);
    const noAddress = await requestPayment({
      name: 'Priya Raman',
      phone: '98450 12345',
      amount: 5000,
      description: 'Agreed fee',
      emailCustomer: true,
    });
    expect((await jsonOf<{ fields: Record<string, string> }>(noAddress)).fields).toHaveProperty('email');
  });

  test('e-mails the link to the customer through the outbox when asked', async () => {
    const { request, email } = await lifeCoachingRequest(9000, { emailCustomer: true });
    const mails = receivers.smtp.mails.filter(
      (mail) => mail.to.includes(email) && mail.subject.startsWith('Your payment link'),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(request.url);
    expect(mails[0]!.text).toContain('₹9,000');
  });
});

describe('POST /api/admin/payment-requests/{id}/cancel', () => {
  const cancel = async (id: string) =>
    call(paymentRequestsFn, `/api/admin/payment-requests/${id}/cancel`, {
      method: 'POST',
      params: { id },
      cookie: await adminCookie(),
    });

  test('cancels the link at Razorpay and here', async () => {
    const { request } = await lifeCoachingRequest();
    const response = await cancel(request.id);
    expect(response.status).toBe(200);
    expect((await jsonOf<RequestAnswer>(response)).request.status).toBe('cancelled');
    expect(gateway().links.get(request.linkId)!.status).toBe('cancelled');
    expect(await paymentRequests.get(request.id)).toMatchObject({ status: 'cancelled' });
    // The customer can no longer pay it.
    await expect(gateway().payLink(request.linkId)).rejects.toThrow(/cancelled/);
  });

  test('an unknown id is a 404, a malformed one a 400 naming it', async () => {
    expect((await cancel('9999999999999-0000000000')).status).toBe(404);
    const malformed = await cancel('nope');
    expect(malformed.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(malformed)).fields).toHaveProperty('id');
  });
});

describe('payment_link.paid webhook', () => {
  test("marks the request paid, records the captured payment from Razorpay's amount, the booking paid, and mails owner and customer", async () => {
    const { booking, request, email } = await lifeCoachingRequest(18000);
    const { payment, delivery } = await gateway().payLink(request.linkId);
    const response = await deliver(delivery);
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({ received: true, status: 'processed' });
    await settleAfterResponse();

    const paid = await paymentRequests.get(request.id);
    expect(paid).toMatchObject({ status: 'paid', razorpayPaymentId: payment.id });
    const listed = await paymentsOfBooking(booking.id);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      status: 'captured',
      amount: 18000,
      amountPaise: 1800000,
      razorpayPaymentId: payment.id,
      paymentRequestId: request.id,
      customerState: 'Karnataka',
    });
    expect(paid!.paymentId).toBe((await payments.all()).find((item) => item.razorpayPaymentId === payment.id)!.id);
    // Life coaching is priced after the consultation: the booking now carries the agreed fee.
    expect(await bookings.get(booking.id)).toMatchObject({ paymentStatus: 'paid', amount: 18000 });

    const owner = receivers.smtp.mails.filter(
      (mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(payment.id),
    );
    expect(owner).toHaveLength(1);
    expect(owner[0]!.subject).toBe('Payment captured: ₹18,000 for Life Coaching: 6 sessions (Priya Raman)');
    const receipt = receivers.smtp.mails.filter(
      (mail) => mail.to.includes(email) && mail.subject.startsWith('Payment received'),
    );
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text).toContain('Amount paid: ₹18,000');
  });

  test('"Something else" with 2 sessions: once paid, the client has 2 sessions to book', async () => {
    const response = await requestPayment({
      name: 'Arjun Mehta',
      phone: '98450 66666',
      amount: 7000,
      description: 'Two interview practice sessions',
      sessions: 2,
    });
    expect(response.status).toBe(201);
    const { request } = await jsonOf<RequestAnswer>(response);
    expect(request.sessions).toBe(2);
    await settleAfterResponse();
    const { delivery } = await gateway().payLink(request.linkId);
    expect((await deliver(delivery)).status).toBe(200);
    await settleAfterResponse();

    const paid = await paymentRequests.get(request.id);
    expect(paid).toMatchObject({ status: 'paid', sessions: 2, packageId: null });
    // The client is made by the payment's follow-up; read back from the store.
    const client = await clientOfPayment(paid!.paymentId!);
    expect(client).toMatchObject({
      paymentId: paid!.paymentId,
      packageId: null,
      packageName: 'Two interview practice sessions',
      sessionsTotal: 2,
      seats: [],
      endedAt: null,
    });
  });

  test('the thank-you page after the link: being confirmed until the webhook, then the receipt; another payment id is not found', async () => {
    const { request } = await lifeCoachingRequest(18000);
    const { payment, delivery, redirect } = await gateway().payLink(request.linkId);
    const back = new URL(redirect!);
    expect(back.pathname).toBe('/thank-you');
    expect(back.searchParams.get('type')).toBe('payment-link');
    const query = {
      link: back.searchParams.get('razorpay_payment_link_id')!,
      reference: back.searchParams.get('razorpay_payment_link_reference_id')!,
      payment: back.searchParams.get('razorpay_payment_id')!,
    };
    expect(query).toEqual({ link: request.linkId, reference: request.id, payment: payment.id });
    const receipt = (params: Record<string, string>) =>
      call(receiptFn, `/api/payment-receipt?${new URLSearchParams(params)}`);
    expect(await jsonOf(await receipt(query))).toEqual({ status: 'pending' });
    await deliver(delivery);
    await settleAfterResponse();
    expect(await jsonOf(await receipt(query))).toEqual({
      status: 'captured',
      amount: 18000,
      packageName: 'Life Coaching: 6 sessions',
    });
    expect((await receipt({ ...query, payment: 'pay_SomeoneElse0001' })).status).toBe(404);
    expect((await receipt({ ...query, link: 'plink_NotThisOne001' })).status).toBe(404);
    const malformed = await receipt({ ...query, reference: 'x' });
    expect(malformed.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(malformed)).fields).toHaveProperty('reference');
  });

  test('a duplicate delivery, and the same payment under another event id, change nothing', async () => {
    const { booking, request, email } = await lifeCoachingRequest(12000);
    const { payment, delivery } = await gateway().payLink(request.linkId);
    expect((await jsonOf(await deliver(delivery))).status).toBe('processed');
    await settleAfterResponse();
    const after = await paymentRequests.get(request.id);

    expect((await jsonOf(await deliver(delivery))).status).toBe('duplicate');
    const otherId = {
      ...delivery,
      headers: { ...delivery.headers, 'x-razorpay-event-id': `${delivery.headers['x-razorpay-event-id']}x` },
    };
    expect((await deliver(otherId)).status).toBe(200);
    await settleAfterResponse();

    expect(await paymentRequests.get(request.id)).toEqual(after);
    expect(await paymentsOfBooking(booking.id)).toHaveLength(1);
    expect(
      receivers.smtp.mails.filter((mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(payment.id)),
    ).toHaveLength(1);
    expect(
      receivers.smtp.mails.filter((mail) => mail.to.includes(email) && mail.subject.startsWith('Payment received')),
    ).toHaveLength(1);
  });

  test('the same payment again, signed and without created_at, under a new event id: still one payment record and one owner mail', async () => {
    const { booking, request, email } = await lifeCoachingRequest(9000);
    const { payment, delivery } = await gateway().payLink(request.linkId);
    expect(await jsonOf(await deliver(delivery))).toMatchObject({ status: 'processed' });
    await settleAfterResponse();
    expect(await paymentsOfBooking(booking.id)).toHaveLength(1);

    const body = JSON.parse(delivery.rawBody) as { payload: { payment: { entity: Record<string, unknown> } } };
    expect(body.payload.payment.entity.created_at).toEqual(expect.any(Number));
    delete body.payload.payment.entity.created_at;
    const rawBody = JSON.stringify(body);
    const again = {
      rawBody,
      headers: {
        ...delivery.headers,
        'x-razorpay-event-id': `${delivery.headers['x-razorpay-event-id']}-again`,
        'x-razorpay-signature': signWebhook(rawBody, TEST_WEBHOOK_SECRET),
      },
    };
    expect(await jsonOf(await deliver(again))).toMatchObject({ status: 'processed' });
    await settleAfterResponse();

    expect(await paymentsOfBooking(booking.id)).toHaveLength(1);
    expect((await payments.all()).filter((item) => item.razorpayPaymentId === payment.id)).toHaveLength(1);
    expect(
      receivers.smtp.mails.filter((mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(payment.id)),
    ).toHaveLength(1);
    expect(
      receivers.smtp.mails.filter((mail) => mail.to.includes(email) && mail.subject.startsWith('Payment received')),
    ).toHaveLength(1);
  });

  test("the amount is Razorpay's: a signed event for less than the request records nothing; the genuine one records its own amount", async () => {
    const { booking, request, email } = await lifeCoachingRequest(16000);
    const { payment, delivery } = await gateway().payLink(request.linkId);
    const body = JSON.parse(delivery.rawBody) as { payload: { payment: { entity: { amount: number } } } };
    body.payload.payment.entity.amount = 100;
    const rawBody = JSON.stringify(body);
    const signedLess = {
      rawBody,
      headers: {
        ...delivery.headers,
        'x-razorpay-event-id': `${delivery.headers['x-razorpay-event-id']}-less`,
        'x-razorpay-signature': signWebhook(rawBody, TEST_WEBHOOK_SECRET),
      },
    };
    expect(await jsonOf(await deliver(signedLess))).toMatchObject({ status: 'ignored', reason: 'amount mismatch' });
    await settleAfterResponse();
    expect(await paymentRequests.get(request.id)).toMatchObject({ status: 'created', paymentId: null });
    expect(await paymentsOfBooking(booking.id)).toHaveLength(0);
    expect(receivers.smtp.mails.filter((mail) => mail.to.includes(email))).toEqual([]);

    expect(await jsonOf(await deliver(delivery))).toMatchObject({ status: 'processed' });
    await settleAfterResponse();
    const [recorded] = await paymentsOfBooking(booking.id);
    expect(recorded).toMatchObject({ amount: 16000, amountPaise: 1600000, razorpayPaymentId: payment.id });
  });

  test('a forged or tampered delivery is refused with 400 and changes nothing', async () => {
    const { booking, request } = await lifeCoachingRequest(15000);
    const { delivery } = await gateway().payLink(request.linkId);
    const forged = {
      ...delivery,
      headers: { ...delivery.headers, 'x-razorpay-signature': signWebhook(delivery.rawBody, 'guessed-secret') },
    };
    expect((await deliver(forged)).status).toBe(400);
    const tampered = { ...delivery, rawBody: delivery.rawBody.replace('"amount":1500000', '"amount":100') };
    expect(tampered.rawBody).not.toBe(delivery.rawBody);
    expect((await deliver(tampered)).status).toBe(400);
    await settleAfterResponse();
    expect(await paymentRequests.get(request.id)).toMatchObject({ status: 'created', paymentId: null });
    expect(await paymentsOfBooking(booking.id)).toHaveLength(0);
    expect((await bookings.get(booking.id))!.paymentStatus).toBeNull();
  });

  test('a paid request cannot be cancelled: 409, it stays paid', async () => {
    const { request } = await lifeCoachingRequest(6000);
    const { delivery } = await gateway().payLink(request.linkId);
    await deliver(delivery);
    await settleAfterResponse();
    const response = await call(paymentRequestsFn, `/api/admin/payment-requests/${request.id}/cancel`, {
      method: 'POST',
      params: { id: request.id },
      cookie: await adminCookie(),
    });
    expect(response.status).toBe(409);
    expect(await paymentRequests.get(request.id)).toMatchObject({ status: 'paid' });
    expect(gateway().links.get(request.linkId)!.status).toBe('paid');
  });

  test('paid at Razorpay before our record knew: the cancel is refused with 409 and the webhook still records the payment', async () => {
    const { booking, request } = await lifeCoachingRequest(6500);
    const { delivery } = await gateway().payLink(request.linkId);
    const response = await call(paymentRequestsFn, `/api/admin/payment-requests/${request.id}/cancel`, {
      method: 'POST',
      params: { id: request.id },
      cookie: await adminCookie(),
    });
    expect(response.status).toBe(409);
    expect((await deliver(delivery)).status).toBe(200);
    await settleAfterResponse();
    expect(await paymentRequests.get(request.id)).toMatchObject({ status: 'paid' });
    expect(await paymentsOfBooking(booking.id)).toHaveLength(1);
  });

  test('payment_link.expired marks the request expired', async () => {
    const { request } = await lifeCoachingRequest(4000);
    const { delivery } = await gateway().expireLink(request.linkId);
    expect((await jsonOf(await deliver(delivery))).status).toBe('processed');
    expect(await paymentRequests.get(request.id)).toMatchObject({ status: 'expired' });
  });
});
