import { describe, expect, test } from 'vitest';
import bookingsFn from '../../netlify/functions/bookings.mts';
import createOrderFn from '../../netlify/functions/create-razorpay-order.mts';
import paymentsFn from '../../netlify/functions/payments.mts';
import { bookings } from '../../src/server/leads/bookings';
import { payments } from '../../src/server/leads/payments';
import { adminCookie } from './support/admin';
import { call, jsonOf } from './support/call';
import { TEST_KEY_ID } from './support/fake-razorpay';
import {
  bookPackage,
  clearGatewayEnv,
  type OrderAnswer,
  startOrder,
  useFakeGateway,
  visitor,
} from './support/payments';

const gateway = useFakeGateway();

describe('POST /api/bookings (package popup)', () => {
  test('a paid package becomes a pending investment priced by the catalogue, whatever the browser says', async () => {
    const { bookingType, booking } = await bookPackage('ascend-plus', {
      amount: 1,
      bookingType: 'discovery_call',
      paymentStatus: 'paid',
      packageName: 'Cheap',
    });
    expect(bookingType).toBe('investment');
    expect(booking).toMatchObject({
      bookingType: 'investment',
      amount: 10599,
      paymentStatus: 'pending',
      status: 'pending',
      packageName: 'Ascend Plus',
      packageId: 'ascend-plus',
      mobile: '9845012345',
      currentStage: 'Product Manager at Infosys (Technology)',
    });
    expect(await bookings.get(booking.id)).toMatchObject({ amount: 10599, paymentStatus: 'pending' });
  });

  test('a package priced on consultation books a discovery call with no amount', async () => {
    const { bookingType, booking } = await bookPackage('senior-transition');
    expect(bookingType).toBe('discovery_call');
    expect(booking).toMatchObject({ amount: null, paymentStatus: null, bookingType: 'discovery_call' });
  });

  test('missing fields, a bad mobile and an unknown package are 400s naming the field; nothing is stored', async () => {
    const before = await bookings.count();
    const missing = await call(bookingsFn, '/api/bookings', {
      body: { ...visitor, industry: '  ', packageId: 'ascend' },
    });
    expect(missing.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(missing)).fields).toHaveProperty('industry');
    const mobile = await call(bookingsFn, '/api/bookings', {
      body: { ...visitor, mobile: '98450-1234', packageId: 'ascend' },
    });
    expect(mobile.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(mobile)).fields.mobile).toMatch(/10-digit/);
    const unknown = await call(bookingsFn, '/api/bookings', { body: { ...visitor, packageId: 'gold-plated' } });
    expect(unknown.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(unknown)).fields).toHaveProperty('packageId');
    expect(await bookings.count()).toBe(before);
  });

  test('a filled honeypot gets a normal-looking answer and nothing is stored', async () => {
    const before = await bookings.count();
    const response = await call(bookingsFn, '/api/bookings', {
      body: { ...visitor, packageId: 'ascend', website: 'http://spam.example' },
    });
    expect(response.status).toBe(201);
    expect((await jsonOf<{ bookingType: string }>(response)).bookingType).toBe('investment');
    expect(await bookings.count()).toBe(before);
  });

  test('the booking list stays admin-only', async () => {
    expect((await call(bookingsFn, '/api/bookings')).status).toBe(401);
  });
});

describe('POST /api/create-razorpay-order', () => {
  test('the order is priced from the catalogue in paise; a client-sent amount is ignored', async () => {
    const { booking } = await bookPackage('ascend-plus');
    const order = await startOrder('ascend-plus', booking.id, { amount: 100, price: 1 });
    expect(order).toMatchObject({
      key: TEST_KEY_ID,
      amount: 1059900,
      currency: 'INR',
      bookingId: booking.id,
      price: 10599,
    });
    // The booking's personal data is not handed to whoever holds its id.
    expect(order).not.toHaveProperty('prefill');
    expect(JSON.stringify(order)).not.toContain(visitor.fullName);
    const atGateway = gateway().orders.get(order.orderId);
    expect(atGateway).toMatchObject({
      amount: 1059900,
      currency: 'INR',
      receipt: booking.id,
      notes: { bookingId: booking.id, packageId: 'ascend-plus' },
    });
    expect(gateway().requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/orders', authorised: true });
    const stored = (await payments.all()).find((payment) => payment.razorpayOrderId === order.orderId);
    expect(stored).toMatchObject({
      status: 'created',
      amount: 10599,
      amountPaise: 1059900,
      bookingId: booking.id,
      razorpayPaymentId: null,
    });
  });

  test('the checkout page flow (no booking yet) records a booking with the e-mail, then the order', async () => {
    const response = await call(createOrderFn, '/api/create-razorpay-order', {
      body: {
        customerState: 'Karnataka',
        packageId: 'ascend',
        customerName: 'Rahul Verma',
        customerEmail: 'rahul@example.com',
        customerPhone: '+91 99000 11122',
        amount: 1,
      },
    });
    expect(response.status).toBe(201);
    const order = await jsonOf<OrderAnswer>(response);
    expect(order).toMatchObject({
      amount: 649900,
      price: 6499,
      prefill: { name: 'Rahul Verma', email: 'rahul@example.com', contact: '+91 99000 11122' },
    });
    expect(await bookings.get(order.bookingId)).toMatchObject({
      bookingType: 'investment',
      amount: 6499,
      paymentStatus: 'pending',
      email: 'rahul@example.com',
      packageName: 'Ascend',
      source: 'checkout-page',
    });
  });

  test('checkout details are required when there is no booking', async () => {
    const response = await call(createOrderFn, '/api/create-razorpay-order', {
      body: { packageId: 'ascend', customerName: 'Only Name', customerState: 'Karnataka' },
    });
    expect(response.status).toBe(400);
    const { fields } = await jsonOf<{ fields: Record<string, string> }>(response);
    expect(Object.keys(fields).sort()).toEqual(['customerEmail', 'customerPhone']);
    // The state is asked of every buyer, the popup's too: the tax invoice's place of supply (docs/payments.md, GST invoices).
    const noState = await call(createOrderFn, '/api/create-razorpay-order', {
      body: { packageId: 'ascend', bookingId: '0000000000000-0000000000' },
    });
    expect(noState.status).toBe(400);
    expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(noState)).fields)).toEqual(['customerState']);
    const notAState = await call(createOrderFn, '/api/create-razorpay-order', {
      body: {
        packageId: 'ascend',
        customerName: 'A B',
        customerEmail: 'a@example.com',
        customerPhone: '9845012345',
        customerState: 'Atlantis',
      },
    });
    expect(notAState.status).toBe(400);
    expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(notAState)).fields)).toEqual([
      'customerState',
    ]);
  });

  test('unknown packages, free packages and mismatched bookings are refused', async () => {
    expect(
      (
        await call(createOrderFn, '/api/create-razorpay-order', {
          body: { customerState: 'Karnataka', packageId: 'nope', bookingId: '0000000000000-0000000000' },
        })
      ).status,
    ).toBe(404);
    const free = await bookPackage('life-coaching');
    expect(
      (
        await call(createOrderFn, '/api/create-razorpay-order', {
          body: { customerState: 'Karnataka', packageId: 'life-coaching', bookingId: free.booking.id },
        })
      ).status,
    ).toBe(400);
    // A booking for a cheap package cannot pay for a dear one, nor the reverse.
    const cheap = await bookPackage('discover');
    expect(
      (
        await call(createOrderFn, '/api/create-razorpay-order', {
          body: { customerState: 'Karnataka', packageId: 'discover-plus', bookingId: cheap.booking.id },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(createOrderFn, '/api/create-razorpay-order', {
          body: { customerState: 'Karnataka', packageId: 'ascend', bookingId: '0000000000000-0000000000' },
        })
      ).status,
    ).toBe(404);
  });

  test('without keys the call answers 503 with a clear message and nothing is stored or sent', async () => {
    const { booking } = await bookPackage('achieve');
    clearGatewayEnv();
    const paymentsBefore = await payments.count();
    const bookingsBefore = await bookings.count();
    const requestsBefore = gateway().requests.length;
    const withBooking = await call(createOrderFn, '/api/create-razorpay-order', {
      body: { customerState: 'Karnataka', packageId: 'achieve', bookingId: booking.id },
    });
    expect(withBooking.status).toBe(503);
    expect((await jsonOf<{ error: string }>(withBooking)).error).toMatch(/RAZORPAY_KEY_ID/);
    const fromCheckout = await call(createOrderFn, '/api/create-razorpay-order', {
      body: {
        customerState: 'Karnataka',
        packageId: 'achieve',
        customerName: 'A B',
        customerEmail: 'a@example.com',
        customerPhone: '9845012345',
      },
    });
    expect(fromCheckout.status).toBe(503);
    expect(await payments.count()).toBe(paymentsBefore);
    expect(await bookings.count()).toBe(bookingsBefore);
    expect(gateway().requests.length).toBe(requestsBefore);
  });

  test('a gateway failure is a 502 and stores no payment', async () => {
    const { booking } = await bookPackage('achieve-plus');
    const before = await payments.count();
    gateway().failWith(500);
    const response = await call(createOrderFn, '/api/create-razorpay-order', {
      body: { customerState: 'Karnataka', packageId: 'achieve-plus', bookingId: booking.id },
    });
    expect(response.status).toBe(502);
    expect(await payments.count()).toBe(before);
  });

  test('wrong keys are refused by the gateway and surface as a 502', async () => {
    const { booking } = await bookPackage('achieve-plus');
    process.env.RAZORPAY_KEY_SECRET = 'not-the-secret';
    const response = await call(createOrderFn, '/api/create-razorpay-order', {
      body: { customerState: 'Karnataka', packageId: 'achieve-plus', bookingId: booking.id },
    });
    expect(response.status).toBe(502);
    expect(gateway().requests.at(-1)?.authorised).toBe(false);
  });
});

describe('GET /api/payments', () => {
  test('admin only, newest first, and filterable by booking', async () => {
    expect((await call(paymentsFn, '/api/payments')).status).toBe(401);
    const { booking } = await bookPackage('ascend');
    const first = await startOrder('ascend', booking.id);
    const second = await startOrder('ascend', booking.id);
    const cookie = await adminCookie();
    const list = await jsonOf<{ items: { razorpayOrderId: string }[]; total: number }>(
      await call(paymentsFn, '/api/payments?limit=2', { cookie }),
    );
    expect(list.items.map((item) => item.razorpayOrderId)).toEqual([second.orderId, first.orderId]);
    const mine = await jsonOf<{ items: { bookingId: string }[]; total: number }>(
      await call(paymentsFn, `/api/payments?bookingId=${booking.id}`, { cookie }),
    );
    expect(mine.total).toBe(2);
    expect(mine.items.every((item) => item.bookingId === booking.id)).toBe(true);
    expect((await call(paymentsFn, '/api/payments?bookingId=../etc', { cookie })).status).toBe(400);
  });
});
