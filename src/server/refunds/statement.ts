import type { ClientMoney, ClientRefund } from '../../lib/schemas/client';
import type { Payment } from '../../lib/schemas/payment';
import type { RefundEntry, RefundLedger } from '../../lib/schemas/refund';
import { payments } from '../leads';
import { readLedger } from './ledger';
import { summaryOf } from './ledgerMath';

// What a client paid and got back, for their client space (docs/payments.md, "The client space and paid
// sessions"). Here rather than in clients/: the ledger is this feature's, and refunds sits above clients
// on the feature map, so the client space's callers put the two together.

const paymentStates = { none: 'paid', pending: 'paid', partly: 'partly-refunded', full: 'refunded' } as const;

/** The statement of one captured payment and its ledger (pure). */
export function paymentStatement(
  payment: Pick<Payment, 'razorpayPaymentId' | 'amountPaise' | 'paidAt'> & { createdAt: string },
  ledger: RefundLedger | null,
): ClientMoney {
  // A hold Razorpay has not taken yet may still be given back: the client sees a refund once it has.
  const refunds: ClientRefund[] = (ledger?.refunds ?? [])
    .filter((entry): entry is RefundEntry & Pick<ClientRefund, 'status'> => entry.status !== 'reserved')
    .map((entry) => ({
      refundId: entry.refundId,
      amountPaise: entry.amountPaise,
      at: entry.settledAt ?? entry.requestedAt,
      status: entry.status,
    }))
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const sum = (status: ClientRefund['status']) =>
    refunds.filter((refund) => refund.status === status).reduce((total, refund) => total + refund.amountPaise, 0);
  const refundedPaise = sum('processed');
  return {
    payments: [
      {
        razorpayPaymentId: payment.razorpayPaymentId,
        amountPaise: payment.amountPaise,
        paidAt: payment.paidAt ?? payment.createdAt,
        status: paymentStates[summaryOf(ledger, payment.amountPaise).state],
      },
    ],
    refunds,
    paidPaise: payment.amountPaise,
    refundedPaise,
    pendingPaise: sum('pending'),
    netPaidPaise: payment.amountPaise - refundedPaise,
  };
}

const nothingPaid: ClientMoney = {
  payments: [],
  refunds: [],
  paidPaise: 0,
  refundedPaise: 0,
  pendingPaise: 0,
  netPaidPaise: 0,
};

/** The statement of a client's payment (a client is keyed by its payment's id); one read of each. */
export async function statementOfPayment(paymentId: string): Promise<ClientMoney> {
  const [payment, ledger] = await Promise.all([payments.get(paymentId), readLedger(paymentId)]);
  if (!payment || payment.status !== 'captured') return nothingPaid;
  return paymentStatement(payment, ledger);
}
