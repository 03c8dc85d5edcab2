import { describe, expect, test } from 'vitest';
import { type RefundLedger, paiseOf, refundRequestSchema } from '../../src/lib/schemas/refund';
import { release, requested, reserve, settle, summaryOf } from '../../src/server/refunds/ledgerMath';

const at = new Date('2026-11-26T10:00:00Z');
const empty: RefundLedger = { paymentId: '8205123456789-0a1b2c3d4e', capturedPaise: 1059900, refunds: [] };
const ask = (
  ledger: RefundLedger,
  amountPaise: number | null,
  id = '8205123456789-000000000a',
  idempotencyKey: string | null = null,
) => reserve(ledger, { id, idempotencyKey, amountPaise, reason: 'Not satisfied', at });

function held(ledger: RefundLedger, amountPaise: number | null, id?: string, key?: string | null) {
  const result = ask(ledger, amountPaise, id, key);
  if (result.outcome !== 'reserved') throw new Error(result.outcome);
  return result;
}

describe('refund ledger (pure)', () => {
  test('a refund holds all that is left unless an amount is named, and never more', () => {
    const { ledger, entry } = held(empty, 250050);
    expect(entry).toMatchObject({ amountPaise: 250050, status: 'reserved', refundId: null, origin: 'admin' });
    expect(summaryOf(ledger, ledger.capturedPaise)).toEqual({
      refundedPaise: 0,
      pendingPaise: 250050,
      leftPaise: 809850,
      state: 'pending',
    });
    expect(ask(ledger, 809851)).toEqual({ outcome: 'over', leftPaise: 809850 });
    const rest = held(ledger, null, '8205123456789-000000000b');
    expect(rest.entry.amountPaise).toBe(809850);
    expect(ask(rest.ledger, null, '8205123456789-000000000c')).toEqual({ outcome: 'nothing-left' });
  });

  test('the same idempotency key finds the refund it asked for; a failed one is asked again', () => {
    const first = held(empty, 1000, '8205123456789-000000000a', 'dialog-key-0001');
    expect(ask(first.ledger, 1000, '8205123456789-000000000b', 'dialog-key-0001')).toEqual({
      outcome: 'replay',
      entry: first.entry,
    });
    const failed = settle(requested(first.ledger, first.entry.id, 'rfnd_Test000001')!, {
      refundId: 'rfnd_Test000001',
      entryId: null,
      amountPaise: 1000,
      status: 'failed',
      at,
      newId: 'x',
    });
    if (failed.outcome !== 'changed') throw new Error(failed.outcome);
    expect(ask(failed.ledger, 1000, '8205123456789-000000000b', 'dialog-key-0001').outcome).toBe('reserved');
  });

  test('a refusal gives the amount back; pending, processed and failed follow Razorpay, and processed and failed are final', () => {
    const { ledger, entry } = held(empty, null);
    expect(release(ledger, entry.id)?.refunds).toEqual([]);
    const pending = requested(ledger, entry.id, 'rfnd_Test000001')!;
    expect(release(pending, entry.id)).toBeNull();
    const done = settle(pending, {
      refundId: 'rfnd_Test000001',
      entryId: null,
      amountPaise: 1059900,
      status: 'processed',
      at,
      newId: 'x',
    });
    if (done.outcome !== 'changed') throw new Error(done.outcome);
    expect(summaryOf(done.ledger, 1059900)).toEqual({
      refundedPaise: 1059900,
      pendingPaise: 0,
      leftPaise: 0,
      state: 'full',
    });
    expect(
      settle(done.ledger, {
        refundId: 'rfnd_Test000001',
        entryId: null,
        amountPaise: 1059900,
        status: 'failed',
        at,
        newId: 'x',
      }).outcome,
    ).toBe('unchanged');
  });

  test('a webhook before the 202 settles the held entry its notes name; the late 202 keeps its word', () => {
    const { ledger, entry } = held(empty, 5000);
    const early = settle(ledger, {
      refundId: 'rfnd_Test000002',
      entryId: entry.id,
      amountPaise: 5000,
      status: 'processed',
      at,
      newId: 'x',
    });
    if (early.outcome !== 'changed') throw new Error(early.outcome);
    expect(early.entry).toMatchObject({ id: entry.id, refundId: 'rfnd_Test000002', status: 'processed' });
    expect(requested(early.ledger, entry.id, 'rfnd_Test000002')).toBeNull();
  });

  test('a dashboard refund is recorded within what is left, and refused beyond it', () => {
    const { ledger } = held(empty, 1000000);
    const fits = settle(ledger, {
      refundId: 'rfnd_Dash000001',
      entryId: null,
      amountPaise: 59900,
      status: 'processed',
      at,
      newId: '8205123456789-00000000dd',
    });
    expect(fits.outcome === 'changed' && fits.entry).toMatchObject({
      origin: 'razorpay',
      reason: null,
      amountPaise: 59900,
    });
    expect(
      settle(ledger, {
        refundId: 'rfnd_Dash000002',
        entryId: null,
        amountPaise: 59901,
        status: 'processed',
        at,
        newId: 'y',
      }),
    ).toEqual({ outcome: 'ignored', reason: 'refund over what is left of the payment' });
  });

  test('the owner types rupees with at most two decimals', () => {
    expect(refundRequestSchema.safeParse({ amount: 2500.5, reason: 'x' }).success).toBe(true);
    expect(refundRequestSchema.safeParse({ amount: 0.1, reason: 'x' }).success).toBe(true);
    expect(paiseOf(0.1)).toBe(10);
    expect(refundRequestSchema.safeParse({ amount: 10.005, reason: 'x' }).success).toBe(false);
    expect(refundRequestSchema.safeParse({ amount: 0, reason: 'x' }).success).toBe(false);
    expect(refundRequestSchema.safeParse({ reason: '  ' }).success).toBe(false);
    expect(refundRequestSchema.safeParse({ reason: 'x', paid: true }).success).toBe(false);
  });

  test('an amount that is not a positive number of whole paise is refused as amount: 1e-9, 0.001, -1, "100"', () => {
    for (const amount of [1e-9, 0.001, 0.004, -1, '100', Number.NaN, Number.POSITIVE_INFINITY]) {
      const parsed = refundRequestSchema.safeParse({ amount, reason: 'x' });
      expect(parsed.success, String(amount)).toBe(false);
      expect(new Set(parsed.error?.issues.map((issue) => issue.path.join('.')))).toEqual(new Set(['amount']));
    }
    expect(refundRequestSchema.safeParse({ amount: 0.01, reason: 'x' }).success).toBe(true);
  });

  test('a refund id, once written, is never replaced by a second answer for the same hold', () => {
    const { ledger, entry } = held(empty, 1000);
    const pending = requested(ledger, entry.id, 'rfnd_Test000001')!;
    expect(requested(pending, entry.id, 'rfnd_Test000009')).toBeNull();
    expect(requested(pending, entry.id, 'rfnd_Test000001')).toBeNull();
  });
});

describe('an abandoned hold', () => {
  test('a hold with no refund id after two minutes is dropped by the next refund', () => {
    const { ledger } = held(empty, null);
    expect(ask(ledger, null, '8205123456789-000000000b').outcome).toBe('nothing-left');
    const later = reserve(ledger, {
      id: '8205123456789-000000000b',
      idempotencyKey: null,
      amountPaise: null,
      reason: 'Again',
      at: new Date(at.getTime() + 2 * 60_000 + 1),
    });
    expect(later.outcome === 'reserved' && later.ledger.refunds.map((entry) => entry.id)).toEqual([
      '8205123456789-000000000b',
    ]);
    const pending = requested(ledger, '8205123456789-000000000a', 'rfnd_Test000001')!;
    expect(
      reserve(pending, {
        id: 'c',
        idempotencyKey: null,
        amountPaise: null,
        reason: 'Again',
        at: new Date(at.getTime() + 3_600_000),
      }).outcome,
    ).toBe('nothing-left');
  });
});
