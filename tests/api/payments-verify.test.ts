import { describe, expect, test } from 'vitest';
import receiptFn from '../../netlify/functions/payment-receipt.mts';
import verifyFn from '../../netlify/functions/verify-payment.mts';
import { bookings } from '../../src/server/leads/bookings';
import { payments } from '../../src/server/leads/payments';
import { paymentForOrder } from '../../src/server/payments/orders';
import { paymentSignature } from '../../src/server/payments/signatures';
import { call, jsonOf } from './support/call';
import { TEST_KEY_SECRET, razorpayId } from './support/fake-razorpay';
import {
  bookPackage,
  buyerPays,
  checkoutSuccess,
  clearGatewayEnv,
  startOrder,
  useFakeGateway,
} from './support/payments';

const gateway = useFakeGateway();

async function pendingOrder(packageId = 'ascend-plus') {
  const { booking } = await bookPackage(packageId);
  const order = await startOrder(packageId, booking.id);
  return { booking, order };
}

const verify = (body: unknown) => call(verifyFn, '/api/verify-payment', { body });

async function expectUntouched(orderId: string, bookingId: string) {
  expect(await paymentForOrder(orderId)).toMatchObject({ status: 'created', razorpayPaymentId: null, paidAt: null });
  expect(await bookings.get(bookingId)).toMatchObject({ paymentStatus: 'pending' });
}

describe('POST /api/verify-payment', () => {
  test('a genuine Checkout response captures the payment and marks the booking paid', async () => {
    const { booking, order } = await pendingOrder();
    const success = buyerPays(gateway(), order.orderId);
    const response = await verify({ ...success, amount: 1 });
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({ success: true, bookingId: booking.id, paymentStatus: 'captured' });
    expect(await paymentForOrder(order.orderId)).toMatchObject({
      status: 'captured',
      razorpayPaymentId: success.razorpay_payment_id,
      confirmedBy: 'verify',
      amount: 10599,
    });
    expect(await bookings.get(booking.id)).toMatchObject({ paymentStatus: 'paid', amount: 10599 });
  });

  test('a replayed verify is idempotent: same answer, one captured payment, nothing rewritten', async () => {
    const { booking, order } = await pendingOrder('ascend');
    const success = buyerPays(gateway(), order.orderId);
    expect((await verify(success)).status).toBe(200);
    const first = await paymentForOrder(order.orderId);
    const again = await verify(success);
    expect(again.status).toBe(200);
    expect(await jsonOf(again)).toMatchObject({ success: true, paymentStatus: 'captured' });
    const after = await paymentForOrder(order.orderId);
    expect(after?.paidAt).toBe(first?.paidAt);
    const mine = (await payments.all()).filter((payment) => payment.bookingId === booking.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.status).toBe('captured');
  });

  test('a signature made for another order is rejected and changes nothing', async () => {
    const victim = await pendingOrder();
    const paid = await pendingOrder('ascend');
    const paymentId = razorpayId('pay');
    const forOther = checkoutSuccess(paid.order.orderId, paymentId);
    const response = await verify({ ...forOther, razorpay_order_id: victim.order.orderId });
    expect(response.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toHaveProperty('razorpay_signature');
    await expectUntouched(victim.order.orderId, victim.booking.id);
  });

  test('a signature made with the wrong secret is rejected and changes nothing', async () => {
    const { booking, order } = await pendingOrder();
    const response = await verify(checkoutSuccess(order.orderId, razorpayId('pay'), 'someone-elses-secret'));
    expect(response.status).toBe(400);
    await expectUntouched(order.orderId, booking.id);
  });

  test('an order whose amount at the gateway differs from ours is rejected and changes nothing', async () => {
    const { booking, order } = await pendingOrder();
    const atGateway = gateway().orders.get(order.orderId);
    if (!atGateway) throw new Error('order missing at the fake gateway');
    atGateway.amount = 100;
    const response = await verify(checkoutSuccess(order.orderId));
    expect(response.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toHaveProperty('amount');
    await expectUntouched(order.orderId, booking.id);
  });

  test('an order we never created is rejected, even with a valid signature for it', async () => {
    const foreign = razorpayId('order');
    const response = await verify(checkoutSuccess(foreign));
    expect(response.status).toBe(400);
    expect(await paymentForOrder(foreign)).toBeNull();
  });

  test('a second, different payment cannot be verified against an already paid order', async () => {
    const { order } = await pendingOrder();
    const first = buyerPays(gateway(), order.orderId);
    expect((await verify(first)).status).toBe(200);
    const second = checkoutSuccess(order.orderId);
    expect((await verify(second)).status).toBe(400);
    expect(await paymentForOrder(order.orderId)).toMatchObject({ razorpayPaymentId: first.razorpay_payment_id });
  });

  test('an authorised but not captured payment stays pending until Razorpay captures it', async () => {
    const { booking, order } = await pendingOrder();
    const success = buyerPays(gateway(), order.orderId, 'authorized');
    const response = await verify(success);
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toMatchObject({ success: true, bookingId: booking.id, paymentStatus: 'pending' });
    await expectUntouched(order.orderId, booking.id);
    // Once the money is captured at Razorpay, the same claim settles it.
    gateway().capture(success.razorpay_payment_id);
    expect(await jsonOf(await verify(success))).toMatchObject({ paymentStatus: 'captured' });
    expect(await paymentForOrder(order.orderId)).toMatchObject({
      status: 'captured',
      razorpayPaymentId: success.razorpay_payment_id,
    });
    expect(await bookings.get(booking.id)).toMatchObject({ paymentStatus: 'paid' });
  });

  test('a signed claim with no payment at Razorpay, or a payment of another order, changes nothing', async () => {
    const { booking, order } = await pendingOrder();
    expect((await verify(checkoutSuccess(order.orderId))).status).toBe(502);
    await expectUntouched(order.orderId, booking.id);
    const other = await pendingOrder();
    const paymentId = razorpayId('pay');
    gateway().pay(other.order.orderId, paymentId, 'authorized');
    const crossed = await verify(checkoutSuccess(order.orderId, paymentId));
    expect(crossed.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(crossed)).fields).toHaveProperty('razorpay_payment_id');
    await expectUntouched(order.orderId, booking.id);
  });

  test('malformed claims are 400s naming the field', async () => {
    const response = await verify({
      razorpay_order_id: 'order_x',
      razorpay_payment_id: 'pay_abcdefgh',
      razorpay_signature: 'zz',
    });
    expect(response.status).toBe(400);
    const { fields } = await jsonOf<{ fields: Record<string, string> }>(response);
    expect(Object.keys(fields).sort()).toEqual(['razorpay_order_id', 'razorpay_signature']);
  });

  test('without keys verify answers 503 and changes nothing', async () => {
    const { booking, order } = await pendingOrder();
    const success = buyerPays(gateway(), order.orderId);
    clearGatewayEnv();
    expect((await verify(success)).status).toBe(503);
    await expectUntouched(order.orderId, booking.id);
  });

  test('the signature helper matches Razorpay’s documented construction', () => {
    // HMAC-SHA256 over "order_id|payment_id" keyed with the key secret, hex.
    expect(paymentSignature('order_A', 'pay_B', TEST_KEY_SECRET)).toMatch(/^[0-9a-f]{64}$/);
    expect(paymentSignature('order_A', 'pay_B', TEST_KEY_SECRET)).not.toBe(
      paymentSignature('order_A', 'pay_C', TEST_KEY_SECRET),
    );
  });
});

describe('GET /api/payment-receipt (the thank-you page)', () => {
  const receipt = (order: string, payment: string) =>
    call(receiptFn, `/api/payment-receipt?${new URLSearchParams({ order, payment })}`);

  test('shows a receipt only for a payment the server confirmed, with the ids Razorpay issued', async () => {
    const { order } = await pendingOrder();
    const success = buyerPays(gateway(), order.orderId, 'authorized');
    await verify(success);
    expect(await jsonOf(await receipt(order.orderId, success.razorpay_payment_id))).toEqual({ status: 'pending' });
    gateway().capture(success.razorpay_payment_id);
    await verify(success);
    const answer = await receipt(order.orderId, success.razorpay_payment_id);
    expect(answer.status).toBe(200);
    expect(await jsonOf(answer)).toEqual({ status: 'captured', amount: 10599, packageName: 'Ascend Plus' });
    // Someone else's payment id, or an order we never made: nothing to show.
    expect((await receipt(order.orderId, razorpayId('pay'))).status).toBe(404);
    expect((await receipt(razorpayId('order'), success.razorpay_payment_id)).status).toBe(404);
  });

  test('answers 400 naming malformed ids', async () => {
    const response = await receipt('order_1', '<script>');
    expect(response.status).toBe(400);
    expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(response)).fields).sort()).toEqual([
      'order',
      'payment',
    ]);
  });
});
