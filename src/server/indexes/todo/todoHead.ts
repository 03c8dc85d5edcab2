import { isOverdue } from '../../../lib/dueTime';
import type { TodoAnswer, TodoEntry } from '../../../lib/schemas/todo';
import {
  type DigestEntry,
  type DigestPerson,
  type TodoDigest,
  changedKeys,
  itemsOfRows,
  mergeRows,
  personKeys,
  regroupAffected,
} from './todoDigest';

// The digest's head and shards (docs/admin.md, "To do"): what Today reads instead of the whole
// digest, so its cost follows the changes since the digest, never the backlog. The head holds
// the first people in to-do order, the counts, and what changes by itself while the head may
// be used; the shards hold every digest person under each key they are found by (their leads,
// phone and mailbox), so a read fetches only the shards of the keys the changes touch. Pure:
// the store side is digestStore.ts.

/** People the head holds in full: the first page and a few "Show more" of Today. */
export const HEAD_PEOPLE = 50;
const SHARD_BITS = 8;

/** The people under the keys of one shard; every key names one person (their first lead). */
export interface DigestShard {
  keys: Record<string, string>;
  people: Record<string, DigestPerson>;
}

export interface TodoHead {
  version: 1;
  builtAt: number;
  /** A read at a time outside [dueFrom, validUntil] does not use the head. */
  dueFrom: number;
  validUntil: number;
  /** People with an item, and how many of them were due before `dueFrom`. */
  total: number;
  overdueBefore: number;
  /** The due times (ms) of people with an item due from `dueFrom` to `validUntil`, soonest first. */
  dueTimes: number[];
  /** The first people with an item, in to-do order; `complete` when that is all of them. */
  top: DigestPerson[];
  complete: boolean;
  /** Everyone whose item changes by itself (a booked call's hour passing) before `validUntil`. */
  timed: DigestPerson[];
  /** Each shard that holds anyone, by name, with the content id its blob is stored under. */
  shards: Record<string, string>;
}

/** A person's name in the head and shards: the first lead they hold. */
export const personIdOf = (person: Pick<DigestPerson, 'leads'>) => person.leads[0]!;

/** The shard a key lives in (FNV-1a, its low bits as two hex digits). */
export function shardOf(key: string): string {
  let hash = 0x811c9dc5;
  for (let at = 0; at < key.length; at += 1) hash = Math.imul(hash ^ key.charCodeAt(at), 0x01000193);
  return ((hash >>> 0) & ((1 << SHARD_BITS) - 1)).toString(16).padStart(2, '0');
}

/**
 * The head (its `shards` left for the store to name) and the shards of a digest (pure). Reads
 * may use the head from `dueFrom` to `validUntil`.
 */
export function buildHead(
  digest: TodoDigest,
  { dueFrom, validUntil, topSize = HEAD_PEOPLE }: { dueFrom: number; validUntil: number; topSize?: number },
): { head: Omit<TodoHead, 'shards'>; shards: Map<string, DigestShard> } {
  const withItem = digest.people.filter((person) => person.due !== null);
  const dues = withItem.map((person) => Date.parse(person.due!));
  const shards = new Map<string, DigestShard>();
  for (const person of digest.people) {
    const id = personIdOf(person);
    for (const key of personKeys(person)) {
      const name = shardOf(key);
      const shard = shards.get(name) ?? { keys: {}, people: {} };
      shard.keys[key] = id;
      shard.people[id] = person;
      shards.set(name, shard);
    }
  }
  return {
    head: {
      version: 1,
      builtAt: digest.builtAt,
      dueFrom,
      validUntil,
      total: withItem.length,
      overdueBefore: dues.filter((due) => due < dueFrom).length,
      dueTimes: dues.filter((due) => due >= dueFrom && due <= validUntil).sort((a, b) => a - b),
      top: withItem.slice(0, topSize),
      complete: withItem.length <= topSize,
      timed: digest.people.filter((person) => person.until !== null && person.until <= validUntil),
    },
    shards,
  };
}

/** The shards a read of these changes needs. */
export function shardsFor(changed: ReadonlyMap<string, readonly TodoEntry[]>, head: TodoHead): string[] {
  return [...new Set([...changedKeys(changed)].map(shardOf))].filter((name) => name in head.shards);
}

/**
 * The first `limit` of the to-do now, with the counts over everyone, from the head, the shards
 * `shardsFor` named (null where a blob was gone) and the leads changed since: what readDigest
 * gives. Null when the head cannot say: no limit, a time outside its window, a shard gone, or
 * fewer than `limit` of its people untouched by the changes.
 */
export function readHead(
  head: TodoHead,
  shards: ReadonlyMap<string, DigestShard | null>,
  changed: ReadonlyMap<string, readonly TodoEntry[]>,
  now: Date,
  decode: (entry: DigestEntry) => TodoEntry | null,
  limit: number | undefined,
): TodoAnswer | null {
  const at = now.getTime();
  if (limit === undefined || at < head.dueFrom || at > head.validUntil) return null;
  const affected = new Map<string, DigestPerson>();
  for (const key of changedKeys(changed)) {
    const name = shardOf(key);
    if (!(name in head.shards)) continue;
    const shard = shards.get(name);
    if (!shard) return null;
    const id = shard.keys[key];
    if (id !== undefined) affected.set(id, shard.people[id]!);
  }
  for (const person of head.timed) if (person.until! <= at) affected.set(personIdOf(person), person);

  const fresh = regroupAffected(affected.values(), changed, now, decode);
  const kept = head.top.filter((person) => !affected.has(personIdOf(person)));
  if (!head.complete && kept.length < limit) return null;
  const rows = mergeRows(kept, fresh).slice(0, limit);

  let total = head.total + fresh.length;
  let overdue =
    head.overdueBefore +
    head.dueTimes.filter((due) => isOverdue(new Date(due), now)).length +
    fresh.filter((item) => item.overdue).length;
  for (const person of affected.values()) {
    if (person.due === null) continue;
    total -= 1;
    if (isOverdue(new Date(person.due), now)) overdue -= 1;
  }
  return { items: itemsOfRows(rows, now, decode), total, overdue };
}
