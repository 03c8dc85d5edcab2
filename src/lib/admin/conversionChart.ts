// The 'What converts' chart as numbers: bars for leads and paying clients per
// day, a rounded scale and the words a screen reader hears. Pure, so it is unit-tested;
// the admin island only draws what this returns.

export interface DailyFigures {
  date: string;
  leads: number;
  payingClients: number;
}

export interface ChartSize {
  width: number;
  height: number;
  /** Room on the left for the scale's numbers, below for the dates, above for the top number. */
  left: number;
  bottom: number;
  top?: number;
}

export interface ChartBar {
  date: string;
  x: number;
  width: number;
  leads: { y: number; height: number };
  clients: { x: number; y: number; width: number; height: number };
}

/** The smallest of 1, 2, 5, 10, 20, 50, ... at or above n (at least 1). */
export function niceMax(n: number): number {
  if (n <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 5, 10]) if (step * power >= n) return step * power;
  return 10 * power;
}

export function chartGeometry(daily: readonly DailyFigures[], size: ChartSize) {
  const max = niceMax(Math.max(0, ...daily.map((day) => Math.max(day.leads, day.payingClients))));
  const plotWidth = Math.max(1, size.width - size.left);
  const top = size.top ?? 0;
  const plotHeight = Math.max(1, size.height - size.bottom - top);
  const slot = plotWidth / Math.max(1, daily.length);
  const gap = slot > 6 ? Math.min(4, slot * 0.2) : 0.5;
  const y = (value: number) => top + plotHeight - (value / max) * plotHeight;
  const bars: ChartBar[] = daily.map((day, index) => {
    const x = size.left + index * slot + gap / 2;
    const width = Math.max(1, slot - gap);
    const inner = Math.max(1, width * 0.5);
    return {
      date: day.date,
      x,
      width,
      leads: { y: y(day.leads), height: y(0) - y(day.leads) },
      clients: {
        x: x + (width - inner) / 2,
        y: y(day.payingClients),
        width: inner,
        height: y(0) - y(day.payingClients),
      },
    };
  });
  const ticks = [0, max / 2, max]
    .filter((value, index, all) => Number.isInteger(value) && all.indexOf(value) === index)
    .map((value) => ({ value, y: y(value) }));
  return { max, bars, ticks, baseline: y(0) };
}

const shortDate = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
export const chartDate = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

/** What the chart shows, in a sentence or two (its accessible description). */
export function describeDaily(daily: readonly DailyFigures[]): string {
  if (daily.length === 0) return 'No days to show.';
  const leads = daily.reduce((sum, day) => sum + day.leads, 0);
  const clients = daily.reduce((sum, day) => sum + day.payingClients, 0);
  const span = `From ${chartDate(daily[0]!.date)} to ${chartDate(daily.at(-1)!.date)}: ${leads} ${leads === 1 ? 'lead' : 'leads'} and ${clients} paying ${clients === 1 ? 'client' : 'clients'}.`;
  if (leads === 0 && clients === 0) return span;
  const busiest = daily.reduce((best, day) => (day.leads > best.leads ? day : best), daily[0]!);
  const paidDays = daily.filter((day) => day.payingClients > 0).length;
  return `${span} Most leads on ${chartDate(busiest.date)} (${busiest.leads}). Paying clients on ${paidDays} ${paidDays === 1 ? 'day' : 'days'}.`;
}
