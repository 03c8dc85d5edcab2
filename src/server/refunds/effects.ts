import type { Effect } from '../followUp/effects';
import { ensureCreditNote } from '../invoices';
import { countRefund } from '../sources';
import { queueRefundNotices } from './notices';

// What a settled refund's follow-up event does (the lead path's effects table includes
// these lines): each idempotent, retried on its own like every effect.
export const refundEffects: readonly Effect[] = [
  {
    name: 'refund-notices',
    applies: (event) => event.refund != null,
    run: (event) => queueRefundNotices(event.refund!),
  },
  {
    name: 'refund-revenue',
    applies: (event) => event.refund?.status === 'processed',
    run: (event) => countRefund(event.refund!, event.refund!.attribution),
  },
  // The credit note (its own series, once per refund id; src/server/invoices).
  {
    name: 'credit-note',
    applies: (event) => event.refund?.status === 'processed',
    run: async ({ refund }) => {
      await ensureCreditNote({
        refundId: refund!.refundId,
        paymentId: refund!.paymentId,
        amountPaise: refund!.amountPaise,
        processedAt: refund!.at,
        ...(refund!.reason ? { reason: refund!.reason } : {}),
      });
    },
  },
];
