import { isOverdue } from '../../../lib/dueTime';
import type { TodoAnswer, TodoEntry, TodoItem } from '../../../lib/schemas/todo';
import { groupByPerson, personMatchKeys } from '../search/personGroups';
import { byDue, leadOf, orderedEntries } from './order';
import { CALL_OUTCOME_GRACE_MS, personItem } from './personItem';

// The to-do's digest (docs/admin.md, "To do"): the whole to-do grouped by person, written by
// the minute job from one listing of the index, so Today reads one blob and the few leads
// changed since instead of listing every pending lead. Pure: what the digest holds and how a
// read brings it up to date; the store side is digestStore.ts.
//
// A person whose records did not change, who shares no phone or mailbox with a changed
// record and whose booked call's hour has not passed since the digest was made has the item
// the digest gave; everyone else is grouped again from their records as they are now. So a
// read is what grouping the whole index now would give, which the tests check.

/** A lead's entry as the digest keeps it: its index key (details packed in it), or the entry itself when the key holds none. */
export type DigestEntry = string | TodoEntry;

/**
 * One person: their item's order (due, created, id; null when nothing of theirs is due now),
 * when their item changes by itself (a booked call's hour passing), the keys they are matched
 * by, the leads they hold (`kind/id`) and their entries, due soonest first.
 */
export interface DigestPerson {
  due: string | null;
  created: string | null;
  id: string | null;
  until: number | null;
  match: string[];
  leads: string[];
  entries: DigestEntry[];
}

export interface TodoDigest {
  version: 1;
  /** When the listing it was made from started (ms): changes from a little before are read again. */
  builtAt: number;
  /** Everyone with an item, in to-do order, then those with none (a call booked ahead). */
  people: DigestPerson[];
}

/** When a person's item changes without any write: the earliest booked call's hour ending after `now`. */
function untilOf(entries: readonly TodoEntry[], now: Date): number | null {
  let until: number | null = null;
  for (const entry of entries) {
    if (!entry.callAt) continue;
    const end = Date.parse(entry.callAt) + CALL_OUTCOME_GRACE_MS;
    if (end > now.getTime() && (until === null || end < until)) until = end;
  }
  return until;
}

interface Grouped {
  entries: TodoEntry[];
  item: TodoItem | null;
}

/** Records grouped into people with their items (entries already ordered). */
function groupPeople(entries: readonly TodoEntry[], now: Date): Grouped[] {
  return groupByPerson(entries, (entry) => entry).map((group) => ({ entries: group, item: personItem(group, now) }));
}

function digestPerson({ entries, item }: Grouped, now: Date, keyOf: (entry: TodoEntry) => DigestEntry): DigestPerson {
  const match = new Set<string>();
  for (const entry of entries) for (const key of personMatchKeys(entry)) match.add(key);
  return {
    due: item?.dueAt ?? null,
    created: item?.createdAt ?? null,
    id: item?.id ?? null,
    until: untilOf(entries, now),
    match: [...match],
    leads: entries.map(leadOf),
    entries: entries.map(keyOf),
  };
}

const itemsFirst = (people: Grouped[]) => {
  const withItem = people.filter((person) => person.item).sort((a, b) => byDue(a.item!, b.item!));
  return [...withItem, ...people.filter((person) => !person.item)];
};

/** The digest of every pending entry, as grouped at `now` (pure). */
export function buildDigest(
  entries: readonly TodoEntry[],
  now: Date,
  builtAt: number,
  keyOf: (entry: TodoEntry) => DigestEntry,
): TodoDigest {
  const people = itemsFirst(groupPeople(orderedEntries(entries), now));
  return { version: 1, builtAt, people: people.map((person) => digestPerson(person, now, keyOf)) };
}

/**
 * The to-do now, from a digest and the leads changed since it was made: `changed` maps each
 * changed lead (`kind/id`) to its entries in the index now (none when it left the to-do).
 * `decode` turns a digest entry back into its entry. With a limit only the first items are
 * built, the counts are over everyone.
 */
export function readDigest(
  digest: TodoDigest,
  changed: ReadonlyMap<string, readonly TodoEntry[]>,
  now: Date,
  decode: (entry: DigestEntry) => TodoEntry | null,
  limit?: number,
): TodoAnswer {
  const affected = new Set<number>();
  if (changed.size > 0) {
    const byLead = new Map<string, number>();
    const byMatch = new Map<string, number[]>();
    digest.people.forEach((person, index) => {
      for (const lead of person.leads) byLead.set(lead, index);
      for (const key of person.match) byMatch.set(key, [...(byMatch.get(key) ?? []), index]);
    });
    for (const [lead, entries] of changed) {
      const held = byLead.get(lead);
      if (held !== undefined) affected.add(held);
      for (const entry of entries)
        for (const key of personMatchKeys(entry)) for (const index of byMatch.get(key) ?? []) affected.add(index);
    }
  }
  digest.people.forEach((person, index) => {
    if (person.until !== null && person.until <= now.getTime()) affected.add(index);
  });

  // Everyone affected is grouped again from their records as they are now.
  const regrouped: TodoEntry[] = [];
  for (const index of affected)
    for (const entry of digest.people[index]!.entries) {
      const decoded = decode(entry);
      if (decoded && !changed.has(leadOf(decoded))) regrouped.push(decoded);
    }
  for (const entries of changed.values()) regrouped.push(...entries);
  const fresh = groupPeople(orderedEntries(regrouped), now)
    .map((person) => person.item)
    .filter((item): item is TodoItem => item !== null)
    .sort(byDue);

  // The digest's people are in to-do order already: merge the fresh items in.
  type Row = Pick<TodoItem, 'dueAt' | 'createdAt' | 'id'> & { person?: DigestPerson; item?: TodoItem };
  const rows: Row[] = [];
  let next = 0;
  const takeFreshBefore = (row: Row | null) => {
    for (; next < fresh.length && (!row || byDue(fresh[next]!, row) <= 0); next += 1)
      rows.push({ ...fresh[next]!, item: fresh[next]! });
  };
  digest.people.forEach((person, index) => {
    if (affected.has(index) || person.due === null) return;
    const row: Row = { dueAt: person.due, createdAt: person.created!, id: person.id!, person };
    takeFreshBefore(row);
    rows.push(row);
  });
  takeFreshBefore(null);

  const overdue = rows.filter((row) => isOverdue(new Date(row.dueAt), now)).length;
  const shown = limit === undefined ? rows : rows.slice(0, limit);
  const items = shown
    .map(
      (row) =>
        row.item ??
        personItem(
          row.person!.entries.map(decode).filter((entry) => entry !== null),
          now,
        ),
    )
    .filter((item): item is TodoItem => item !== null);
  return { items, total: rows.length, overdue };
}
