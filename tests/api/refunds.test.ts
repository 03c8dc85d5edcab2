import { describe, expect, test } from 'vitest';
import leadSourcesFn from '../../netlify/functions/admin-lead-sources.mts';
import createOrderFn from '../../netlify/functions/create-razorpay-order.mts';
import refundsFn from '../../netlify/functions/admin-refunds.mts';
import paymentsFn from '../../netlify/functions/payments.mts';
import webhookFn from '../../netlify/functions/razorpay-webhook.mts';
import type { LeadsBySourceAnswer } from '../../src/lib/schemas/notifications';
import type { RefundAnswer, RefundSummary } from '../../src/lib/schemas/refund';
import { clientOfPayment, sessionsLeft } from '../../src/server/clients/store';
import { documentsOfPayment } from '../../src/server/invoices/documents';
import { paymentForOrder } from '../../src/server/payments/orders';
import { readLedger } from '../../src/server/refunds/ledger';
import { adminCookie } from './support/admin';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { razorpayId } from './support/fake-razorpay';
import { bundleFunction, callInParallelProcesses } from './support/function-process';
import { OWNER_ADDRESS } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { bookPackage, startOrder, useFakeGateway, webhookDelivery } from './support/payments';

// Refunds from the admin (docs/payments.md, Refunds) through the real handlers, the local Blobs server,
// the fake Razorpay (Refunds API and its signed refund webhooks) and a real SMTP server.
const gateway = useFakeGateway();
const receivers = useMailReceivers();

const unique = () => Math.random().toString(36).slice(2, 8);
const ASCEND_PLUS_PAISE = 1059900;

const deliver = (delivery: { rawBody: string; headers: Record<string, string> }) =>
  call(webhookFn, '/api/razorpay-webhook', { rawBody: delivery.rawBody, headers: delivery.headers, origin: null });

/** A client pays Ascend Plus at checkout (Razorpay's signed payment.captured) and its follow-up runs. */
async function paidPayment(attribution?: { source: string; medium: string }) {
  const email = `client.${unique()}@example.com`;
  const response = await call(createOrderFn, '/api/create-razorpay-order', {
    body: {
      packageId: 'ascend-plus',
      customerName: 'Meera Iyer',
      customerEmail: email,
      customerPhone: '98450 55555',
      customerState: 'Karnataka',
      ...(attribution ? { attribution } : {}),
    },
  });
  expect(response.status).toBe(201);
  const order = await jsonOf<{ orderId: string }>(response);
  const razorpayPaymentId = razorpayId('pay');
  gateway().pay(order.orderId, razorpayPaymentId, 'captured');
  expect(
    (
      await deliver(
        webhookDelivery('payment.captured', {
          id: razorpayPaymentId,
          order_id: order.orderId,
          amount: ASCEND_PLUS_PAISE,
          status: 'captured',
        }),
      )
    ).status,
  ).toBe(200);
  await settleAfterResponse();
  const payment = (await paymentForOrder(order.orderId))!;
  expect(payment.status).toBe('captured');
  return { payment, email };
}

async function refund(
  paymentId: string,
  body: Record<string, unknown>,
  options: { cookie?: string | null; key?: string } = {},
) {
  const cookie = options.cookie === undefined ? await adminCookie() : options.cookie;
  return call(refundsFn, `/api/admin/payments/${paymentId}/refund`, {
    body,
    params: { id: paymentId },
    ...(cookie ? { cookie } : {}),
    ...(options.key ? { headers: { 'idempotency-key': options.key } } : {}),
  });
}

async function accepted(paymentId: string, body: Record<string, unknown>, key?: string) {
  const response = await refund(paymentId, body, key ? { key } : {});
  expect(response.status).toBe(202);
  return (await jsonOf<RefundAnswer>(response)).refund;
}

/** Razorpay settles the refund and its signed webhook reaches the site; the follow-up runs. */
async function settle(refundId: string, outcome: 'processed' | 'failed') {
  const { delivery } = await gateway().settleRefund(refundId, outcome);
  const response = await deliver(delivery);
  expect(response.status).toBe(200);
  await settleAfterResponse();
  return { delivery, answer: await jsonOf<{ status: string }>(response) };
}

async function summaryOf(paymentId: string): Promise<RefundSummary | null> {
  const response = await call(paymentsFn, '/api/payments?limit=100', { cookie: await adminCookie() });
  const { items } = await jsonOf<{ items: Array<{ id: string; refunds: RefundSummary | null }> }>(response);
  return items.find((item) => item.id === paymentId)?.refunds ?? null;
}

const mailsTo = (address: string, subject: string) =>
  receivers.smtp.mails.filter((mail) => mail.to.includes(address) && mail.subject.startsWith(subject));
const ownerMailsAbout = (refundId: string) =>
  receivers.smtp.mails.filter((mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(refundId));

describe('POST /api/admin/payments/{id}/refund', () => {
  test('a full refund: 202 pending, then only the signed refund.processed marks it; client and owner told; revenue net of it', async () => {
    const source = { source: `refunds-${unique()}`, medium: 'cpc' };
    const { payment, email } = await paidPayment(source);

    const answer = await accepted(payment.id, { reason: 'Money-back guarantee after the first session' });
    expect(answer).toMatchObject({ amount: 10599, status: 'pending' });
    expect(answer.id).toMatch(/^rfnd_/);
    expect(gateway().refunds.get(answer.id)).toMatchObject({
      amount: ASCEND_PLUS_PAISE,
      payment_id: payment.razorpayPaymentId,
      status: 'pending',
      speed_requested: 'normal',
    });
    await settleAfterResponse();
    expect(await summaryOf(payment.id)).toEqual({
      refundedPaise: 0,
      pendingPaise: ASCEND_PLUS_PAISE,
      leftPaise: 0,
      state: 'pending',
    });
    expect(mailsTo(email, 'Refund processed')).toHaveLength(0);

    const { answer: outcome } = await settle(answer.id, 'processed');
    expect(outcome.status).toBe('processed');
    expect((await readLedger(payment.id))?.refunds).toMatchObject([
      {
        refundId: answer.id,
        status: 'processed',
        amountPaise: ASCEND_PLUS_PAISE,
        reason: 'Money-back guarantee after the first session',
      },
    ]);
    expect(await summaryOf(payment.id)).toEqual({
      refundedPaise: ASCEND_PLUS_PAISE,
      pendingPaise: 0,
      leftPaise: 0,
      state: 'full',
    });

    const [clientMail] = mailsTo(email, 'Refund processed');
    expect(clientMail?.text).toContain('₹10,599');
    expect(clientMail?.text).toContain(payment.razorpayPaymentId!);
    expect(clientMail?.text).toContain('5-7 working days');
    // The owner's reason stays with the owner (docs/decisions/0028-visitor-mail-carries-only-our-words.md).
    expect(clientMail?.text).not.toContain('Money-back guarantee');
    expect(ownerMailsAbout(answer.id)).toHaveLength(1);
    expect(ownerMailsAbout(answer.id)[0]?.subject).toBe('Refund processed: ₹10,599 for Ascend Plus (Meera Iyer)');

    const bySource = await call(leadSourcesFn, '/api/admin/leads-by-source?days=2', { cookie: await adminCookie() });
    const row = (await jsonOf<LeadsBySourceAnswer>(bySource)).rows.find(
      (candidate) => candidate.source === source.source,
    );
    expect(row).toMatchObject({ payingClients: 1, revenue: 0, refunded: 10599 });

    // A credit note in its own series, against the payment's receipt or invoice.
    const documents = await documentsOfPayment(payment.id);
    expect(documents.map((document) => document.kind)).toEqual([
      expect.not.stringMatching(/^credit-note$/),
      'credit-note',
    ]);
    expect(documents[1]).toMatchObject({
      refundId: answer.id,
      paymentId: payment.id,
      amounts: { totalPaise: ASCEND_PLUS_PAISE },
    });
    // The money-back guarantee: a full refund ends the client's sessions.
    expect(sessionsLeft((await clientOfPayment(payment.id))!)).toBe(0);

    // Refunded in full: a second full refund has nothing left.
    const again = await refund(payment.id, { reason: 'Again' });
    expect(again.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(again)).fields).toHaveProperty('amount');
  });

  test('a partial refund, one over what is left (400 naming amount), then the rest', async () => {
    const { payment } = await paidPayment();
    const part = await accepted(payment.id, { amount: 2500.5, reason: 'Second session not held' });
    expect(part).toMatchObject({ amount: 2500.5, status: 'pending' });

    const over = await refund(payment.id, { amount: 8098.51, reason: 'Too much' });
    expect(over.status).toBe(400);
    const body = await jsonOf<{ fields: Record<string, string> }>(over);
    expect(body.fields.amount).toContain('₹8,098.50');

    const rest = await accepted(payment.id, { reason: 'The rest' });
    expect(rest.amount).toBe(8098.5);
    await settle(part.id, 'processed');
    expect(await summaryOf(payment.id)).toMatchObject({
      refundedPaise: 250050,
      pendingPaise: 809850,
      leftPaise: 0,
      state: 'partly',
    });
    // A partial refund leaves the sessions bought.
    expect(sessionsLeft((await clientOfPayment(payment.id))!)).toBe(3);
    await settle(rest.id, 'processed');
    expect(
      (await documentsOfPayment(payment.id))
        .filter((document) => document.kind === 'credit-note')
        .map((document) => document.amounts.totalPaise),
    ).toEqual([250050, 809850]);
    expect(await summaryOf(payment.id)).toEqual({
      refundedPaise: ASCEND_PLUS_PAISE,
      pendingPaise: 0,
      leftPaise: 0,
      state: 'full',
    });
    expect(sessionsLeft((await clientOfPayment(payment.id))!)).toBe(0);
    expect(
      [...gateway().refunds.values()]
        .filter((one) => one.payment_id === payment.razorpayPaymentId)
        .map((one) => one.amount),
    ).toEqual([250050, 809850]);
  });

  test('refund.failed marks it failed, frees its amount and tells the client we will contact them', async () => {
    const { payment, email } = await paidPayment();
    const first = await accepted(payment.id, { reason: 'Not satisfied' });
    await settle(first.id, 'failed');
    expect((await readLedger(payment.id))?.refunds[0]).toMatchObject({ refundId: first.id, status: 'failed' });
    expect(await summaryOf(payment.id)).toEqual({
      refundedPaise: 0,
      pendingPaise: 0,
      leftPaise: ASCEND_PLUS_PAISE,
      state: 'none',
    });
    expect(mailsTo(email, 'About your refund')[0]?.text).toContain('We will contact you');
    expect(ownerMailsAbout(first.id)[0]?.subject).toMatch(/^Refund failed/);

    const second = await accepted(payment.id, { reason: 'Not satisfied, again' });
    expect(second.amount).toBe(10599);
  });

  test('the same delivery twice, or the same refund under another event id, applies once', async () => {
    const { payment, email } = await paidPayment();
    const asked = await accepted(payment.id, { amount: 1000, reason: 'Goodwill' });
    const { delivery } = await settle(asked.id, 'processed');
    expect(await jsonOf(await deliver(delivery))).toMatchObject({ status: 'duplicate' });
    const redelivered = { ...delivery, headers: { ...delivery.headers, 'x-razorpay-event-id': razorpayId('evt') } };
    expect(await jsonOf(await deliver(redelivered))).toMatchObject({ status: 'duplicate' });
    await settleAfterResponse();
    expect((await readLedger(payment.id))?.refunds).toHaveLength(1);
    expect(mailsTo(email, 'Refund processed')).toHaveLength(1);
    expect(ownerMailsAbout(asked.id)).toHaveLength(1);
    expect((await documentsOfPayment(payment.id)).filter((document) => document.kind === 'credit-note')).toHaveLength(
      1,
    );
  });

  test('a refund made in the Razorpay dashboard is recorded when its payment is ours, within what is left', async () => {
    const { payment } = await paidPayment();
    const made = gateway().refundInDashboard(payment.razorpayPaymentId!, 300000);
    await settle(made.id, 'processed');
    expect((await readLedger(payment.id))?.refunds).toMatchObject([
      { refundId: made.id, origin: 'razorpay', status: 'processed', amountPaise: 300000, reason: null },
    ]);
    expect(await summaryOf(payment.id)).toMatchObject({ refundedPaise: 300000, leftPaise: 759900, state: 'partly' });
    const over = await refund(payment.id, { amount: 7600, reason: 'More than is left' });
    expect(over.status).toBe(400);
  });

  test('a bad signature is refused and changes nothing', async () => {
    const { payment } = await paidPayment();
    const asked = await accepted(payment.id, { reason: 'Not satisfied' });
    const { delivery } = await gateway().settleRefund(asked.id, 'processed');
    const forged = { ...delivery, headers: { ...delivery.headers, 'x-razorpay-signature': 'f'.repeat(64) } };
    expect((await deliver(forged)).status).toBe(400);
    expect((await readLedger(payment.id))?.refunds[0]).toMatchObject({ status: 'pending' });
  });

  test('sign-in, a captured payment, a valid body and Razorpay agreeing are all required; a refusal gives the amount back', async () => {
    const { payment } = await paidPayment();
    expect((await refund(payment.id, { reason: 'No session' }, { cookie: null })).status).toBe(401);
    const bad = await refund(payment.id, { amount: 10.005, reason: '' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(bad)).fields).sort()).toEqual([
      'amount',
      'reason',
    ]);
    expect((await refund('1234567890123-0123456789', { reason: 'Unknown' })).status).toBe(404);

    const { booking } = await bookPackage('ascend-plus');
    const order = await startOrder('ascend-plus', booking.id, { customerState: 'Karnataka' });
    const unpaid = (await paymentForOrder(order.orderId))!;
    expect((await refund(unpaid.id, { reason: 'Not paid' })).status).toBe(409);

    gateway().failWith(400);
    const refused = await refund(payment.id, { reason: 'Refused' });
    expect(refused.status).toBe(502);
    gateway().failWith(null);
    expect(await summaryOf(payment.id)).toMatchObject({ leftPaise: ASCEND_PLUS_PAISE, state: 'none' });
    expect((await readLedger(payment.id))?.refunds).toEqual([]);
  });

  test('the same Idempotency-Key is the same refund', async () => {
    const { payment } = await paidPayment();
    const key = `dialog-${unique()}-${unique()}`;
    const first = await accepted(payment.id, { amount: 500, reason: 'Goodwill' }, key);
    const second = await accepted(payment.id, { amount: 500, reason: 'Goodwill' }, key);
    expect(second.id).toBe(first.id);
    expect((await readLedger(payment.id))?.refunds).toHaveLength(1);
    expect([...gateway().refunds.values()].filter((one) => one.payment_id === payment.razorpayPaymentId)).toHaveLength(
      1,
    );
  });

  test('an amount that is not a positive number of whole paise is a 400 naming amount, and nothing is held or asked', async () => {
    const { payment } = await paidPayment();
    const callsBefore = gateway().requests.filter((request) => request.path.endsWith('/refund')).length;
    for (const amount of [1e-9, 0.001, -1, '100', 0, 12.345, null]) {
      const response = await refund(payment.id, { amount, reason: 'Odd amount' });
      expect(response.status, `amount ${String(amount)}`).toBe(400);
      expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(response)).fields)).toEqual(['amount']);
    }
    expect(await readLedger(payment.id)).toBeNull();
    expect(gateway().requests.filter((request) => request.path.endsWith('/refund'))).toHaveLength(callsBefore);
    // One paisa is a whole paise amount: held and asked of Razorpay, which refuses less than ₹1 (502, given back).
    expect((await refund(payment.id, { amount: 0.01, reason: 'One paisa' })).status).toBe(502);
    expect((await readLedger(payment.id))?.refunds).toEqual([]);
  });

  test('four refunds at once from separate processes under one Idempotency-Key: one Razorpay call, one ledger entry, one refund for all four', async () => {
    const { payment } = await paidPayment();
    // Razorpay takes a while to create it: the repeats arrive while the first is in progress.
    gateway().slowRefunds(1500);
    const cookie = await adminCookie();
    const bundle = await bundleFunction('netlify/functions/admin-refunds.mts');
    const request = {
      url: `${SITE}/api/admin/payments/${payment.id}/refund`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie,
        origin: SITE,
        'idempotency-key': `dialog-${unique()}-${unique()}`,
      },
      body: JSON.stringify({ amount: 2500, reason: 'Double-clicked' }),
      params: { id: payment.id },
    };
    const answers = await callInParallelProcesses(bundle, [request, request, request, request]);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202, 202, 202]);
    const ids = new Set(answers.map((answer) => (answer.body as RefundAnswer).refund.id));
    expect(ids.size).toBe(1);
    const calls = gateway().requests.filter(
      (one) => one.method === 'POST' && one.path === `/v1/payments/${payment.razorpayPaymentId}/refund`,
    );
    expect(calls).toHaveLength(1);
    const ledger = await readLedger(payment.id);
    expect(ledger?.refunds).toMatchObject([{ refundId: [...ids][0], amountPaise: 250000, origin: 'admin' }]);
    // Settled once: no refund is recorded as made in the dashboard.
    await settle([...ids][0]!, 'processed');
    expect((await readLedger(payment.id))?.refunds.map((entry) => entry.origin)).toEqual(['admin']);
  }, 60_000);

  test('a repeat of the key while Razorpay is still creating the refund waits for it; past the wait it is 409, never a refund of its own', async () => {
    const { payment } = await paidPayment();
    const key = `dialog-${unique()}-${unique()}`;
    gateway().slowRefunds(8000);
    const first = refund(payment.id, { amount: 1000, reason: 'Slow gateway' }, { key });
    // The repeat comes once the first has held the amount and is waiting on Razorpay.
    await expect
      .poll(async () => (await readLedger(payment.id))?.refunds.length ?? 0, { timeout: 5000, interval: 50 })
      .toBe(1);
    const repeat = await refund(payment.id, { amount: 1000, reason: 'Slow gateway' }, { key });
    expect(repeat.status).toBe(409);
    expect((await jsonOf<{ error: string }>(repeat)).error).toContain('already being made');
    const made = await first;
    expect(made.status).toBe(202);
    const { refund: answer } = await jsonOf<RefundAnswer>(made);
    const again = await accepted(payment.id, { amount: 1000, reason: 'Slow gateway' }, key);
    expect(again.id).toBe(answer.id);
    expect(
      gateway().requests.filter(
        (one) => one.method === 'POST' && one.path === `/v1/payments/${payment.razorpayPaymentId}/refund`,
      ),
    ).toHaveLength(1);
    expect((await readLedger(payment.id))?.refunds).toHaveLength(1);
  }, 60_000);

  test('three refunds at once from separate processes never add up to more than the payment', async () => {
    const { payment } = await paidPayment();
    const cookie = await adminCookie();
    const bundle = await bundleFunction('netlify/functions/admin-refunds.mts');
    const request = {
      url: `${SITE}/api/admin/payments/${payment.id}/refund`,
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin: SITE },
      body: JSON.stringify({ amount: 5000, reason: 'At once' }),
      params: { id: payment.id },
    };
    const answers = await callInParallelProcesses(bundle, [request, request, request]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 202, 400]);
    const ledger = await readLedger(payment.id);
    expect(ledger?.refunds.map((entry) => entry.amountPaise)).toEqual([500000, 500000]);
    const atGateway = [...gateway().refunds.values()].filter((one) => one.payment_id === payment.razorpayPaymentId);
    expect(atGateway.reduce((sum, one) => sum + one.amount, 0)).toBe(1000000);
  }, 60_000);
});
