import { describe, expect, test } from 'vitest';
import type { PaymentRequest } from '../../src/lib/schemas/paymentRequest';
import { closed, paid } from '../../src/server/paymentRequests/transitions';

const open: PaymentRequest = {
  bookingId: '8204406267999-febe6a876b',
  name: 'Priya Raman',
  email: null,
  phone: '98450 12345',
  amount: 18000,
  amountPaise: 1800000,
  currency: 'INR',
  packageId: 'life-coaching',
  description: 'Life Coaching',
  sessions: 6,
  customerState: 'Karnataka',
  status: 'created',
  linkId: 'plink_AbCdEf123456',
  url: 'https://rzp.io/i/AbC123',
  expiresAt: '2026-12-02T08:00:00.000Z',
  paymentId: null,
  razorpayPaymentId: null,
  paidAt: null,
  closedAt: null,
};
const payment = {
  paymentId: '8204406267000-0123456789',
  razorpayPaymentId: 'pay_Zyx987654321',
  paidAt: '2026-11-25T08:00:00.000Z',
};
const at = new Date('2026-11-26T10:00:00.000Z');

describe('payment request states', () => {
  test('an open request is closed as expired or cancelled, once', () => {
    const cancelled = closed(open, 'cancelled', at);
    expect(cancelled).toMatchObject({ status: 'cancelled', closedAt: at.toISOString() });
    expect(closed(cancelled, 'expired', new Date())).toBe(cancelled);
  });

  test('paid is final: never closed, never paid again by another payment', () => {
    const done = paid(open, payment);
    expect(done).toMatchObject({ status: 'paid', ...payment });
    expect(closed(done, 'cancelled', at)).toBe(done);
    expect(paid(done, { ...payment, razorpayPaymentId: 'pay_Other0000001' })).toBe(done);
  });

  test('money taken on a link closed meanwhile still marks it paid', () => {
    expect(paid(closed(open, 'cancelled', at), payment)).toMatchObject({
      status: 'paid',
      razorpayPaymentId: payment.razorpayPaymentId,
    });
  });
});
