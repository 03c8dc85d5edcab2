import { getStore } from '@netlify/blobs';
import { describe, expect, test } from 'vitest';
import verifyFn from '../../netlify/functions/verify-payment.mts';
import webhookFn from '../../netlify/functions/razorpay-webhook.mts';
import { bookings } from '../../src/server/leads/bookings';
import { payments } from '../../src/server/leads/payments';
import { paymentForOrder } from '../../src/server/payments/orders';
import { SITE, call, jsonOf } from './support/call';
import { bundleFunction, callInParallelProcesses } from './support/function-process';
import { razorpayId } from './support/fake-razorpay';
import { bookPackage, buyerPays, startOrder, useFakeGateway, webhookDelivery } from './support/payments';

// Verify (used with the webhook here) asks the fake gateway for the order's amount.
const gateway = useFakeGateway();

async function pendingOrder(packageId = 'ascend-plus') {
  const { booking } = await bookPackage(packageId);
  const order = await startOrder(packageId, booking.id);
  return { booking, order };
}

const deliver = (delivery: { rawBody: string; headers: Record<string, string> }) =>
  call(webhookFn, '/api/razorpay-webhook', { rawBody: delivery.rawBody, headers: delivery.headers, origin: null });

async function paymentsOf(bookingId: string) {
  return (await payments.all()).filter((payment) => payment.bookingId === bookingId);
}

describe('POST /api/razorpay-webhook', () => {
  test('payment.captured marks the payment captured and the booking paid (the buyer closed the tab)', async () => {
    const { booking, order } = await pendingOrder();
    const paymentId = razorpayId('pay');
    const response = await deliver(
      webhookDelivery('payment.captured', {
        id: paymentId,
        order_id: order.orderId,
        amount: 1059900,
        status: 'captured',
      }),
    );
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({ received: true, status: 'processed' });
    expect(await paymentForOrder(order.orderId)).toMatchObject({
      status: 'captured',
      razorpayPaymentId: paymentId,
      confirmedBy: 'webhook',
    });
    expect(await bookings.get(booking.id)).toMatchObject({ paymentStatus: 'paid' });
  });

  test('a bad signature is rejected with 400 and changes nothing', async () => {
    const { booking, order } = await pendingOrder();
    const forged = webhookDelivery(
      'payment.captured',
      { id: razorpayId('pay'), order_id: order.orderId, amount: 1059900, status: 'captured' },
      { secret: 'guessed' },
    );
    const response = await deliver(forged);
    expect(response.status).toBe(400);
    // A body edited after signing is just as bad.
    const genuine = webhookDelivery('payment.captured', {
      id: razorpayId('pay'),
      order_id: order.orderId,
      amount: 100,
      status: 'captured',
    });
    const tampered = { ...genuine, rawBody: genuine.rawBody.replace('"amount":100', '"amount":1059900') };
    expect((await deliver(tampered)).status).toBe(400);
    const unsigned = { ...genuine, headers: { 'content-type': 'application/json' } };
    expect((await deliver(unsigned)).status).toBe(400);
    // A genuine signature with one more hex digit is not that signature.
    const paid = webhookDelivery('payment.captured', {
      id: razorpayId('pay'),
      order_id: order.orderId,
      amount: 1059900,
      status: 'captured',
    });
    const lengthened = {
      ...paid,
      headers: { ...paid.headers, 'x-razorpay-signature': `${paid.headers['x-razorpay-signature']}a` },
    };
    expect((await deliver(lengthened)).status).toBe(400);
    expect(await paymentForOrder(order.orderId)).toMatchObject({ status: 'created' });
    expect(await bookings.get(booking.id)).toMatchObject({ paymentStatus: 'pending' });
  });

  test('webhook first, then the browser verify: one paid booking, one captured payment', async () => {
    const { booking, order } = await pendingOrder();
    const success = buyerPays(gateway(), order.orderId);
    await deliver(
      webhookDelivery('order.paid', {
        id: success.razorpay_payment_id,
        order_id: order.orderId,
        amount: 1059900,
        status: 'captured',
      }),
    );
    const verified = await call(verifyFn, '/api/verify-payment', { body: success });
    expect(verified.status).toBe(200);
    const mine = await paymentsOf(booking.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      status: 'captured',
      confirmedBy: 'webhook',
      razorpayPaymentId: success.razorpay_payment_id,
    });
    expect(await bookings.get(booking.id)).toMatchObject({ paymentStatus: 'paid' });
  });

  test('browser verify first, then the webhook: one paid booking, one captured payment', async () => {
    const { booking, order } = await pendingOrder();
    const success = buyerPays(gateway(), order.orderId);
    expect((await call(verifyFn, '/api/verify-payment', { body: success })).status).toBe(200);
    const late = await deliver(
      webhookDelivery('payment.captured', {
        id: success.razorpay_payment_id,
        order_id: order.orderId,
        amount: 1059900,
        status: 'captured',
      }),
    );
    expect(late.status).toBe(200);
    const mine = await paymentsOf(booking.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'captured', confirmedBy: 'verify' });
    expect(await bookings.get(booking.id)).toMatchObject({ paymentStatus: 'paid' });
  });

  test('verify and webhook arriving at the same moment still end with one captured payment', async () => {
    const { booking, order } = await pendingOrder();
    const success = buyerPays(gateway(), order.orderId);
    const delivery = webhookDelivery('payment.captured', {
      id: success.razorpay_payment_id,
      order_id: order.orderId,
      amount: 1059900,
      status: 'captured',
    });
    const [verified, hooked] = await Promise.all([
      call(verifyFn, '/api/verify-payment', { body: success }),
      deliver(delivery),
      deliver(delivery),
    ]);
    expect(verified.status).toBe(200);
    expect(hooked.status).toBe(200);
    const mine = await paymentsOf(booking.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'captured', razorpayPaymentId: success.razorpay_payment_id });
    expect(await bookings.get(booking.id)).toMatchObject({ paymentStatus: 'paid' });
  });

  test('a duplicate event id is acknowledged and ignored', async () => {
    const { order } = await pendingOrder();
    const failedFirst = webhookDelivery(
      'payment.failed',
      {
        id: razorpayId('pay'),
        order_id: order.orderId,
        amount: 1059900,
        status: 'failed',
        error_description: 'Card declined',
      },
      { eventId: 'evt_Duplicate0001' },
    );
    expect(await jsonOf(await deliver(failedFirst))).toMatchObject({ status: 'processed' });
    expect(await paymentForOrder(order.orderId)).toMatchObject({ status: 'failed', failureReason: 'Card declined' });
    // A retry succeeded; then Razorpay redelivers the old failure with the same event id.
    await deliver(
      webhookDelivery('payment.captured', {
        id: razorpayId('pay'),
        order_id: order.orderId,
        amount: 1059900,
        status: 'captured',
      }),
    );
    const again = await deliver(failedFirst);
    expect(again.status).toBe(200);
    expect(await jsonOf(again)).toMatchObject({ status: 'duplicate' });
    expect(await paymentForOrder(order.orderId)).toMatchObject({ status: 'captured' });
  });

  test('payment.failed after capture never moves a paid record back', async () => {
    const { booking, order } = await pendingOrder();
    const success = buyerPays(gateway(), order.orderId);
    expect((await call(verifyFn, '/api/verify-payment', { body: success })).status).toBe(200);
    const response = await deliver(
      webhookDelivery('payment.failed', {
        id: razorpayId('pay'),
        order_id: order.orderId,
        amount: 1059900,
        status: 'failed',
        error_description: 'late failure',
      }),
    );
    expect(response.status).toBe(200);
    expect(await paymentForOrder(order.orderId)).toMatchObject({
      status: 'captured',
      razorpayPaymentId: success.razorpay_payment_id,
      failureReason: null,
    });
    expect(await bookings.get(booking.id)).toMatchObject({ paymentStatus: 'paid' });
  });

  test('a failed payment before any capture is recorded on the payment and the booking', async () => {
    const { booking, order } = await pendingOrder();
    await deliver(
      webhookDelivery('payment.failed', {
        id: razorpayId('pay'),
        order_id: order.orderId,
        amount: 1059900,
        status: 'failed',
        error_description: 'Bank declined',
      }),
    );
    expect(await paymentForOrder(order.orderId)).toMatchObject({ status: 'failed', failureReason: 'Bank declined' });
    expect(await bookings.get(booking.id)).toMatchObject({ paymentStatus: 'failed' });
  });

  test('a captured amount that differs from our order is ignored', async () => {
    const { booking, order } = await pendingOrder();
    const response = await deliver(
      webhookDelivery('payment.captured', {
        id: razorpayId('pay'),
        order_id: order.orderId,
        amount: 100,
        status: 'captured',
      }),
    );
    expect(await jsonOf(response)).toMatchObject({ status: 'ignored', reason: 'amount mismatch' });
    expect(await paymentForOrder(order.orderId)).toMatchObject({ status: 'created' });
    expect(await bookings.get(booking.id)).toMatchObject({ paymentStatus: 'pending' });
  });

  test('unknown orders and other events are acknowledged without changes', async () => {
    const unknown = await deliver(
      webhookDelivery('payment.captured', {
        id: razorpayId('pay'),
        order_id: razorpayId('order'),
        amount: 1059900,
        status: 'captured',
      }),
    );
    expect(await jsonOf(unknown)).toMatchObject({ status: 'ignored', reason: 'unknown order' });
    const other = await deliver(
      webhookDelivery('refund.created', {
        id: razorpayId('pay'),
        order_id: razorpayId('order'),
        amount: 1059900,
        status: 'refunded',
      }),
    );
    expect(await jsonOf(other)).toMatchObject({ status: 'ignored' });
  });

  test('without a webhook secret the endpoint answers 503', async () => {
    const { order } = await pendingOrder();
    const delivery = webhookDelivery('payment.captured', {
      id: razorpayId('pay'),
      order_id: order.orderId,
      amount: 1059900,
      status: 'captured',
    });
    delete process.env.RAZORPAY_WEBHOOK_SECRET;
    expect((await deliver(delivery)).status).toBe(503);
    expect(await paymentForOrder(order.orderId)).toMatchObject({ status: 'created' });
  });

  test('two deliveries of one event at the same moment, in two processes, apply once', async () => {
    const { booking, order } = await pendingOrder();
    const eventId = `evt_${razorpayId('pay').slice(4)}`;
    const delivery = webhookDelivery(
      'payment.failed',
      {
        id: razorpayId('pay'),
        order_id: order.orderId,
        amount: 1059900,
        status: 'failed',
        error_description: 'Card declined',
      },
      { eventId },
    );
    const bundle = await bundleFunction('netlify/functions/razorpay-webhook.mts');
    const request = {
      url: `${SITE}/api/razorpay-webhook`,
      method: 'POST',
      headers: delivery.headers,
      body: delivery.rawBody,
    };
    const answers = await callInParallelProcesses(bundle, [request, request, request]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const outcomes = answers.map((answer) => (answer.body as { status: string }).status).sort();
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'processed']);
    const events = getStore({ name: 'razorpay-webhook-events', consistency: 'strong' });
    const record = (await events.get(eventId, { type: 'json' })) as { state: string; outcome: string };
    expect(record).toMatchObject({ state: 'done', outcome: 'processed' });
    expect(await paymentForOrder(order.orderId)).toMatchObject({ status: 'failed', failureReason: 'Card declined' });
    expect(await bookings.get(booking.id)).toMatchObject({ paymentStatus: 'failed' });
  }, 60_000);

  test('a delivery over 256 KB is refused while reading', async () => {
    const body = JSON.stringify({ event: 'payment.captured', padding: 'x'.repeat(300 * 1024) });
    const response = await call(webhookFn, '/api/razorpay-webhook', {
      rawBody: body,
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': 'f'.repeat(64) },
      origin: null,
    });
    expect(response.status).toBe(413);
  });
});
