import { mailboxOf } from '../../lib/people/mailbox';
import type { RecordKind } from '../../lib/leads/kinds';
import { entriesUnder } from '../indexes/search/personIndex';
import { type Person, emailKey, phoneKey, planSearch } from '../indexes/search/personKeys';
import { unindexPerson } from '../indexes/search/personIndex';
import type { Correction } from './profiles';
import { leadRegistry } from './registry';
import { blankSnapshot } from '../storage/sliceSnapshots';
import { sliceOldestTime, timeSliceOf } from '../storage/keys';
import type { StoreName } from '../../lib/privacy/inventory';

// A person's lead records, for their rights (docs/privacy.md, "Rights" and "Erasure"): found
// through the person index by the numbers and mailboxes that identify them, each record read
// back and checked (an index entry may be stale), whatever its kind.

/** Who a person is, for their rights: phone numbers as their last 10 digits, mailboxes in lower case. */
export interface Identity {
  phones: readonly string[];
  emails: readonly string[];
}

/** The identity of a mailbox or number as given (pure). */
export function identityOf(given: { email?: string | null | undefined; phone?: string | null | undefined }): Identity {
  const phone = phoneKey(given.phone);
  const email = given.email?.trim().toLowerCase() || null;
  return { phones: phone ? [phone] : [], emails: email ? [email] : [] };
}

/** Whether a record's person is the identified one: the same number or the same mailbox (pure). */
export function isPersonOf(person: Person, identity: Identity): boolean {
  const phone = phoneKey(person.phone);
  const mailbox = mailboxOf(person.email);
  return (
    (phone !== null && identity.phones.includes(phone)) ||
    (mailbox !== null && identity.emails.some((email) => mailboxOf(email) === mailbox))
  );
}

export interface LeadRecord {
  kind: RecordKind;
  /** Its Blobs store. */
  store: StoreName;
  id: string;
  createdAt: string;
  person: Person;
  /** The record as stored. */
  record: Record<string, unknown>;
}

interface Readable {
  collection: {
    get(id: string): Promise<unknown>;
    remove(id: string): Promise<boolean>;
    update(id: string, change: (current: never) => unknown): Promise<unknown>;
  };
  definition: { store: StoreName; person(record: never): Person; withPerson(record: never, change: Correction): never };
}
const readable = (kind: RecordKind) => leadRegistry[kind] as unknown as Readable;

/** Every lead record of the person, of every kind, newest first (ids are inverted times: ascending is newest first). */
export async function leadRecordsOf(identity: Identity): Promise<LeadRecord[]> {
  const prefixes = [
    ...identity.phones.flatMap((phone) => planSearch(phone).prefixes),
    ...identity.emails.flatMap((email) => (emailKey(email) ? planSearch(email).prefixes : [])),
  ];
  const entries = (await Promise.all(prefixes.map((prefix) => entriesUnder(prefix)))).flat();
  const unique = new Map(entries.map((entry) => [`${entry.type}/${entry.id}`, entry]));
  const found = await Promise.all(
    [...unique.values()].map(async ({ type, id }): Promise<LeadRecord | null> => {
      const { collection, definition } = readable(type);
      const record = (await collection.get(id)) as (Record<string, unknown> & { createdAt: string }) | null;
      if (!record) return null;
      const person = definition.person(record as never);
      return isPersonOf(person, identity)
        ? { kind: type, store: definition.store, id, createdAt: record.createdAt, person, record }
        : null;
    }),
  );
  return found.filter((item): item is LeadRecord => item !== null).sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** One lead record by its kind and id, as the person's records are listed; null when it is gone. */
export async function leadRecordOf(kind: RecordKind, id: string): Promise<LeadRecord | null> {
  const { collection, definition } = readable(kind);
  const record = (await collection.get(id)) as (Record<string, unknown> & { createdAt: string }) | null;
  return record
    ? {
        kind,
        store: definition.store,
        id,
        createdAt: record.createdAt,
        person: definition.person(record as never),
        record,
      }
    : null;
}

/** Removes a lead record with its index keys, to-do entry and slice copy (the collection's own removal). */
export const removeLeadRecord = (kind: RecordKind, id: string): Promise<boolean> =>
  readable(kind).collection.remove(id);

/** Corrects the person on one record (its own fields; a payment keeps what the tax law keeps). */
export async function correctLeadRecord(kind: RecordKind, id: string, change: Correction): Promise<void> {
  const { collection, definition } = readable(kind);
  await collection.update(id, (current) => definition.withPerson(current, change));
  // The export's copy of the slice would hold the old value until it is next read.
  await blankSnapshot(definition.store, timeSliceOf(id));
}

/** Changes one lead record as it is stored (e.g. a withdrawn consent), keeping its bookkeeping. */
export async function changeLeadRecord(
  kind: RecordKind,
  id: string,
  change: (record: Record<string, unknown>) => Record<string, unknown>,
): Promise<void> {
  const { collection, definition } = readable(kind);
  await collection.update(id, (current) => change(current as Record<string, unknown>) as never);
  await blankSnapshot(definition.store, timeSliceOf(id));
}

/**
 * A record the tax law keeps (a payment) is no longer found by the owner's search once its
 * person asked for erasure: kept for the law, used for nothing else.
 */
export const restrictLeadRecord = (kind: RecordKind, id: string, person: Person): Promise<void> =>
  unindexPerson(kind, id, person);

/** The kinds a lead's retention applies to: not payments (the tax law's) nor subscriptions (until withdrawn). */
const RETAINED_KINDS = ['contact', 'booking', 'download', 'corporateEnquiry'] as const satisfies readonly RecordKind[];

interface Sliced {
  collection: {
    slices(): Promise<string[]>;
    inSlice(
      slice: string,
      page: { cursor?: string | null; limit: number },
    ): Promise<{ items: unknown[]; nextCursor: string | null }>;
  };
  definition: { store: StoreName; person(record: never): Person };
}

/**
 * Lead records created before `before`, oldest slices first, of the kinds retention applies to
 * (docs/privacy.md, "Retention"). Reads only the slices that end before `before` and the one it
 * falls in; stops once `limit` are found.
 */
export async function leadRecordsBefore(
  before: Date,
  limit: number,
  after: Date = new Date(0),
  skip: (id: string) => boolean = () => false,
): Promise<LeadRecord[]> {
  const found: LeadRecord[] = [];
  for (const kind of RETAINED_KINDS) {
    const { collection, definition } = leadRegistry[kind] as unknown as Sliced;
    // Newest first: the oldest slices are last. A slice's newest record is at most this old.
    const slices = (await collection.slices()).reverse();
    for (const slice of slices) {
      if (sliceOldestTime(slice) >= before.getTime()) break;
      let cursor: string | null = null;
      do {
        const page: { items: unknown[]; nextCursor: string | null } = await collection.inSlice(slice, {
          cursor,
          limit: 100,
        });
        for (const item of page.items) {
          const record = item as Record<string, unknown> & { id: string; createdAt: string };
          const at = Date.parse(record.createdAt);
          if (at < before.getTime() && at >= after.getTime() && !skip(record.id))
            found.push({
              kind,
              store: definition.store,
              id: record.id,
              createdAt: record.createdAt,
              person: definition.person(record as never),
              record,
            });
        }
        cursor = page.nextCursor;
      } while (cursor && found.length < limit);
      if (found.length >= limit) return found;
    }
  }
  return found;
}
