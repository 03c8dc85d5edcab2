import { z } from 'zod';
import { updateJson } from './atomicJson';
import { blobCall, collectionStore } from './blobs';
import { type Counts, addDeltas, type Delta, unfoldedDeltas } from './tallyMath';

// Counts kept without a hot key (DECISIONS 26). A change is its own small blob,
// `pending/{bucket}/{id}`, written with onlyIfNew under an id the writer derives from
// what it counts: writing it twice stores it once, and no two writers ever touch the
// same key. The minute job folds pending changes into one blob per bucket
// (`buckets/{bucket}`), the only read-modify-write, done by one job at a time and
// conditional anyway. A reader adds the folded bucket and the changes not yet folded.
//
// Exactness across a crash: a fold first adds the changes to the bucket and records
// their ids in it (`folded`), then deletes them, then forgets the ids. A fold that died
// in between finds the changes again, sees their ids in `folded`, and only deletes them.
// A change whose id was forgotten is never written again: a change belonging to an
// unfinished lead event is left alone until the event is done (`unfinished`).

const changeSchema = z.object({ delta: z.record(z.string(), z.number().int()) });
const bucketSchema = z.object({ counts: z.record(z.string(), z.number().int()), folded: z.array(z.string()) });
type Bucket = z.infer<typeof bucketSchema>;

const PENDING = 'pending/';
const READ_BATCH = 100;

export interface PendingChange {
  key: string;
  bucket: string;
  id: string;
}

export interface FoldOptions {
  /**
   * Ids of changes that may not be folded yet (those of unfinished lead events). Asked
   * after the changes are listed: an event finished later has its change listed already.
   */
  unfinished?(): Promise<ReadonlySet<string>>;
  /** Stop starting new work at this time (ms since the epoch). */
  deadline?: number;
  /** At most this many changes per fold; the next fold takes the rest. */
  max?: number;
}

export interface FoldReport {
  folded: number;
  left: number;
}

export interface TallyOptions {
  /**
   * Where a field goes in a bucket that holds `counts` already (e.g. a capped number
   * of distinct sources a day): the field itself, or another one.
   */
  placeField?(counts: Counts, field: string): string;
}

const emptyBucket = (): Bucket => ({ counts: {}, folded: [] });

function parseBucket(value: unknown): Bucket {
  const parsed = bucketSchema.safeParse(value);
  return parsed.success ? parsed.data : emptyBucket();
}

/** `pending/{bucket}/{id}`: the bucket may hold slashes, the id never does. */
export function parsePendingKey(key: string): PendingChange | null {
  if (!key.startsWith(PENDING)) return null;
  const rest = key.slice(PENDING.length);
  const cut = rest.lastIndexOf('/');
  if (cut <= 0 || cut === rest.length - 1) return null;
  return { key, bucket: rest.slice(0, cut), id: rest.slice(cut + 1) };
}

const idPattern = /^[A-Za-z0-9._-]{1,120}$/;
const bucketPattern = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

export function defineTally(storeName: string, options: TallyOptions = {}) {
  const store = () => collectionStore(storeName);
  const place = options.placeField ?? ((_counts: Counts, field: string) => field);

  async function pendingChanges(): Promise<PendingChange[]> {
    const { blobs } = await blobCall(() => store().list({ prefix: PENDING }));
    return blobs
      .map((blob) => parsePendingKey(blob.key))
      .filter((change): change is PendingChange => change !== null)
      .sort((a, b) => a.key.localeCompare(b.key));
  }

  async function readChanges(changes: readonly PendingChange[]): Promise<Map<string, Delta>> {
    const deltas = new Map<string, Delta>();
    for (let start = 0; start < changes.length; start += READ_BATCH) {
      const batch = changes.slice(start, start + READ_BATCH);
      const values = await Promise.all(batch.map((change) => blobCall(() => store().get(change.key, { type: 'json' }))));
      batch.forEach((change, index) => {
        const parsed = changeSchema.safeParse(values[index]);
        if (parsed.success) deltas.set(change.key, parsed.data.delta);
      });
    }
    return deltas;
  }

  async function readBucket(bucket: string): Promise<Bucket> {
    return parseBucket(await blobCall(() => store().get(`buckets/${bucket}`, { type: 'json' })));
  }

  return {
    /**
     * Records a change of `bucket` by `delta`, once per `id` however often it is called.
     * Zero entries are dropped; an empty change writes nothing.
     */
    async add(id: string, bucket: string, delta: Delta): Promise<void> {
      if (!idPattern.test(id)) throw new Error(`Not a tally change id: ${id}`);
      if (!bucketPattern.test(bucket)) throw new Error(`Not a tally bucket: ${bucket}`);
      const nonZero = Object.fromEntries(Object.entries(delta).filter(([, n]) => n !== 0));
      if (Object.keys(nonZero).length === 0) return;
      await blobCall(() => store().setJSON(`${PENDING}${bucket}/${id}`, { delta: nonZero }, { onlyIfNew: true }));
    },

    /** The counts of each bucket asked for: folded plus pending. */
    async read(buckets: readonly string[]): Promise<Map<string, Counts>> {
      // Pending changes are listed before the buckets are read: a fold in between has
      // recorded the ids it added, so nothing is counted twice or missed.
      const wanted = new Set(buckets);
      const pending = (await pendingChanges()).filter((change) => wanted.has(change.bucket));
      const stored = await Promise.all(buckets.map(async (bucket) => [bucket, await readBucket(bucket)] as const));
      const deltas = await readChanges(pending);
      const result = new Map<string, Counts>();
      for (const [bucket, value] of stored) {
        const mine = pending.filter((change) => change.bucket === bucket);
        const unfolded = unfoldedDeltas(mine, new Set(value.folded), deltas);
        result.set(bucket, addDeltas(value.counts, unfolded, place));
      }
      return result;
    },

    /** Folds pending changes into their buckets (the minute job; one at a time is enough). */
    async fold({ unfinished = async () => new Set<string>(), deadline = Infinity, max = 2000 }: FoldOptions = {}): Promise<FoldReport> {
      const all = await pendingChanges();
      const blocked = await unfinished();
      const ready = all.filter((change) => !blocked.has(change.id));
      const batch = ready.slice(0, max);
      const deltas = await readChanges(batch);
      const byBucket = new Map<string, PendingChange[]>();
      for (const change of batch) byBucket.set(change.bucket, [...(byBucket.get(change.bucket) ?? []), change]);

      let folded = 0;
      for (const [bucket, changes] of byBucket) {
        if (Date.now() > deadline) break;
        const ids = changes.map((change) => change.key);
        await updateJson(storeName, `buckets/${bucket}`, (current) => {
          const value = current == null ? emptyBucket() : parseBucket(current);
          const already = new Set(value.folded);
          const fresh = unfoldedDeltas(changes, already, deltas);
          return { counts: addDeltas(value.counts, fresh, place), folded: [...new Set([...value.folded, ...ids])] };
        });
        await Promise.all(ids.map((key) => blobCall(() => store().delete(key))));
        const gone = new Set(ids);
        await updateJson(storeName, `buckets/${bucket}`, (current) => {
          const value = parseBucket(current);
          return { ...value, folded: value.folded.filter((key) => !gone.has(key)) };
        });
        folded += changes.length;
      }
      return { folded, left: all.length - folded };
    },
  };
}

export type Tally = ReturnType<typeof defineTally>;
