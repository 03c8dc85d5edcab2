import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatDateIST } from '../../../lib/admin/istDates';
import { DIRECT, leadKindBreakdown } from '../../../lib/admin/leadSource';
import { formatCount, formatPaise } from '../../../lib/format';
import { leadSourcesQuery } from '../api/queries';
import { EmptyState, ErrorState } from '../ui/States';
import { ConversionChart } from './ConversionChart';
import './conversions.css';

const WINDOWS = [30, 90] as const;
type Window = (typeof WINDOWS)[number];

// Revenue is net of refunds, which may carry paise.
const money = (rupees: number) => formatPaise(Math.round(rupees * 100));
/** A rate (conversion; no-shows per 100 calls marked held or no-show; WhatsApp reminders read per 100 sent); a dash before there is any. */
const percent = (rate: number | null) => (rate === null ? '–' : `${rate.toLocaleString('en-IN')}%`);

/**
 * 'Leads by source' and what converts (docs/payments.md, "What converts"): per source and for
 * the whole site over 30 or 90 days, the leads, the paying clients they became, the revenue
 * and the rate, all counted at write time; and a chart of both per day.
 */
export function LeadsBySource() {
  const headingId = useId();
  const captionId = useId();
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
        {/* Scrolls sideways on a phone rather than squeezing the table; focusable so a keyboard can scroll it. */}
        <div className="adm-table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="adm-table" data-testid="leads-by-source">
            <caption id={captionId} className="visually-hidden">
              Leads, paying clients, revenue and discovery calls by source in the last {days} days
            </caption>
            <thead>
              <tr>
                <th scope="col">Source</th>
                <th scope="col">Medium</th>
                <th scope="col" className="is-number">
                  Leads
                </th>
                <th scope="col" className="is-number">
                  Paying clients
                </th>
                <th scope="col" className="is-number">
                  Revenue, net of refunds
                </th>
                <th scope="col" className="is-number">
                  Conversion
                </th>
                <th scope="col" className="is-number">
                  Calls booked
                </th>
                <th scope="col" className="is-number">
                  Calls held
                </th>
                <th scope="col" className="is-number">
                  No-show rate
                </th>
                <th scope="col" className="is-number">
                  Reminders read
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
                  <td className="is-number">{formatCount(row.payingClients)}</td>
                  <td className="is-number">
                    {money(row.revenue)}
                    {row.refunded > 0 ? (
                      <small className="adm-convert-refunded">{money(row.refunded)} refunded</small>
                    ) : null}
                  </td>
                  <td className="is-number">{percent(row.conversionRate)}</td>
                  <td className="is-number">{formatCount(row.callsBooked)}</td>
                  <td className="is-number">{formatCount(row.callsHeld)}</td>
                  <td className="is-number">
                    {percent(row.noShowRate)}
                    {row.callsNoShow > 0 ? (
                      <small className="adm-convert-refunded">{formatCount(row.callsNoShow)} missed</small>
                    ) : null}
                  </td>
                  <td className="is-number">
                    {percent(row.reminderReadRate)}
                    {row.remindersSent > 0 ? (
                      <small className="adm-convert-refunded">
                        {formatCount(row.remindersRead)} of {formatCount(row.remindersSent)}
                      </small>
                    ) : null}
                  </td>
                  <td>{leadKindBreakdown(row.byKind) || <span className="adm-none">none in this period</span>}</td>
                </tr>
              ))}
            </tbody>
          </table>
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
        captured payment, each counted once, on its first payment, under its source. Conversion: paying clients per 100
        leads.
      </p>
      {body}
    </section>
  );
}
