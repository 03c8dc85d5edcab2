import { DIRECT_SOURCE, type Attribution } from '../../lib/schemas/attribution';
import type { LeadKind, LeadsBySourceAnswer, LeadsBySourceRow } from '../../lib/schemas/notifications';
import { updateJson } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';

// 'Leads by source' (issue 12): counted at write time per UTC day, like the admin's other
// stats (DECISIONS 25), so the breakdown reads 30 small blobs, never every lead.

export const LEAD_SOURCES_STORE = 'lead-sources';
const DAY_MS = 86_400_000;

/** source + medium, joined by a character no form can send. */
type DayCounts = Record<string, Partial<Record<LeadKind, number>>>;
const SEPARATOR = '\u001f';

const dayKey = (day: Date) => `days/${day.toISOString().slice(0, 10)}`;

export function sourceKey(attribution: Attribution | null | undefined): string {
  const source = attribution?.source?.trim() || DIRECT_SOURCE;
  const medium = attribution?.medium?.trim() || '';
  return `${source.toLowerCase()}${SEPARATOR}${medium.toLowerCase()}`;
}

export async function countLeadSource(kind: LeadKind, attribution: Attribution | null | undefined, at: Date): Promise<void> {
  const key = sourceKey(attribution);
  await updateJson(LEAD_SOURCES_STORE, dayKey(at), (current) => {
    const counts = (current ?? {}) as DayCounts;
    const row = counts[key] ?? {};
    row[kind] = (row[kind] ?? 0) + 1;
    counts[key] = row;
    return counts;
  });
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
  return [...rows.values()].sort((a, b) => b.leads - a.leads || a.source.localeCompare(b.source) || (a.medium ?? '').localeCompare(b.medium ?? ''));
}

export async function readLeadsBySource(days: number, now: Date = new Date()): Promise<LeadsBySourceAnswer> {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const since = new Date(today - (days - 1) * DAY_MS);
  const store = collectionStore(LEAD_SOURCES_STORE);
  const counts = await Promise.all(
    Array.from({ length: days }, (_, index) => blobCall(() => store.get(dayKey(new Date(today - index * DAY_MS)), { type: 'json' })) as Promise<DayCounts | null>),
  );
  return { days, since: since.toISOString(), rows: leadsBySourceRows(counts.filter((day): day is DayCounts => day !== null)) };
}
