import type { RecordKind } from '../../lib/leads/kinds';
import type { SearchHit } from '../../lib/schemas/adminApi';
import type { Person } from '../indexes/search/personKeys';
import type { LeadRecord } from './personRecords';
import { leadRegistry } from './registry';

// Lead records as the owner's People view reads them (docs/admin.md, "People"): each kind's
// newest page, and any record as its timeline line (the search's hit).

export interface RecentRecord {
  kind: RecordKind;
  id: string;
  createdAt: string;
  person: Person;
  hit: SearchHit;
}

interface Listable {
  collection: { list(options: { limit: number }): Promise<{ items: unknown[] }> };
  definition: { person(record: never): Person; hit(record: never): SearchHit };
}
const listable = (kind: RecordKind) => leadRegistry[kind] as unknown as Listable;

/** The newest `perKind` records of every kind, newest first: one page of each kind's listing. */
export async function newestLeadRecords(perKind: number): Promise<RecentRecord[]> {
  const kinds = Object.keys(leadRegistry) as RecordKind[];
  const pages = await Promise.all(
    kinds.map(async (kind) => {
      const { collection, definition } = listable(kind);
      const { items } = await collection.list({ limit: perKind });
      return (items as Array<{ id: string; createdAt: string }>).map((record) => ({
        kind,
        id: record.id,
        createdAt: record.createdAt,
        person: definition.person(record as never),
        hit: definition.hit(record as never),
      }));
    }),
  );
  return pages.flat().sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

/** A record found for a person as its timeline line. */
export const hitOfLeadRecord = (lead: LeadRecord): SearchHit =>
  listable(lead.kind).definition.hit(lead.record as never);
