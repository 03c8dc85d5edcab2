import { recordKindNames, recordKinds, type RecordKind } from '../../lib/leads/kinds';
import { bookingStatuses } from '../../lib/schemas/booking';
import type { TodoEntry } from '../../lib/schemas/todo';
import { addToCounts, oneOffChangeId, readCounts } from '../indexes/stats/counterStore';
import { type Counts, differenceOf, zeroCounts } from '../indexes/stats/counts';
import { addTodo } from '../indexes/todo/pendingIndex';
import { indexPerson } from '../indexes/search/personIndex';
import type { Person } from '../indexes/search/personKeys';
import { storagePostCount } from '../blog';
import { restoreConversions } from './restoreConversions';
import type { RecordMeta } from '../storage/collection';
import { eachUntil } from '../storage/eachUntil';
import { leadRegistry } from './registry';

export interface RecountResult {
  before: Counts;
  after: Counts;
  /** Pending leads checked onto the to-do (those whose follow-up never wrote the key are added). */
  pendingLeads: number;
  /** Captured payments checked against what converts (a lost count is counted now). */
  capturedPayments: number;
  /** Records whose person index keys were checked (keys a record lacks, such as its mailbox's, are written). */
  indexedRecords: number;
}

type Scanned = Record<RecordKind, RecordMeta[]>;
const WRITES_AT_ONCE = 32;

/** Every kind's records, read once: the counters, the to-do and what converts all use them. */
async function scanAll(): Promise<Scanned> {
  const lists = await Promise.all(
    recordKindNames.map((kind) => leadRegistry[kind].collection.all() as Promise<RecordMeta[]>),
  );
  return Object.fromEntries(recordKindNames.map((kind, index) => [kind, lists[index]!])) as Scanned;
}

interface TodoRule {
  todo?(record: never): TodoEntry | null;
  adjustTodo?(entry: TodoEntry | null): Promise<TodoEntry | null>;
}

/**
 * Puts every pending lead on the to-do that is not on it, by each kind's own rule (a
 * booking's booked call decides when it is due). Keys are facts written onlyIfNew, so
 * running it again changes nothing.
 */
async function restorePendingTodo(scanned: Scanned): Promise<number> {
  const work: Array<{ entry: TodoEntry; rule: TodoRule }> = [];
  for (const kind of recordKindNames) {
    const rule = leadRegistry[kind].definition as TodoRule;
    if (!rule.todo) continue;
    for (const record of scanned[kind]) {
      const entry = rule.todo(record as never);
      if (entry) work.push({ entry, rule });
    }
  }
  await eachUntil(work, WRITES_AT_ONCE, Infinity, async ({ entry, rule }) =>
    addTodo((rule.adjustTodo ? await rule.adjustTodo(entry) : entry) ?? entry),
  );
  return work.length;
}

/**
 * Writes the person index keys a record lacks: those of records stored before a kind of key
 * existed (the mailbox keys of docs/decisions/0042-one-person-view.md). Keys are facts written
 * onlyIfNew, so running it again changes nothing.
 */
async function restorePersonIndex(scanned: Scanned): Promise<number> {
  const work = recordKindNames.flatMap((kind) => scanned[kind].map((record) => ({ kind, record })));
  await eachUntil(work, WRITES_AT_ONCE, Infinity, async ({ kind, record }) => {
    const { definition } = leadRegistry[kind] as unknown as { definition: { person(record: never): Person } };
    await indexPerson(kind, record.id, definition.person(record as never));
  });
  return work.length;
}

/**
 * Rebuilds the counters from the data: the one full scan, run by the owner when the
 * tiles have drifted (a count that could not be written after its record was). The
 * correction is added as one delta, so counts of writes that land during the scan are
 * kept; a record written while the scan passes it may be off by one until the next
 * recount.
 */
export async function recountStats(): Promise<RecountResult> {
  const scanned = await scanAll();
  const target = await countStoredRecords(scanned);
  const before = await readCounts();
  await addToCounts(oneOffChangeId('recount'), differenceOf(target, before));
  const pendingLeads = await restorePendingTodo(scanned);
  const capturedPayments = await restoreConversions(scanned.payment as never, scanned.booking as never);
  const indexedRecords = await restorePersonIndex(scanned);
  return { before, after: await readCounts(), pendingLeads, capturedPayments, indexedRecords };
}

/** What the counters should say, counted from the stored records themselves (a full scan). */
export async function countStoredRecords(scanned?: Scanned): Promise<Counts> {
  const target = zeroCounts();
  const records = scanned ?? (await scanAll());
  for (const kind of recordKindNames) target[recordKinds[kind].plural] = records[kind].length;
  const everyBooking = records.booking as unknown as Array<{ status: (typeof bookingStatuses)[number] }>;
  for (const status of bookingStatuses)
    target[status] = everyBooking.filter((booking) => booking.status === status).length;
  target.storagePosts = await storagePostCount();
  return target;
}
