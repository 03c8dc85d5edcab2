import { describe, expect, test } from 'vitest';
import type { RefundEntry, RefundLedger } from '../../src/lib/schemas/refund';
import { paymentStatement } from '../../src/server/refunds/statement';

const payment = {
  razorpayPaymentId: 'pay_Statement00001',
  amountPaise: 1059900,
  paidAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T09:59:00.000Z',
};
const entry = (id: string, amountPaise: number, status: RefundEntry['status'], settledAt: string | null) =>
  ({
    id,
    idempotencyKey: null,
    refundId: status === 'reserved' ? null : `rfnd_Statement${id.slice(-4)}`,
    amountPaise,
    status,
    reason: 'Owner note, never shown to the client',
    origin: 'admin',
    requestedAt: '2026-11-25T10:00:00.000Z',
    settledAt,
  }) satisfies RefundEntry;
const ledgerOf = (...refunds: RefundEntry[]): RefundLedger => ({
  paymentId: '8205123456789-0a1b2c3d4e',
  capturedPaise: payment.amountPaise,
  refunds,
});

describe("a client's payment and its refunds (pure)", () => {
  test('never refunded: the payment, no refunds, net paid is all of it', () => {
    expect(paymentStatement(payment, null)).toEqual({
      payments: [
        { razorpayPaymentId: 'pay_Statement00001', amountPaise: 1059900, paidAt: payment.paidAt, status: 'paid' },
      ],
      refunds: [],
      paidPaise: 1059900,
      refundedPaise: 0,
      pendingPaise: 0,
      netPaidPaise: 1059900,
    });
  });

  test('a processed part, a pending part, a failed one and a hold Razorpay has not taken: net paid less the processed only', () => {
    const statement = paymentStatement(
      payment,
      ledgerOf(
        entry('8205123456789-000000000a', 300000, 'processed', '2026-11-27T10:00:00.000Z'),
        entry('8205123456789-000000000b', 100000, 'pending', null),
        entry('8205123456789-000000000c', 50000, 'failed', '2026-11-26T10:00:00.000Z'),
        entry('8205123456789-000000000d', 20000, 'reserved', null),
      ),
    );
    expect(statement.refunds).toEqual([
      { refundId: 'rfnd_Statement000b', amountPaise: 100000, at: '2026-11-25T10:00:00.000Z', status: 'pending' },
      { refundId: 'rfnd_Statement000c', amountPaise: 50000, at: '2026-11-26T10:00:00.000Z', status: 'failed' },
      { refundId: 'rfnd_Statement000a', amountPaise: 300000, at: '2026-11-27T10:00:00.000Z', status: 'processed' },
    ]);
    expect(statement).toMatchObject({
      paidPaise: 1059900,
      refundedPaise: 300000,
      pendingPaise: 100000,
      netPaidPaise: 759900,
    });
    expect(statement.payments[0]!.status).toBe('partly-refunded');
    expect(JSON.stringify(statement)).not.toContain('Owner note');
  });

  test('refunded in full: nothing net paid', () => {
    const statement = paymentStatement(
      payment,
      ledgerOf(entry('8205123456789-000000000a', 1059900, 'processed', '2026-11-27T10:00:00.000Z')),
    );
    expect(statement).toMatchObject({ refundedPaise: 1059900, netPaidPaise: 0 });
    expect(statement.payments[0]!.status).toBe('refunded');
  });
});
