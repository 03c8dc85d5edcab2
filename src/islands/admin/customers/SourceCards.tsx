import { leadKindBreakdown, sourceName } from '../../../lib/admin/leadSource';
import { formatCount } from '../../../lib/format';
import type { SourceConversionRow } from '../../../lib/schemas/notifications';
import { money, percent, rowKey } from './sourceFigures';

/**
 * 'Leads by source' on a phone: one card a source with the four figures that matter (leads,
 * paying clients, conversion, revenue), where the eleven columns of the table would not fit.
 * conversions.css shows it or the table by the panel's own width.
 */
export function SourceCards({ rows, days }: { rows: readonly SourceConversionRow[]; days: number }) {
  return (
    <ul className="adm-source-cards" data-testid="leads-by-source-cards" aria-label={`Sources, last ${days} days`}>
      {rows.map((row) => {
        const kinds = leadKindBreakdown(row.byKind);
        return (
          <li key={rowKey(row)} className="adm-source-card">
            <h3 className="adm-source-card-name">
              {sourceName(row.source)}
              {row.medium ? <span className="adm-source-card-medium"> / {row.medium}</span> : null}
            </h3>
            <dl className="adm-source-card-figures">
              <div>
                <dt>Leads</dt>
                <dd>{formatCount(row.leads)}</dd>
              </div>
              <div>
                <dt>Paying clients</dt>
                <dd>{formatCount(row.payingClients)}</dd>
              </div>
              <div>
                <dt>Conversion</dt>
                <dd>{percent(row.conversionRate)}</dd>
              </div>
              <div>
                <dt>Revenue</dt>
                <dd>
                  {money(row.revenue)}
                  {row.refunded > 0 ? (
                    <small className="adm-convert-refunded">{money(row.refunded)} refunded</small>
                  ) : null}
                </dd>
              </div>
            </dl>
            {row.callsBooked > 0 || row.callsHeld > 0 ? (
              <p className="adm-source-card-more">
                Calls booked {formatCount(row.callsBooked)} · held {formatCount(row.callsHeld)} · no-show rate{' '}
                {percent(row.noShowRate)}
              </p>
            ) : null}
            <p className="adm-source-card-more">{kinds || 'No leads in this period'}</p>
          </li>
        );
      })}
    </ul>
  );
}
