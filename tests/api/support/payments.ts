import { findPackage } from '../../../src/lib/packageCatalogue';
import bookingsFn from '../../../netlify/functions/bookings.mts';
import createOrderFn from '../../../netlify/functions/create-razorpay-order.mts';
import { paymentSignature, webhookSignature } from '../../../src/server/payments/signatures';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { call, jsonOf } from './call';
import {
  TEST_KEY_ID,
  TEST_KEY_SECRET,
  TEST_WEBHOOK_SECRET,
  razorpayId,
  startFakeRazorpay,
  type FakePaymentStatus,
  type FakeRazorpay,
} from './fake-razorpay';

export function useGatewayEnv(fake: FakeRazorpay): void {
  process.env.RAZORPAY_KEY_ID = TEST_KEY_ID;
  process.env.RAZORPAY_KEY_SECRET = TEST_KEY_SECRET;
  process.env.RAZORPAY_WEBHOOK_SECRET = TEST_WEBHOOK_SECRET;
  process.env.RAZORPAY_API_BASE_URL = fake.url;
}

export function clearGatewayEnv(): void {
  for (const name of ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET', 'RAZORPAY_API_BASE_URL'])
    delete process.env[name];
}

/**
 * Runs a fake Razorpay Orders API for the calling test file and points the payment
 * settings at it before each test (healthy, no forced failure). Returns a getter.
 */
export function useFakeGateway(): () => FakeRazorpay {
  let fake: FakeRazorpay | undefined;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
  });
  afterAll(async () => {
    clearGatewayEnv();
    await fake?.stop();
  });
  beforeEach(() => {
    useGatewayEnv(gateway());
    gateway().failWith(null);
    gateway().slowRefunds(0);
  });
  const gateway = () => {
    if (!fake) throw new Error('the fake gateway is not running yet');
    return fake;
  };
  return gateway;
}

export const visitor = {
  fullName: 'Priya Raman',
  mobile: '98450 12345',
  designation: 'Product Manager',
  company: 'Infosys',
  industry: 'Technology',
};

export interface BookingAnswer {
  bookingType: string;
  booking: {
    id: string;
    amount: number | null;
    paymentStatus: string | null;
    packageName: string;
    currentStage: string;
    bookingType: string;
  };
}
export interface OrderAnswer {
  key: string;
  amount: number;
  currency: string;
  orderId: string;
  bookingId: string;
  price: number;
  prefill?: { name: string; email?: string; contact: string };
}

/** A student package's popup asks class, school and whether the student is under 18 (here: 18 or older). */
export const adultStudent = { studentClass: '12', school: 'Kendriya Vidyalaya', minor: false };

export async function bookPackage(packageId: string, extra: Record<string, unknown> = {}): Promise<BookingAnswer> {
  const student = findPackage(packageId)?.forStudents ? adultStudent : {};
  const response = await call(bookingsFn, '/api/bookings', { body: { ...visitor, ...student, packageId, ...extra } });
  if (response.status !== 201) throw new Error(`booking failed: ${response.status} ${await response.text()}`);
  return jsonOf<BookingAnswer>(response);
}

export async function startOrder(
  packageId: string,
  bookingId: string,
  extra: Record<string, unknown> = {},
): Promise<OrderAnswer> {
  const response = await call(createOrderFn, '/api/create-razorpay-order', {
    body: { packageId, bookingId, customerState: 'Karnataka', ...extra },
  });
  if (response.status !== 201) throw new Error(`order failed: ${response.status} ${await response.text()}`);
  return jsonOf<OrderAnswer>(response);
}

/** What Razorpay Checkout hands the browser after a successful payment. */
export function checkoutSuccess(orderId: string, paymentId = razorpayId('pay'), secret = TEST_KEY_SECRET) {
  return {
    razorpay_order_id: orderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: paymentSignature(orderId, paymentId, secret),
  };
}

/**
 * The buyer completes Checkout: the payment exists at the (fake) gateway with this
 * status, and the browser holds Razorpay's signed success response for it.
 */
export function buyerPays(gateway: FakeRazorpay, orderId: string, status: FakePaymentStatus = 'captured') {
  const paymentId = razorpayId('pay');
  gateway.pay(orderId, paymentId, status);
  return checkoutSuccess(orderId, paymentId);
}

/** A webhook delivery as Razorpay sends it: raw JSON body, signature and event id headers. */
export function webhookDelivery(
  event: string,
  payment: { id: string; order_id: string; amount: number; status: string; error_description?: string },
  options: { eventId?: string; secret?: string } = {},
) {
  const body = {
    entity: 'event',
    account_id: 'acc_TestAccount01',
    event,
    contains: event === 'order.paid' ? ['payment', 'order'] : ['payment'],
    payload: {
      payment: {
        entity: {
          entity: 'payment',
          currency: 'INR',
          method: 'upi',
          captured: payment.status === 'captured',
          ...payment,
        },
      },
      ...(event === 'order.paid'
        ? {
            order: {
              entity: {
                id: payment.order_id,
                entity: 'order',
                amount: payment.amount,
                amount_paid: payment.amount,
                status: 'paid',
              },
            },
          }
        : {}),
    },
    created_at: Math.floor(Date.now() / 1000),
  };
  const rawBody = JSON.stringify(body);
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': webhookSignature(rawBody, options.secret ?? TEST_WEBHOOK_SECRET),
      'x-razorpay-event-id': options.eventId ?? `evt_${razorpayId('pay').slice(4)}`,
    },
  };
}
