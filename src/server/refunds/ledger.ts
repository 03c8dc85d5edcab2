import { type RefundLedger, type RefundSummary, refundLedgerSchema } from '../../lib/schemas/refund';
import { updateJson } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';
import { summaryOf } from './ledgerMath';

// One payment's refunds live in one blob, `ledger/{paymentId}` in the 'refunds' store, and
// every change to it is a conditional write (updateJson): two refunds asked for at once on
// two instances read the same ledger, one write wins, the other reads again and sees the
// amount already held. Nothing else stores what is refunded.

export const REFUNDS_STORE = 'refunds';
const ledgerKey = (paymentId: string) => `ledger/${paymentId}`;

const parse = (value: unknown): RefundLedger | null => {
  if (value == null) return null;
  const parsed = refundLedgerSchema.safeParse(value);
  if (!parsed.success) throw new Error('A refund ledger could not be read');
  return parsed.data;
};

export async function readLedger(paymentId: string): Promise<RefundLedger | null> {
  const store = collectionStore(REFUNDS_STORE);
  return parse(await blobCall(() => store.get(ledgerKey(paymentId), { type: 'json' })));
}

/**
 * Changes a payment's ledger with a conditional write; `change` gets the current ledger (an
 * empty one for a payment never refunded) and returns the next, or null to write nothing.
 */
export async function changeLedger(
  paymentId: string,
  capturedPaise: number,
  change: (ledger: RefundLedger) => RefundLedger | null,
): Promise<RefundLedger> {
  const stored = await updateJson(REFUNDS_STORE, ledgerKey(paymentId), (current) => {
    const ledger = parse(current) ?? { paymentId, capturedPaise, refunds: [] };
    const next = change(ledger);
    return next ? refundLedgerSchema.parse(next) : undefined;
  });
  return parse(stored) ?? { paymentId, capturedPaise, refunds: [] };
}

/** The payments list's items, each captured one with its refund summary (null otherwise); one read each, a page is 10. */
export async function withRefunds<P extends { id: string; status: string; amountPaise: number }>(
  items: readonly P[],
): Promise<Array<P & { refunds: RefundSummary | null }>> {
  return Promise.all(
    items.map(async (item) => ({
      ...item,
      refunds: item.status === 'captured' ? summaryOf(await readLedger(item.id), item.amountPaise) : null,
    })),
  );
}
