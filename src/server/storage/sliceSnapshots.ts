import { z } from 'zod';
import { eachUntil } from './eachUntil';
import { readForUpdate } from './atomicJson';
import { blobCall, collectionStore } from './blobs';
import { idFromRecordKey, newestFirstKey, recordKey, timeSliceOf } from './keys';
import type { StoreName } from '../../lib/privacy/inventory';

// One blob per time slice holding a copy of that slice's records, each tagged with the
// ETag it had when it was copied: the export reads a slice in two calls (its
// listing and its copy) where it read every record, one round trip each. The copy
// checks itself against the listing: a record whose ETag changed, or that is new, is
// read again, one that is gone is dropped. So writes never have to know about copies,
// and a copy can be stale but never wrong. The minute job makes the copies of closed
// slices nobody has made yet; the export brings the ones it reads up to date.

export const SNAPSHOT_STORE = 'slice-snapshots';
const READ_CONCURRENCY = 64;

const snapshotSchema = z.object({
  v: z.literal(1),
  entries: z.array(z.tuple([z.string(), z.string(), z.unknown()])),
});
type Entry = z.infer<typeof snapshotSchema>['entries'][number];

const snapshotKey = (collection: StoreName, slice: string) => `${collection}/${slice}`;

export interface SliceValues {
  /** Every record of the slice as stored, in key order (newest first). */
  values: Array<{ id: string; value: unknown }>;
  /** Records read one by one because the copy lacked them or held an older version. */
  reread: number;
}

/**
 * The records of one slice of `collection`: its listing, then its copy, then each record
 * the copy does not hold as listed. A copy that changed is written back only if nobody
 * wrote it in between (a removal blanks it, and a copy made before must not bring the
 * removed record back). The listing is taken first, so a value is never older than the
 * ETag it is filed under. With a deadline (the minute job's) no read starts after it, and
 * a slice not read whole by then is left as it was: null.
 */
async function refreshSlice(collection: StoreName, slice: string, deadline: number): Promise<SliceValues | null> {
  const records = collectionStore(collection);
  const snapshots = collectionStore(SNAPSHOT_STORE);
  const key = snapshotKey(collection, slice);
  const { blobs } = await blobCall(() => records.list({ prefix: `${slice}/` }));
  const listed = blobs
    .map((blob) => ({ id: idFromRecordKey(blob.key), etag: blob.etag }))
    .filter((entry): entry is { id: string; etag: string } => entry.id !== null)
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

  const stored = await readForUpdate(snapshots, key);
  const parsed = stored ? snapshotSchema.safeParse(stored.data) : null;
  const copy = new Map<string, Entry>((parsed?.success ? parsed.data.entries : []).map((entry) => [entry[0], entry]));

  const missing = listed.filter(({ id, etag }) => copy.get(id)?.[1] !== etag);
  const fresh = new Map<string, Entry>();
  const started = await eachUntil(missing, READ_CONCURRENCY, deadline, async ({ id, etag }) => {
    const found = await blobCall(() => records.getWithMetadata(recordKey(id), { type: 'json' }));
    if (found != null) fresh.set(id, [id, found.etag ?? etag, found.data]);
  });
  if (started < missing.length) return null;

  const missingIds = new Set(missing.map(({ id }) => id));
  const entries: Entry[] = [];
  for (const { id } of listed) {
    const entry = missingIds.has(id) ? fresh.get(id) : copy.get(id);
    if (entry) entries.push(entry);
  }

  const changed = missing.length > 0 || entries.length !== copy.size || !parsed?.success;
  if (changed) {
    const condition = stored ? { onlyIfMatch: stored.etag } : { onlyIfNew: true as const };
    // A copy is a cache: when the write fails or loses, the next reader reads again.
    await blobCall(() => snapshots.setJSON(key, { v: 1, entries }, condition)).catch((error: unknown) => {
      console.error(`[snapshots] ${key}: could not write the copy back`, error);
    });
  }
  return { values: entries.map(([id, , value]) => ({ id, value })), reread: missing.length };
}

/** The records of one slice (see refreshSlice), read whole. */
export async function readSlice(collection: StoreName, slice: string): Promise<SliceValues> {
  // With no deadline every read starts, so the answer is never null.
  return (await refreshSlice(collection, slice, Infinity)) as SliceValues;
}

/**
 * After a record is removed: the copy of its slice is blanked (not deleted), so a reader
 * that copied the record before cannot write it back (its conditional write now fails).
 */
export async function blankSnapshot(collection: StoreName, slice: string): Promise<void> {
  await blobCall(() => collectionStore(SNAPSHOT_STORE).setJSON(snapshotKey(collection, slice), { v: 1, entries: [] }));
}

/** Every slice of every collection that has a copy, as `{collection}/{slice}`: one listing for a whole run. */
export async function copiedSlices(): Promise<Set<string>> {
  const { blobs } = await blobCall(() => collectionStore(SNAPSHOT_STORE).list());
  return new Set(blobs.map((blob) => blob.key));
}

/**
 * The minute job's part: copies of the closed slices of `collection` that have none,
 * oldest first (an old slice rarely changes, so its copy stays good), none started after
 * the deadline. The open slice, the one new records go to, is left to the export: its copy
 * would be out of date with the next lead, and in a burst the job has better things to do.
 */
export async function makeMissingSnapshots(
  collection: StoreName,
  slices: readonly string[],
  copied: ReadonlySet<string>,
  deadline: number,
  now = Date.now(),
): Promise<{ made: number; left: number }> {
  const open = timeSliceOf(newestFirstKey(now));
  const wanted = slices
    .filter((slice) => slice > open && !copied.has(snapshotKey(collection, slice)))
    .sort()
    .reverse();
  let made = 0;
  for (const slice of wanted) {
    if (Date.now() >= deadline || !(await refreshSlice(collection, slice, deadline))) break;
    made += 1;
  }
  return { made, left: wanted.length - made };
}
