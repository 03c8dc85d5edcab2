import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { formatCount, formatRupees } from '../../../lib/format';
import type { PaymentRequestStatus } from '../../../lib/schemas/paymentRequest';
import { failureMessage } from '../api';
import type { PaymentRequestRecord } from '../api/paymentRequests';
import { adminKeys } from '../api/queries';
import { Pill, type PillTone } from '../ui/Pill';
import { LoadMore } from '../ui/LoadMore';
import { EmptyState, ErrorState } from '../ui/States';
import { When } from '../ui/When';
import { ShareLink } from './ShareLink';
import { paymentRequestsQuery, useCancelPaymentRequest } from './usePaymentRequests';
import './payments.css';

const statusLabels: Record<PaymentRequestStatus, string> = {
  created: 'Waiting for payment',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
};
const statusTones: Record<PaymentRequestStatus, PillTone> = {
  created: 'amber',
  paid: 'green',
  expired: 'neutral',
  cancelled: 'red',
};

/** The owner's payment requests, newest first: who, what, how much, and where each stands. */
export function PaymentRequestsPanel() {
  const headingId = useId();
  const requests = useInfiniteQuery(paymentRequestsQuery());
  const items = requests.data?.pages.flatMap((page) => page.items) ?? [];
  const total = requests.data?.pages.at(-1)?.total ?? null;
  usePaidRefresh(items);

  let body;
  if (requests.isPending) {
    body = (
      <div className="adm-loading" aria-busy="true">
        <span className="adm-skeleton adm-skeleton-row" />
        <span className="visually-hidden">Loading payment requests…</span>
      </div>
    );
  } else if (requests.isError && items.length === 0) {
    body = (
      <ErrorState
        what="payment requests"
        error={requests.error}
        onRetry={() => void requests.refetch()}
        retrying={requests.isFetching}
      />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState title="No payment requests yet">
        After a consultation, use Request payment on a booking to send the agreed fee as a Razorpay link. It shows here
        until it is paid.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="adm-items adm-items-rows" data-testid="payment-requests">
          {items.map((request) => (
            <li key={request.id}>
              <RequestRow request={request} />
            </li>
          ))}
        </ul>
        <LoadMore list={requests} shown={items.length} total={total} />
      </>
    );
  }

  return (
    <section className="adm-panel adm-pay-requests" aria-labelledby={headingId} data-testid="payment-requests-panel">
      <header className="adm-panel-head">
        <h2 id={headingId}>Payment requests</h2>
        {total !== null ? <span className="adm-count">{formatCount(total)}</span> : null}
      </header>
      {body}
    </section>
  );
}

function RequestRow({ request }: { request: PaymentRequestRecord }) {
  const cancel = useCancelPaymentRequest();
  return (
    <article
      className="adm-row adm-pay-row"
      data-testid="payment-request"
      data-request-id={request.id}
      aria-label={`Payment request to ${request.name}`}
    >
      <div className="adm-row-inline">
        <p className="adm-row-title">
          {request.name} <span className="adm-amount">{formatRupees(request.amount)}</span>
        </p>
        <Pill tone={statusTones[request.status]}>{statusLabels[request.status]}</Pill>
      </div>
      <p className="adm-row-detail">{request.description}</p>
      <p className="adm-row-when">
        {request.status === 'paid' && request.paidAt ? (
          <>
            Paid <When iso={request.paidAt} />
          </>
        ) : request.status === 'created' ? (
          <>
            Sent <When iso={request.createdAt} />, open until <When iso={request.expiresAt} />
          </>
        ) : (
          <>
            {statusLabels[request.status]} <When iso={request.closedAt ?? request.updatedAt ?? request.createdAt} />
          </>
        )}
      </p>
      {request.status === 'created' ? (
        <ShareLink request={request}>
          <button
            type="button"
            className="btn btn-outline adm-btn-sm adm-btn-quiet-danger adm-pay-cancel"
            onClick={() => cancel.mutate(request.id)}
            disabled={cancel.isPending}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel link'}
            <span className="visually-hidden"> for {request.name}</span>
          </button>
        </ShareLink>
      ) : null}
      {cancel.isError ? (
        <p className="adm-inline-error" role="alert">
          {failureMessage(cancel.error, 'The link could not be cancelled. Please try again.')}
        </p>
      ) : null}
    </article>
  );
}

/** A request that turned paid changes its booking, the tiles and what converts: refresh them. */
function usePaidRefresh(items: PaymentRequestRecord[]) {
  const client = useQueryClient();
  const paid = items
    .filter((item) => item.status === 'paid')
    .map((item) => item.id)
    .join(',');
  const seen = useRef<string | null>(null);
  useEffect(() => {
    if (seen.current !== null && seen.current !== paid) {
      void client.invalidateQueries({ queryKey: adminKeys.leads('bookings') });
      void client.invalidateQueries({ queryKey: adminKeys.leads('payments') });
      void client.invalidateQueries({ queryKey: adminKeys.stats() });
      void client.invalidateQueries({ queryKey: ['admin', 'lead-sources'] });
    }
    seen.current = paid;
  }, [client, paid]);
}
