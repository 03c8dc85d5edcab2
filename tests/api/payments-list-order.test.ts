import { describe, expect, it } from 'vitest';
import paymentsFn from '../../netlify/functions/payments.mts';
import type { Payment } from '../../src/lib/schemas/payment';
import { payments } from '../../src/server/leads';
import { newestFirstKeyWith } from '../../src/server/storage/keys';
import { razorpayId } from './support/fake-razorpay';
import { adminCookie } from './support/admin';
import { call, jsonOf } from './support/call';

// The owner's Payments list (docs/admin.md, "Money"): newest first by when each payment was
// made, whether a checkout stored it (at its order) or a paid payment link did (at Razorpay's
// time, which can be earlier than payments stored before it).

const payment = (name: string, paidAt: string | null): Payment => ({
  bookingId: '0000000000000-0000000000',
  packageId: 'ascend',
  packageName: 'Ascend',
  customerName: name,
  customerEmail: null,
  customerPhone: '9845012345',
  amount: 4999,
  amountPaise: 499_900,
  currency: 'INR',
  status: paidAt ? 'captured' : 'created',
  razorpayOrderId: razorpayId('order'),
  razorpayPaymentId: paidAt ? razorpayId('pay') : null,
  confirmedBy: paidAt ? 'webhook' : null,
  failureReason: null,
  paidAt,
  customerState: 'Karnataka',
});

describe('GET /api/payments', () => {
  it('lists checkout and payment-link payments newest first, stored in any order', async () => {
    const at = (iso: string) => new Date(iso);
    await payments.create(payment('Checkout Tuesday', null), at('2026-11-24T06:00:00Z'), { announce: false });
    await payments.create(payment('Checkout Thursday', null), at('2026-11-26T06:00:00Z'), { announce: false });
    // A link paid on Wednesday whose webhook came after Thursday's checkout.
    const wednesday = at('2026-11-25T09:30:00Z');
    await payments.insert(
      newestFirstKeyWith(wednesday.getTime(), 'abcdef0123'),
      payment('Link Wednesday', wednesday.toISOString()),
      wednesday,
      { announce: false },
    );
    await payments.create(payment('Checkout Monday', null), at('2026-11-23T06:00:00Z'), { announce: false });
    const listed = await jsonOf<{ items: (Payment & { createdAt: string })[] }>(
      await call(paymentsFn, '/api/payments?limit=50', { cookie: await adminCookie() }),
    );
    const names = listed.items.map((item) => item.customerName);
    expect(names).toEqual(['Checkout Thursday', 'Link Wednesday', 'Checkout Tuesday', 'Checkout Monday']);
    const times = listed.items.map((item) => item.createdAt);
    expect(times).toEqual([...times].sort().reverse());
  });
});
