import { DIRECT_SOURCE, type Attribution } from '../../lib/schemas/attribution';
import type { LeadsBySourceAnswer, LeadsBySourceRow } from '../../lib/schemas/notifications';
import { type LeadNotificationKind as LeadKind, leadNotificationKinds as leadKinds } from '../../lib/leads/kinds';
import { defineTally } from '../storage/tally';
import type { Counts } from '../storage/tallyMath';
import { SOURCE_SEPARATOR, callsOf, dayConversionsOf, figures, withConversions } from './conversionMath';

// 'Leads by source' (docs/notifications.md): counted per UTC day as leads come in
// (docs/decisions/0025-person-search-index-and-write-time-stats.md, 0026-store-answer-follow-up.md),
// so the breakdown reads one bucket a day, never every lead. Each lead's count is a
// change of its own (a tally: no key that two leads write), folded by the minute job.
// Sources are whatever a visitor's link says, so a day keeps at most MAX_SOURCES_PER_DAY
// of them (the rest count as '(other)') and each is cut to MAX_SOURCE_LENGTH characters:
// a day's bucket stays small whatever anyone sends.

export const LEAD_SOURCES_STORE = 'lead-sources';
export const MAX_SOURCES_PER_DAY = 50;
export const MAX_SOURCE_LENGTH = 60;
export const OTHER_SOURCE = '(other)';
const DAY_MS = 86_400_000;

/** source + medium, joined by a character no form can send; then the kind. */
type DayCounts = Record<string, Partial<Record<LeadKind, number>>>;
const SEPARATOR = SOURCE_SEPARATOR;

// A day's tally bucket.
export const dayBucket = (day: Date) => `days/${day.toISOString().slice(0, 10)}`;

const cut = (value: string) => value.trim().toLowerCase().slice(0, MAX_SOURCE_LENGTH).trim();

export function sourceKey(attribution: Attribution | null | undefined): string {
  const source = cut(attribution?.source ?? '') || DIRECT_SOURCE;
  const medium = cut(attribution?.medium ?? '');
  return `${source}${SEPARATOR}${medium}`;
}

const OTHER_KEY = `${OTHER_SOURCE}${SEPARATOR}`;
const fieldOf = (key: string, kind: LeadKind) => `${key}${SEPARATOR}${kind}`;

function splitField(field: string): { key: string; kind: LeadKind } | null {
  const cutAt = field.lastIndexOf(SEPARATOR);
  const kind = field.slice(cutAt + 1) as LeadKind;
  if (cutAt <= 0 || !(leadKinds as readonly string[]).includes(kind)) return null;
  return { key: field.slice(0, cutAt), kind };
}

/** A day's field for a new source once the day holds MAX_SOURCES_PER_DAY of them: '(other)' (pure). */
export function placeSource(counts: Counts, field: string): string {
  const parts = splitField(field);
  if (!parts) return field;
  const sources = new Set(Object.keys(counts).map((name) => splitField(name)?.key));
  if (sources.has(parts.key) || sources.size < MAX_SOURCES_PER_DAY) return field;
  return fieldOf(OTHER_KEY, parts.kind);
}

const tally = defineTally(LEAD_SOURCES_STORE, { placeField: placeSource });
/** The day buckets also count paying clients and revenue per source (conversions.ts). */
export const leadSourceTally = tally;

/** Counts one lead for its day, once per `changeId` (the lead's follow-up event). */
export async function countLeadSource(
  changeId: string,
  kind: LeadKind,
  attribution: Attribution | null | undefined,
  at: Date,
): Promise<void> {
  await tally.add(changeId, dayBucket(at), { [fieldOf(sourceKey(attribution), kind)]: 1 });
}

export const foldLeadSources = tally.fold;

/** A day's tally as source -> kind -> count (pure). */
export function dayCountsOf(counts: Counts): DayCounts {
  const day: DayCounts = {};
  for (const [field, n] of Object.entries(counts)) {
    const parts = splitField(field);
    if (!parts || n === 0) continue;
    const row = (day[parts.key] ??= {});
    row[parts.kind] = (row[parts.kind] ?? 0) + n;
  }
  return day;
}

/** Adds up days of counts into rows, most leads first (pure: unit-tested). */
export function leadsBySourceRows(days: DayCounts[]): LeadsBySourceRow[] {
  const rows = new Map<string, LeadsBySourceRow>();
  for (const day of days) {
    for (const [key, byKind] of Object.entries(day)) {
      const [source, medium] = key.split(SEPARATOR);
      const row = rows.get(key) ?? { source: source || DIRECT_SOURCE, medium: medium || null, leads: 0, byKind: {} };
      for (const [kind, count] of Object.entries(byKind) as Array<[LeadKind, number]>) {
        row.byKind[kind] = (row.byKind[kind] ?? 0) + count;
        row.leads += count;
      }
      rows.set(key, row);
    }
  }
  return [...rows.values()].sort(
    (a, b) => b.leads - a.leads || a.source.localeCompare(b.source) || (a.medium ?? '').localeCompare(b.medium ?? ''),
  );
}

export async function readLeadsBySource(days: number, now: Date = new Date()): Promise<LeadsBySourceAnswer> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const dates = Array.from({ length: days }, (_, index) => new Date(today - index * DAY_MS));
  const tallied = await tally.read(dates.map(dayBucket));
  const leadDays = dates.map((date) => [dayCountsOf(tallied.get(dayBucket(date)) ?? {})]);
  const paidDays = dates.map((date) => dayConversionsOf(tallied.get(dayBucket(date)) ?? {}));
  const rows = withConversions(leadsBySourceRows(leadDays.flat()), paidDays);
  const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);
  const leadsOn = (day: DayCounts[]) =>
    sum(day.flatMap((byKey) => Object.values(byKey).flatMap((byKind) => Object.values(byKind) as number[])));
  const daily = dates
    .map((date, index) => ({
      date: date.toISOString().slice(0, 10),
      leads: leadsOn(leadDays[index]!),
      payingClients: sum(Object.values(paidDays[index]!).map((day) => day.clients)),
    }))
    .reverse();
  const cents = (values: number[]) => Math.round(sum(values.map((value) => value * 100))) / 100;
  const calls = callsOf((kind) => sum(rows.map((row) => row[kind])));
  const totals = figures(
    sum(rows.map((row) => row.leads)),
    sum(rows.map((row) => row.payingClients)),
    cents(rows.map((row) => row.revenue)),
    cents(rows.map((row) => row.refunded)),
    calls,
  );
  return { days, since: since.toISOString(), rows, totals, daily };
}
