import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDateIST } from '../../../lib/admin/istDates';
import { DIRECT, OWNER_ADDED_LABEL } from '../../../lib/admin/leadSource';
import { formatCount } from '../../../lib/format';
import { leadSourcesQuery } from '../api/queries';
import { EmptyState, ErrorState } from '../ui/States';
import { ConversionChart } from './ConversionChart';
import { SourceCards } from './SourceCards';
import { SourceTable } from './SourceTable';
import { money, percent } from './sourceFigures';
import './conversions.css';

const WINDOWS = [30, 90] as const;
type Window = (typeof WINDOWS)[number];

/**
 * 'Leads by source' and what converts (docs/payments.md, "What converts"): per source and for
 * the whole site over 30 or 90 days, the leads, the paying clients they became, the revenue
 * and the rate, all counted at write time; and a chart of both per day.
 */
export function LeadsBySource() {
  const headingId = useId();
  const [days, setDays] = useState<Window>(30);
  const sources = useQuery(leadSourcesQuery(days));
  const rows = sources.data?.rows ?? [];
  const totals = sources.data?.totals;

  let body;
  if (sources.isPending) {
    body = (
      <div className="adm-loading" aria-busy="true">
        <span className="adm-skeleton adm-skeleton-row" />
        <span className="visually-hidden">Loading leads by source…</span>
      </div>
    );
  } else if (sources.isError) {
    body = (
      <ErrorState
        what="leads by source"
        error={sources.error}
        onRetry={() => void sources.refetch()}
        retrying={sources.isFetching}
      />
    );
  } else if (rows.length === 0) {
    body = (
      <EmptyState title={`No leads in the last ${days} days`}>
        Each new lead is counted here under the source of the visit that brought it: the utm_source of an ad or a link,
        or the site that sent the visitor.
      </EmptyState>
    );
  } else {
    body = (
      <>
        {totals ? (
          <dl
            className="adm-convert-totals"
            data-testid="conversion-totals"
            aria-label={`The whole site, last ${days} days`}
          >
            <div>
              <dt>Leads</dt>
              <dd>{formatCount(totals.leads)}</dd>
            </div>
            <div>
              <dt>Paying clients</dt>
              <dd>{formatCount(totals.payingClients)}</dd>
            </div>
            <div>
              <dt>Revenue, net of refunds</dt>
              <dd>
                {money(totals.revenue)}
                {totals.refunded > 0 ? (
                  <small className="adm-convert-refunded">{money(totals.refunded)} refunded</small>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>Conversion</dt>
              <dd>{percent(totals.conversionRate)}</dd>
            </div>
            <div>
              <dt>Calls booked · held</dt>
              <dd>
                {formatCount(totals.callsBooked)} · {formatCount(totals.callsHeld)}
              </dd>
            </div>
            <div>
              <dt>No-show rate</dt>
              <dd>{percent(totals.noShowRate)}</dd>
            </div>
            <div>
              <dt>Reminders read</dt>
              <dd>{percent(totals.reminderReadRate)}</dd>
            </div>
          </dl>
        ) : null}
        {sources.data ? <ConversionChart daily={sources.data.daily} /> : null}
        <div className="adm-source-figures">
          <SourceTable rows={rows} days={days} />
          <SourceCards rows={rows} days={days} />
        </div>
      </>
    );
  }

  return (
    <section className="adm-panel adm-sources" aria-labelledby={headingId} data-testid="lead-sources">
      <header className="adm-panel-head adm-sources-head">
        <h2 id={headingId}>Leads by source</h2>
        {totals ? <span className="adm-count">{formatCount(totals.leads)}</span> : null}
        <div className="adm-period" role="group" aria-label="Period">
          {WINDOWS.map((window) => (
            <button
              key={window}
              type="button"
              className="adm-period-option"
              aria-pressed={days === window}
              onClick={() => setDays(window)}
            >
              {window} days
            </button>
          ))}
        </div>
      </header>
      <p className="adm-panel-note">
        The last {days} days{sources.data ? `, since ${formatDateIST(sources.data.since) ?? sources.data.since}` : ''}.
        A visit without a utm_source or another site sending it counts as {DIRECT}. Paying clients: bookings with a
        captured payment, each counted once, on its first payment, under its source. A client you asked to pay counts
        under the source of their earlier lead, or as {OWNER_ADDED_LABEL} when they had none. Conversion: paying clients
        per 100 leads, at most 100% (a client whose lead came before the period still counts in it).
      </p>
      {body}
    </section>
  );
}
