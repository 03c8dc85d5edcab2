import { formatDateLongIN, formatPaise } from '../../lib/format';
import type { ClientMoney, ClientPayment, ClientRefund } from '../../lib/schemas/client';

const paymentLabels: Record<ClientPayment['status'], string> = {
  paid: 'Paid',
  'partly-refunded': 'Paid, partly refunded',
  refunded: 'Paid, refunded',
};
// Razorpay's normal refund speed (docs/payments.md, "Refunds"); a failed one is followed up by us.
const refundLabels: Record<ClientRefund['status'], string> = {
  pending: 'On its way: usually within 5-7 working days',
  processed: 'Refunded',
  failed: 'Did not go through: we will contact you',
};
const dateOf = (iso: string) => formatDateLongIN(iso) ?? iso.slice(0, 10);

/** What the client paid, each refund and what they paid net (docs/payments.md, "The client space and paid sessions"). */
export function PaymentsAndRefunds({ money }: { money: ClientMoney }) {
  if (money.payments.length === 0) return null;
  return (
    <section className="client-section" aria-labelledby="client-money" data-testid="client-money">
      <h2 id="client-money">Payments and refunds</h2>
      <ul className="client-money" role="list">
        {money.payments.map((payment) => (
          <li key={payment.razorpayPaymentId ?? payment.paidAt} data-testid="client-payment">
            <span className="client-money-what">Payment of {formatPaise(payment.amountPaise)}</span>
            <span className="client-status">
              {paymentLabels[payment.status]} · {dateOf(payment.paidAt)}
            </span>
          </li>
        ))}
        {money.refunds.map((refund) => (
          <li key={refund.refundId ?? refund.at} className={`is-${refund.status}`} data-testid="client-refund">
            <span className="client-money-what">Refund of {formatPaise(refund.amountPaise)}</span>
            <span className="client-status">
              {refundLabels[refund.status]} · {dateOf(refund.at)}
            </span>
          </li>
        ))}
      </ul>
      {money.refunds.length > 0 ? (
        <p className="client-net" data-testid="net-paid">
          Net paid: <strong>{formatPaise(money.netPaidPaise)}</strong>
          {money.pendingPaise > 0 ? ` (${formatPaise(money.pendingPaise)} more is on its way back to you)` : ''}
        </p>
      ) : null}
    </section>
  );
}
