import { useId } from 'react';
import { leadKindBreakdown, sourceName } from '../../../lib/admin/leadSource';
import { formatCount } from '../../../lib/format';
import type { SourceConversionRow } from '../../../lib/schemas/notifications';
import { money, percent, rowKey } from './sourceFigures';

/** 'Leads by source' as a table, every figure a column: on a wide screen (conversions.css). */
export function SourceTable({ rows, days }: { rows: readonly SourceConversionRow[]; days: number }) {
  const captionId = useId();
  // Scrolls sideways when the panel is narrower than the table; focusable so a keyboard can scroll it.
  return (
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
            <tr key={rowKey(row)}>
              <th scope="row">{sourceName(row.source)}</th>
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
  );
}
