import { useEffect, useId, useRef, useState } from 'react';
import { type DailyFigures, chartDate, chartGeometry, describeDaily } from '../../../lib/admin/conversionChart';
import { formatCount } from '../../../lib/format';

const HEIGHT = 180;
const SIZE = { left: 32, bottom: 22, top: 10 };

/** The width the chart gets, so it is drawn at the phone's or the laptop's own pixels (text stays legible). */
function useWidth() {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(
      ([entry]) => entry && setWidth(Math.max(240, Math.floor(entry.contentRect.width))),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { box, width };
}

/** Leads and paying clients per day in plain SVG, with its figures in words and as a table. */
export function ConversionChart({ daily }: { daily: DailyFigures[] }) {
  const id = useId();
  const { box, width } = useWidth();
  const { bars, ticks, baseline } = chartGeometry(daily, { width, height: HEIGHT, ...SIZE });
  const labelled = [0, Math.floor((bars.length - 1) / 2), bars.length - 1].filter(
    (index, position, all) => index >= 0 && all.indexOf(index) === position,
  );

  return (
    <figure className="adm-chart" data-testid="conversion-chart">
      <div ref={box} className="adm-chart-box">
        <svg
          width={width}
          height={HEIGHT}
          viewBox={`0 0 ${width} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
        >
          <title id={`${id}-title`}>Leads and paying clients per day</title>
          <desc id={`${id}-desc`}>{describeDaily(daily)}</desc>
          {ticks.map((tick) => (
            <g key={tick.value} className="adm-chart-tick">
              <line x1={SIZE.left} x2={width} y1={tick.y} y2={tick.y} />
              <text x={SIZE.left - 6} y={tick.y} dy="0.32em" textAnchor="end">
                {tick.value}
              </text>
            </g>
          ))}
          {bars.map((bar) => (
            <g key={bar.date}>
              {bar.leads.height > 0 ? (
                <rect
                  className="adm-chart-leads"
                  x={bar.x}
                  y={bar.leads.y}
                  width={bar.width}
                  height={bar.leads.height}
                  rx={Math.min(2, bar.width / 4)}
                />
              ) : null}
              {bar.clients.height > 0 ? (
                <rect
                  className={`adm-chart-clients${bar.clients.width >= 4 ? ' is-outlined' : ''}`}
                  x={bar.clients.x}
                  y={bar.clients.y}
                  width={bar.clients.width}
                  height={bar.clients.height}
                  rx={Math.min(2, bar.clients.width / 4)}
                />
              ) : null}
            </g>
          ))}
          {labelled.map((index, position) => {
            const bar = bars[index]!;
            const anchor = position === 0 ? 'start' : index === bars.length - 1 ? 'end' : 'middle';
            const x = anchor === 'start' ? bar.x : anchor === 'end' ? bar.x + bar.width : bar.x + bar.width / 2;
            return (
              <text key={bar.date} className="adm-chart-date" x={x} y={baseline + 16} textAnchor={anchor}>
                {chartDate(bar.date)}
              </text>
            );
          })}
        </svg>
      </div>
      <figcaption className="adm-chart-legend">
        <span className="adm-chart-key adm-chart-key-leads">Leads</span>
        <span className="adm-chart-key adm-chart-key-clients">Paying clients</span>
      </figcaption>
      <details className="adm-chart-days">
        <summary>The figures per day</summary>
        <div className="adm-table-scroll" role="region" aria-label="Leads and paying clients per day" tabIndex={0}>
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="is-number">
                  Leads
                </th>
                <th scope="col" className="is-number">
                  Paying clients
                </th>
              </tr>
            </thead>
            <tbody>
              {[...daily].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row">{chartDate(day.date)}</th>
                  <td className="is-number">{formatCount(day.leads)}</td>
                  <td className="is-number">{formatCount(day.payingClients)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
