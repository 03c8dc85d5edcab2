import type { RefundEntry, RefundLedger, RefundSummary } from '../../lib/schemas/refund';

// The arithmetic of one payment's refund ledger (pure, unit-tested). The ledger is the one
// place that says how much of a payment is refunded, pending or still refundable.

const holdsMoney = (entry: RefundEntry) => entry.status !== 'failed';
const sum = (entries: RefundEntry[]) => entries.reduce((total, entry) => total + entry.amountPaise, 0);

export function summaryOf(ledger: RefundLedger | null, capturedPaise: number): RefundSummary {
  const refunds = ledger?.refunds ?? [];
  const refundedPaise = sum(refunds.filter((entry) => entry.status === 'processed'));
  const pendingPaise = sum(refunds.filter((entry) => entry.status === 'reserved' || entry.status === 'pending'));
  const leftPaise = Math.max(0, capturedPaise - sum(refunds.filter(holdsMoney)));
  const state =
    refundedPaise >= capturedPaise ? 'full' : refundedPaise > 0 ? 'partly' : pendingPaise > 0 ? 'pending' : 'none';
  return { refundedPaise, pendingPaise, leftPaise, state };
}

/**
 * A hold whose request died between the ledger and Razorpay (no refund id after this long)
 * is dropped by the next refund: Razorpay still refuses more than is left, and a refund it
 * did make arrives by webhook and is recorded then.
 */
export const ABANDONED_HOLD_MS = 2 * 60_000;

const abandoned = (entry: RefundEntry, at: Date) =>
  entry.status === 'reserved' && !entry.refundId && at.getTime() - Date.parse(entry.requestedAt) > ABANDONED_HOLD_MS;

export type Reservation =
  | { outcome: 'reserved'; ledger: RefundLedger; entry: RefundEntry }
  | { outcome: 'replay'; entry: RefundEntry }
  | { outcome: 'nothing-left' }
  | { outcome: 'over'; leftPaise: number };

/**
 * Holds an amount for a new refund (all that is left when none is named), or finds the
 * refund this idempotency key asked for already. Never holds more than is left.
 */
export function reserve(
  ledger: RefundLedger,
  request: { id: string; idempotencyKey: string | null; amountPaise: number | null; reason: string; at: Date },
): Reservation {
  const live = ledger.refunds.filter((entry) => !abandoned(entry, request.at));
  if (live.length !== ledger.refunds.length) ledger = { ...ledger, refunds: live };
  // A failed refund under the same key is asked again as a new one.
  const earlier = request.idempotencyKey
    ? ledger.refunds.find((entry) => entry.idempotencyKey === request.idempotencyKey && entry.status !== 'failed')
    : undefined;
  if (earlier) return { outcome: 'replay', entry: earlier };
  const { leftPaise } = summaryOf(ledger, ledger.capturedPaise);
  if (leftPaise === 0) return { outcome: 'nothing-left' };
  const amountPaise = request.amountPaise ?? leftPaise;
  if (amountPaise > leftPaise) return { outcome: 'over', leftPaise };
  const entry: RefundEntry = {
    id: request.id,
    idempotencyKey: request.idempotencyKey,
    refundId: null,
    amountPaise,
    status: 'reserved',
    reason: request.reason,
    origin: 'admin',
    requestedAt: request.at.toISOString(),
    settledAt: null,
  };
  return { outcome: 'reserved', ledger: { ...ledger, refunds: [...ledger.refunds, entry] }, entry };
}

/** Razorpay refused (or never answered): the held amount is given back. Null when there is nothing to give back. */
export function release(ledger: RefundLedger, entryId: string): RefundLedger | null {
  const entry = ledger.refunds.find((candidate) => candidate.id === entryId);
  if (!entry || entry.status !== 'reserved' || entry.refundId) return null;
  return { ...ledger, refunds: ledger.refunds.filter((candidate) => candidate !== entry) };
}

/** Razorpay took the refund (its 202): reserved becomes pending; a webhook that came first keeps its word. */
export function requested(ledger: RefundLedger, entryId: string, refundId: string): RefundLedger | null {
  const entry = ledger.refunds.find((candidate) => candidate.id === entryId);
  // A refund id is written once: a second answer for the same hold never replaces it.
  if (!entry || entry.refundId !== null) return null;
  const next: RefundEntry = { ...entry, refundId, status: entry.status === 'reserved' ? 'pending' : entry.status };
  return { ...ledger, refunds: ledger.refunds.map((candidate) => (candidate === entry ? next : candidate)) };
}

export interface Settlement {
  refundId: string;
  /** Our id as sent in the refund's notes, when we asked for it. */
  entryId: string | null;
  amountPaise: number;
  status: 'processed' | 'failed';
  at: Date;
  /** The id a refund made in Razorpay's dashboard gets here. */
  newId: string;
}

export type SettleResult =
  | { outcome: 'changed' | 'unchanged'; ledger: RefundLedger; entry: RefundEntry }
  | { outcome: 'ignored'; reason: string };

/**
 * What Razorpay's signed refund.processed / refund.failed does to the ledger. processed and
 * failed are final; the same settlement twice changes nothing. A refund we never asked for
 * (made in Razorpay's dashboard) is recorded when it fits within what is left of the payment.
 */
export function settle(ledger: RefundLedger, settlement: Settlement): SettleResult {
  const entry =
    ledger.refunds.find((candidate) => candidate.refundId === settlement.refundId) ??
    (settlement.entryId
      ? ledger.refunds.find((candidate) => candidate.id === settlement.entryId && !candidate.refundId)
      : undefined);
  if (entry) {
    if (entry.amountPaise !== settlement.amountPaise)
      return { outcome: 'ignored', reason: 'refund amount differs from the one asked for' };
    if (entry.status === 'processed' || entry.status === 'failed') return { outcome: 'unchanged', ledger, entry };
    const next: RefundEntry = {
      ...entry,
      refundId: settlement.refundId,
      status: settlement.status,
      settledAt: settlement.at.toISOString(),
    };
    return {
      outcome: 'changed',
      ledger: { ...ledger, refunds: ledger.refunds.map((candidate) => (candidate === entry ? next : candidate)) },
      entry: next,
    };
  }
  if (settlement.status === 'processed' && settlement.amountPaise > summaryOf(ledger, ledger.capturedPaise).leftPaise) {
    return { outcome: 'ignored', reason: 'refund over what is left of the payment' };
  }
  const recorded: RefundEntry = {
    id: settlement.newId,
    idempotencyKey: null,
    refundId: settlement.refundId,
    amountPaise: settlement.amountPaise,
    status: settlement.status,
    reason: null,
    origin: 'razorpay',
    requestedAt: settlement.at.toISOString(),
    settledAt: settlement.at.toISOString(),
  };
  return { outcome: 'changed', ledger: { ...ledger, refunds: [...ledger.refunds, recorded] }, entry: recorded };
}
