import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatDateIST } from '../../../lib/admin/istDates';
import { DIRECT, leadKindBreakdown } from '../../../lib/admin/leadSource';
import { formatCount } from '../../../lib/format';
import { leadSourcesQuery } from '../api/queries';
import { EmptyState, ErrorState } from '../ui/States';

const DAYS = 30;

/** 'Leads by source' (issue 12): which ads and sites brought the last 30 days' leads. */
export function LeadsBySource() {
  const headingId = useId();
  const captionId = useId();
  const sources = useQuery(leadSourcesQuery(DAYS));
  const rows = sources.data?.rows ?? [];
  const total = rows.reduce((sum, row) => sum + row.leads, 0);

  let body;
  if (sources.isPending) {
    body = (
      <div className="adm-loading" aria-busy="true">
        <span className="adm-skeleton adm-skeleton-row" />
        <span className="visually-hidden">Loading leads by source…</span>
      </div>
    );
  } else if (sources.isError) {
    body = <ErrorState what="leads by source" error={sources.error} onRetry={() => void sources.refetch()} retrying={sources.isFetching} />;
  } else if (rows.length === 0) {
    body = (
      <EmptyState title={`No leads in the last ${DAYS} days`}>
        Each new lead is counted here under the source of the visit that brought it: the utm_source of an ad or a link, or the site that sent the visitor.
      </EmptyState>
    );
  } else {
    body = (
      // Scrolls sideways on a phone rather than squeezing the table; focusable so a keyboard can scroll it.
      <div className="adm-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="adm-table" data-testid="leads-by-source">
          <caption id={captionId} className="visually-hidden">
            Leads by source in the last {DAYS} days
          </caption>
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Medium</th>
              <th scope="col" className="is-number">
                Leads
              </th>
              <th scope="col">Kinds of lead</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.source}\u001f${row.medium ?? ''}`}>
                <th scope="row">{row.source}</th>
                <td>{row.medium ?? <span className="adm-none">none</span>}</td>
                <td className="is-number">{formatCount(row.leads)}</td>
                <td>{leadKindBreakdown(row.byKind)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="adm-panel adm-sources" aria-labelledby={headingId} data-testid="lead-sources">
      <header className="adm-panel-head">
        <h2 id={headingId}>Leads by source</h2>
        {sources.data ? <span className="adm-count">{formatCount(total)}</span> : null}
      </header>
      <p className="adm-panel-note">
        The last {DAYS} days{sources.data ? `, since ${formatDateIST(sources.data.since) ?? sources.data.since}` : ''}. A visit without a utm_source or another site
        sending it counts as {DIRECT}.
      </p>
      {body}
    </section>
  );
}
