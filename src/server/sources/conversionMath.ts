import { DIRECT_SOURCE } from '../../lib/schemas/attribution';
import type { ConversionFigures, LeadsBySourceRow, SourceConversionRow } from '../../lib/schemas/notifications';
import type { Counts } from '../storage/tallyMath';

// What converts (docs/payments.md), the pure part: a day's bucket of 'lead-sources' holds, beside
// each source's leads by kind, its paying clients and revenue in rupees under fields of
// their own (`{source}␟{medium}␟clients`, `…␟revenue`), so one read of a day gives all.
// Processed refunds are counted in paise (`…␟refundedPaise`: a refund may carry
// paise and a tally holds whole numbers) on the day their payment's revenue was counted,
// and revenue is shown net of them. Discovery calls count too: booked on the day
// booked, held and no-show on the call's day (`…␟callsBooked`, `…␟callsHeld`, `…␟callsNoShow`).

/** Joins source, medium and kind in a field; no form can send this character. */
export const SOURCE_SEPARATOR = '\u001f';
/** The discovery-call figures, kept per source like the rest. */
const callKinds = ['callsBooked', 'callsHeld', 'callsNoShow', 'remindersSent', 'remindersRead'] as const;
export const conversionKinds = ['clients', 'revenue', 'refundedPaise', ...callKinds] as const;
export type ConversionKind = (typeof conversionKinds)[number];

export const conversionField = (sourceKey: string, kind: ConversionKind) => `${sourceKey}${SOURCE_SEPARATOR}${kind}`;

export type SourceConversions = Record<ConversionKind, number>;

const none = () => Object.fromEntries(conversionKinds.map((kind) => [kind, 0])) as SourceConversions;
/** Revenue in rupees less processed refunds, to the paise. */
const netRevenue = (paid: SourceConversions) => Math.round(paid.revenue * 100 - paid.refundedPaise) / 100;

/** A day's tally as source key -> paying clients and revenue (pure). */
export function dayConversionsOf(counts: Counts): Record<string, SourceConversions> {
  const day: Record<string, SourceConversions> = {};
  for (const [field, n] of Object.entries(counts)) {
    const cut = field.lastIndexOf(SOURCE_SEPARATOR);
    const kind = field.slice(cut + 1) as ConversionKind;
    if (cut <= 0 || !(conversionKinds as readonly string[]).includes(kind) || n === 0) continue;
    const entry = (day[field.slice(0, cut)] ??= none());
    entry[kind] += n;
  }
  return day;
}

/**
 * Paying clients as a share of leads, to one decimal of a percent, at most 100; null without
 * leads. Every paying client is a lead of its source (an owner's payment request carries the
 * person's earlier lead's source, or counts as a lead 'Added by the owner': docs/payments.md,
 * "What converts"), but a client whose lead came before the window is counted in it without
 * that lead, so more clients than leads can fall in one window: that shows as 100%, not more.
 */
export function conversionRate(leads: number, payingClients: number): number | null {
  return leads > 0 ? Math.round((Math.min(payingClients, leads) / leads) * 1000) / 10 : null;
}

/** No-shows per 100 calls whose outcome the owner marked, to one decimal; null before any is marked. */
export function noShowRate(held: number, noShows: number): number | null {
  const marked = held + noShows;
  return marked > 0 ? Math.round((noShows / marked) * 1000) / 10 : null;
}

/** WhatsApp reminders of calls read per 100 sent, to one decimal; null before any was sent. */
export function reminderReadRate(sent: number, read: number): number | null {
  return sent > 0 ? Math.round((Math.min(read, sent) / sent) * 1000) / 10 : null;
}

export type CallFigures = Record<(typeof callKinds)[number], number>;
/** The call figures of `from` (a source's totals, or zero for each). */
export const callsOf = (from: (kind: (typeof callKinds)[number]) => number) =>
  Object.fromEntries(callKinds.map((kind) => [kind, from(kind)])) as CallFigures;
const noCalls = callsOf(() => 0);

/** `revenue` is net of refunds; `refunded` is what processed refunds took off it (rupees). */
export function figures(
  leads: number,
  payingClients: number,
  revenue: number,
  refunded = 0,
  calls: CallFigures = noCalls,
): ConversionFigures {
  return {
    leads,
    payingClients,
    revenue,
    refunded,
    conversionRate: conversionRate(leads, payingClients),
    ...calls,
    noShowRate: noShowRate(calls.callsHeld, calls.callsNoShow),
    reminderReadRate: reminderReadRate(calls.remindersSent, calls.remindersRead),
  };
}

/**
 * The rows with their paying clients, revenue and rate; a source that brought payments
 * but no leads in the window (the lead came earlier) gets a row of its own. Sorted by
 * leads, then revenue (pure).
 */
export function withConversions(
  rows: readonly LeadsBySourceRow[],
  days: ReadonlyArray<Record<string, SourceConversions>>,
): SourceConversionRow[] {
  const totals = new Map<string, SourceConversions>();
  for (const day of days) {
    for (const [key, value] of Object.entries(day)) {
      const sum = totals.get(key) ?? none();
      totals.set(
        key,
        Object.fromEntries(conversionKinds.map((kind) => [kind, sum[kind] + value[kind]])) as SourceConversions,
      );
    }
  }
  const keyOf = (row: { source: string; medium: string | null }) =>
    `${row.source}${SOURCE_SEPARATOR}${row.medium ?? ''}`;
  const out: SourceConversionRow[] = rows.map((row) => {
    const paid = totals.get(keyOf(row)) ?? none();
    totals.delete(keyOf(row));
    return {
      ...row,
      ...figures(
        row.leads,
        paid.clients,
        netRevenue(paid),
        paid.refundedPaise / 100,
        callsOf((kind) => paid[kind]),
      ),
    };
  });
  for (const [key, paid] of totals) {
    const [source, medium] = key.split(SOURCE_SEPARATOR);
    out.push({
      source: source || DIRECT_SOURCE,
      medium: medium || null,
      byKind: {},
      ...figures(
        0,
        paid.clients,
        netRevenue(paid),
        paid.refundedPaise / 100,
        callsOf((kind) => paid[kind]),
      ),
    });
  }
  return out.sort(
    (a, b) =>
      b.leads - a.leads ||
      b.revenue - a.revenue ||
      a.source.localeCompare(b.source) ||
      (a.medium ?? '').localeCompare(b.medium ?? ''),
  );
}
