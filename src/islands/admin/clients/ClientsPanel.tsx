import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatCount } from '../../../lib/format';
import type { AdminClient } from '../../../lib/schemas/client';
import { describeSlotIst } from '../../../lib/schedule/slotDays';
import { describeSessionsUsed } from '../../../lib/sessionCounts';
import { PhoneAndEmail } from '../ui/Contact';
import { LoadMore } from '../ui/LoadMore';
import { Pill } from '../ui/Pill';
import { EmptyState, ErrorState } from '../ui/States';
import { When } from '../ui/When';
import { clientsQuery } from './clientsApi';
import './clients.css';

/** Every paying client, newest first: the package, sessions used (held), booked and left, the next session. */
export function ClientsPanel() {
  const headingId = useId();
  const list = useInfiniteQuery(clientsQuery());
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? null;

  let body;
  if (list.isPending) {
    body = (
      <div className="adm-loading" aria-busy="true">
        <span className="adm-skeleton adm-skeleton-row" />
        <span className="visually-hidden">Loading clients…</span>
      </div>
    );
  } else if (list.isError && items.length === 0) {
    body = (
      <ErrorState what="clients" error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
    );
  } else if (items.length === 0) {
    body = (
      <EmptyState title="No clients yet">
        Each captured payment makes a client. Their receipt links to a page where they book the sessions they bought;
        the sessions show here and under Upcoming calls.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <ul className="adm-items adm-items-rows" data-testid="clients">
          {items.map((client) => (
            <li key={client.id}>
              <ClientRow client={client} />
            </li>
          ))}
        </ul>
        <LoadMore list={list} shown={items.length} total={total} />
      </>
    );
  }
  return (
    <section className="adm-panel adm-clients" aria-labelledby={headingId} data-testid="clients-panel">
      <header className="adm-panel-head">
        <h2 id={headingId}>Clients</h2>
        {total !== null ? <span className="adm-count">{formatCount(total)}</span> : null}
      </header>
      {body}
    </section>
  );
}

function ClientRow({ client }: { client: AdminClient }) {
  const counts = { held: client.sessionsUsed, booked: client.sessionsBooked, missed: client.sessionsMissed };
  return (
    <article
      className="adm-row adm-client-row"
      data-testid="client"
      data-client-id={client.id}
      aria-label={`Client ${client.name}`}
    >
      <div className="adm-row-inline">
        <p className="adm-row-title">{client.name}</p>
        <Pill tone="navy">{client.packageName}</Pill>
        {client.endedAt ? <Pill tone="red">Sessions ended</Pill> : null}
      </div>
      <p className="adm-row-detail">
        <PhoneAndEmail phone={client.phone} email={client.email} />
      </p>
      <dl className="adm-client-facts">
        <div>
          <dt>Used</dt>
          <dd data-testid="sessions-used">{describeSessionsUsed(counts, client.sessionsTotal)}</dd>
        </div>
        <div>
          <dt>Left</dt>
          <dd data-testid="sessions-left">{client.sessionsLeft}</dd>
        </div>
        <div>
          <dt>Next session</dt>
          <dd data-testid="next-session">
            {client.nextSession ? (
              <time dateTime={client.nextSession.start}>{describeSlotIst(client.nextSession.start)}</time>
            ) : (
              'None booked'
            )}
          </dd>
        </div>
      </dl>
      <p className="adm-row-when">
        Paid <When iso={client.createdAt} />
      </p>
    </article>
  );
}
