import type { SearchRecordType } from '../../../lib/schemas/adminApi';
import { blobCall, collectionStore } from '../../storage/blobs';
import { withKeyLock } from '../../storage/keyLock';
import { withRetries } from '../../storage/retry';
import { type IndexEntry, type Person, entryOfKey, personIndexKeys, samePerson } from './personKeys';

// The person index: one empty-ish blob per (record, phone / e-mail / name word), named
// by its key alone. Entries are written with onlyIfNew (a key is a fact: it never
// changes, it only exists or not) and deleted when the record no longer says it.
// Search re-reads every record it finds and checks it still matches, so an entry
// left behind by a race only costs a read.
const PERSON_INDEX = 'person-index';

async function addKeys(keys: readonly string[], entry: IndexEntry): Promise<void> {
  const store = collectionStore(PERSON_INDEX);
  await Promise.all(
    keys.map((key) => withRetries(() => blobCall(() => store.setJSON(key, entry, { onlyIfNew: true })))),
  );
}

async function removeKeys(keys: readonly string[]): Promise<void> {
  const store = collectionStore(PERSON_INDEX);
  await Promise.all(keys.map((key) => withRetries(() => blobCall(() => store.delete(key)))));
}

export async function indexPerson(type: SearchRecordType, id: string, person: Person): Promise<void> {
  await addKeys(personIndexKeys(person, type, id), { type, id });
}

export async function unindexPerson(type: SearchRecordType, id: string, person: Person): Promise<void> {
  await removeKeys(personIndexKeys(person, type, id));
}

/**
 * After an edit of a name, phone or e-mail: adds the keys of the record as stored now
 * and removes those of the versions before and after this edit that it no longer has.
 * Re-reading inside a per-record turn (rather than trusting `after`) makes the last
 * of two quick edits decide, whatever order their bookkeeping runs in.
 */
export async function reindexPerson(
  type: SearchRecordType,
  id: string,
  before: Person,
  after: Person,
  current: () => Promise<Person | null>,
): Promise<void> {
  if (samePerson(before, after)) return;
  await withKeyLock(`${PERSON_INDEX}/${type}/${id}`, async () => {
    const now = await current();
    const wanted = new Set(now ? personIndexKeys(now, type, id) : []);
    const old = [...personIndexKeys(before, type, id), ...personIndexKeys(after, type, id)].filter(
      (key) => !wanted.has(key),
    );
    await addKeys([...wanted], { type, id });
    await removeKeys([...new Set(old)]);
  });
}

/** Every entry under an index prefix (one person's phone or e-mail, or a name start). */
export async function entriesUnder(prefix: string): Promise<IndexEntry[]> {
  const store = collectionStore(PERSON_INDEX);
  const { blobs } = await blobCall(() => store.list({ prefix }));
  const seen = new Set<string>();
  const entries: IndexEntry[] = [];
  for (const { key } of blobs) {
    const entry = entryOfKey(key);
    if (!entry || seen.has(`${entry.type}/${entry.id}`)) continue;
    seen.add(`${entry.type}/${entry.id}`);
    entries.push(entry);
  }
  return entries;
}
