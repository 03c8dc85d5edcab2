import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatPaise } from '../../../lib/format';
import { istDateOf } from '../../../lib/schedule/istClock';
import { leadListQuery } from '../api/queries';
import { viewHref } from '../adminRoute';
import { When } from '../ui/When';
import { useNow } from '../../useNow';

/** Today's payments (IST) from the newest page of payments, with what was refunded of them. */
export function MoneyToday() {
  const headingId = useId();
  const list = useInfiniteQuery(leadListQuery('payments'));
  const today = istDateOf(useNow());
  // Paid today, newest first: a checkout opened yesterday and paid today is today's money.
  const paidAt = (payment: { paidAt: string | null; createdAt: string }) => payment.paidAt ?? payment.createdAt;
  const paid = (list.data?.pages[0]?.items ?? [])
    .filter((payment) => payment.status === 'captured' && istDateOf(Date.parse(paidAt(payment))) === today)
    .sort((a, b) => Date.parse(paidAt(b)) - Date.parse(paidAt(a)));
  const total = paid.reduce((sum, payment) => sum + payment.amountPaise, 0);
  const refunded = paid.reduce((sum, payment) => sum + (payment.refunds?.refundedPaise ?? 0), 0);
  return (
    <section className="adm-panel" aria-labelledby={headingId} data-testid="money-today">
      <div className="adm-panel-head">
        <h2 id={headingId}>Money today</h2>
        {list.data ? <span className="adm-count">{formatPaise(total - refunded)}</span> : null}
      </div>
      {list.isPending ? (
        <p className="adm-panel-note" aria-busy="true">
          Loading…
        </p>
      ) : paid.length === 0 ? (
        <p className="adm-panel-note">No payments yet today.</p>
      ) : (
        <ul className="adm-people" role="list">
          {paid.map((payment) => (
            <li key={payment.id} className="adm-money-line">
              <strong>{formatPaise(payment.amountPaise)}</strong> {payment.customerName} · {payment.packageName} ·{' '}
              <When iso={paidAt(payment)} />
              {payment.refunds && payment.refunds.refundedPaise > 0
                ? ` · ${formatPaise(payment.refunds.refundedPaise)} refunded`
                : ''}
            </li>
          ))}
        </ul>
      )}
      <a className="adm-more-link" href={viewHref('money')}>
        All payments and figures
      </a>
    </section>
  );
}
