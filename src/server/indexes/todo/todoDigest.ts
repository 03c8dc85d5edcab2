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

/** The affected people's records as they are now (changed leads as `changed` gives them), grouped again: their items, due soonest first. */
export function regroupAffected(
  affected: Iterable<DigestPerson>,
  changed: ReadonlyMap<string, readonly TodoEntry[]>,
  now: Date,
  decode: (entry: DigestEntry) => TodoEntry | null,
): TodoItem[] {
  const regrouped: TodoEntry[] = [];
  for (const person of affected)
    for (const entry of person.entries) {
      const decoded = decode(entry);
      if (decoded && !changed.has(leadOf(decoded))) regrouped.push(decoded);
    }
  for (const entries of changed.values()) regrouped.push(...entries);
  return groupPeople(orderedEntries(regrouped), now)
    .map((person) => person.item)
    .filter((item): item is TodoItem => item !== null)
    .sort(byDue);
}

/** A row of the to-do as read: a digest person kept as they were, or an item grouped again. */
export type DigestRow = Pick<TodoItem, 'dueAt' | 'createdAt' | 'id'> & { person?: DigestPerson; item?: TodoItem };

/** The unaffected digest people with an item (in to-do order already) with the fresh items merged in. */
export function mergeRows(unaffected: Iterable<DigestPerson>, fresh: readonly TodoItem[]): DigestRow[] {
  const rows: DigestRow[] = [];
  let next = 0;
  const takeFreshBefore = (row: DigestRow | null) => {
    for (; next < fresh.length && (!row || byDue(fresh[next]!, row) <= 0); next += 1)
      rows.push({ ...fresh[next]!, item: fresh[next]! });
  };
  for (const person of unaffected) {
    if (person.due === null) continue;
    const row: DigestRow = { dueAt: person.due, createdAt: person.created!, id: person.id!, person };
    takeFreshBefore(row);
    rows.push(row);
  }
  takeFreshBefore(null);
  return rows;
}

/** The rows' items as the answer shows them: a kept person's item made from their entries at `now`. */
export function itemsOfRows(
  rows: readonly DigestRow[],
  now: Date,
  decode: (entry: DigestEntry) => TodoEntry | null,
): TodoItem[] {
  return rows
    .map(
      (row) =>
        row.item ??
        personItem(
          row.person!.entries.map(decode).filter((entry) => entry !== null),
          now,
        ),
    )
    .filter((item): item is TodoItem => item !== null);
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
  const affected = new Set<DigestPerson>();
  if (changed.size > 0) {
    const byKey = new Map<string, DigestPerson>();
    for (const person of digest.people) for (const key of personKeys(person)) byKey.set(key, person);
    for (const key of changedKeys(changed)) {
      const person = byKey.get(key);
      if (person) affected.add(person);
    }
  }
  for (const person of digest.people) if (person.until !== null && person.until <= now.getTime()) affected.add(person);

  // Everyone affected is grouped again from their records as they are now.
  const fresh = regroupAffected(affected, changed, now, decode);
  const rows = mergeRows(
    digest.people.filter((person) => !affected.has(person)),
    fresh,
  );
  const overdue = rows.filter((row) => isOverdue(new Date(row.dueAt), now)).length;
  const items = itemsOfRows(limit === undefined ? rows : rows.slice(0, limit), now, decode);
  return { items, total: rows.length, overdue };
}

/**
 * The keys a digest person is found by: `l:` each lead they hold, and their phone and mailbox
 * keys. Grouping joins everyone sharing a key, so in one digest a key names one person.
 */
export const personKeys = (person: Pick<DigestPerson, 'leads' | 'match'>): string[] => [
  ...person.leads.map((lead) => `l:${lead}`),
  ...person.match,
];

/** The keys of the digest people a change touches: the changed leads, and the phones and mailboxes they hold now. */
export function changedKeys(changed: ReadonlyMap<string, readonly TodoEntry[]>): Set<string> {
  const keys = new Set<string>();
  for (const [lead, entries] of changed) {
    keys.add(`l:${lead}`);
    for (const entry of entries) for (const key of personMatchKeys(entry)) keys.add(key);
  }
  return keys;
}
