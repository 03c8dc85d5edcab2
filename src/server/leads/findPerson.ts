import type { RecordKind } from '../../lib/leads/kinds';
import type { SearchAnswer, SearchHit } from '../../lib/schemas/adminApi';
import { entriesUnder } from '../indexes/search/personIndex';
import { type Person, planSearch } from '../indexes/search/personKeys';
import { leadRegistry } from './registry';

/** A name start such as "pr" can match thousands: the newest this many are shown. */
export const MAX_HITS = 100;
const READ_BATCH = 25;

interface Found {
  person: Person;
  hit: SearchHit;
}

interface Readable {
  collection: { get(id: string): Promise<unknown> };
  definition: { person(record: never): Person; hit(record: never): SearchHit };
}

async function read(kind: RecordKind, id: string): Promise<Found | null> {
  const { collection, definition } = leadRegistry[kind] as unknown as Readable;
  const record = (await collection.get(id)) as never | null;
  return record ? { person: definition.person(record), hit: definition.hit(record) } : null;
}

/**
 * Every record of the person a query names (a phone in any formatting, an e-mail, or
 * the start of a name), across every kind of record in the registry, newest first: one timeline.
 * One index listing, then reads of the records it points at, newest first, each
 * checked against the query (an entry may be stale after an edit), until MAX_HITS.
 */
export async function findPerson(q: string): Promise<SearchAnswer> {
  const plan = planSearch(q);
  const listed = (await Promise.all(plan.prefixes.map((prefix) => entriesUnder(prefix)))).flat();
  const entries = [...new Map(listed.map((entry) => [`${entry.type}/${entry.id}`, entry])).values()];
  // Ids of every collection sort newest first, so this is the timeline order.
  entries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.type.localeCompare(b.type)));
  const hits: SearchHit[] = [];
  let truncated = false;
  for (let next = 0; next < entries.length && !truncated; next += READ_BATCH) {
    const batch = entries.slice(next, next + READ_BATCH);
    const found = await Promise.all(batch.map((entry) => read(entry.type, entry.id)));
    for (const item of found) {
      if (!item || !plan.matches(item.person)) continue;
      if (hits.length === MAX_HITS) truncated = true;
      else hits.push(item.hit);
    }
  }
  return { q, matchedBy: plan.matchedBy, hits, truncated };
}
