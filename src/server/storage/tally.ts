import { z } from 'zod';
import { updateJson } from './atomicJson';
import { blobCall, collectionStore } from './blobs';
import { type Counts, addDeltas, type Delta, unfoldedDeltas } from './tallyMath';
import type { StoreName } from '../../lib/privacy/inventory';

// Counts kept without a hot key (docs/decisions/0026-store-answer-follow-up.md). A change
// is its own small blob, `pending/{bucket}/{id}`, written with onlyIfNew under an id the
// writer derives from what it counts: writing it twice stores it once, and no two writers
// ever touch the same key. The minute job folds pending changes into one blob per bucket
// (`buckets/{bucket}`), the only read-modify-write, done by one job at a time and
// conditional anyway. A reader adds the folded bucket and the changes not yet folded.
//
// Exactness across a crash: a fold first adds the changes to the bucket and records
// their ids in it (`folded`), then deletes them, then forgets the ids. A fold that died
// in between finds the changes again, sees their ids in `folded`, and only deletes them.
// A change belonging to an unfinished lead event is left alone until the event is done
// (`unfinished`). And a change written again after it was folded (a slow second doer of
// its event, which read the event before the first one finished it) is recognised: the
// fold remembers what it folded for REMEMBER_MS (`memory/{bucket}`, read by folds only),
// longer than any function runs, and drops such a late copy uncounted.

const changeSchema = z.object({ delta: z.record(z.string(), z.number().int()) });
const bucketSchema = z.object({ counts: z.record(z.string(), z.number().int()), folded: z.array(z.string()) });
type Bucket = z.infer<typeof bucketSchema>;

const PENDING = 'pending/';
const READ_BATCH = 100;
export const REMEMBER_MS = 60 * 60_000;

const memorySchema = z.object({ folded: z.record(z.string(), z.number()) });
type Memory = z.infer<typeof memorySchema>;

export interface PendingChange {
  key: string;
  bucket: string;
  id: string;
  /** The change itself when its key carries it (short plain fields): nothing to read. */
  inline: Delta | null;
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
  /** Late copies of changes folded before, dropped uncounted. */
  repeated: number;
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

function parseMemory(value: unknown): Memory {
  const parsed = memorySchema.safeParse(value);
  return parsed.success ? parsed.data : { folded: {} };
}

function parseBucket(value: unknown): Bucket {
  const parsed = bucketSchema.safeParse(value);
  return parsed.success ? parsed.data : emptyBucket();
}

// A change of a few plain fields (the admin counters: `contacts.1_pending.1`) is written
// into its key, so folding and reading it costs a listing and no read of its own.
const INLINE_FIELD = /^[A-Za-z]{1,40}$/;
const INLINE_MAX = 100;

/** The key form of a delta, or null when it does not fit in a key (pure). */
export function inlineDelta(delta: Delta): string | null {
  const entries = Object.entries(delta);
  if (entries.length === 0 || !entries.every(([field, n]) => INLINE_FIELD.test(field) && Number.isInteger(n)))
    return null;
  const text = entries.map(([field, n]) => `${field}.${n}`).join('_');
  return text.length <= INLINE_MAX ? text : null;
}

function parseInline(text: string): Delta | null {
  const delta: Delta = {};
  for (const part of text.split('_')) {
    const match = /^([A-Za-z]{1,40})\.(-?\d{1,12})$/.exec(part);
    if (!match) return null;
    delta[match[1]!] = Number(match[2]);
  }
  return delta;
}

/** `pending/{bucket}/{id}` or `pending/{bucket}/{id}~{inline delta}`: the bucket may hold slashes, the id never does. */
export function parsePendingKey(key: string): PendingChange | null {
  if (!key.startsWith(PENDING)) return null;
  const rest = key.slice(PENDING.length);
  const cut = rest.lastIndexOf('/');
  if (cut <= 0 || cut === rest.length - 1) return null;
  const [id = '', inline] = rest.slice(cut + 1).split('~', 2);
  if (!id) return null;
  return { key, bucket: rest.slice(0, cut), id, inline: inline === undefined ? null : parseInline(inline) };
}

// Key parts: letters, digits, '.', '_' and '-', never starting with a dot (no '..').
const idPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,119}$/;
const bucketPattern = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function defineTally(storeName: StoreName, options: TallyOptions = {}) {
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
    for (const change of changes) if (change.inline) deltas.set(change.key, change.inline);
    const toRead = changes.filter((change) => !change.inline);
    for (let start = 0; start < toRead.length; start += READ_BATCH) {
      const batch = toRead.slice(start, start + READ_BATCH);
      const values = await Promise.all(
        batch.map((change) => blobCall(() => store().get(change.key, { type: 'json' }))),
      );
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
      const inline = inlineDelta(nonZero);
      const key = `${PENDING}${bucket}/${id}${inline ? `~${inline}` : ''}`;
      await blobCall(() => store().setJSON(key, { delta: nonZero }, { onlyIfNew: true }));
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
    async fold({
      unfinished = async () => new Set<string>(),
      deadline = Infinity,
      max = 2000,
    }: FoldOptions = {}): Promise<FoldReport> {
      const all = await pendingChanges();
      const blocked = await unfinished();
      const ready = all.filter((change) => !blocked.has(change.id));
      const batch = ready.slice(0, max);
      const deltas = await readChanges(batch);
      const byBucket = new Map<string, PendingChange[]>();
      for (const change of batch) byBucket.set(change.bucket, [...(byBucket.get(change.bucket) ?? []), change]);

      let folded = 0;
      let repeated = 0;
      for (const [bucket, changes] of byBucket) {
        if (Date.now() > deadline) break;
        const ids = changes.map((change) => change.key);
        const memory = parseMemory(await blobCall(() => store().get(`memory/${bucket}`, { type: 'json' })));
        const late = new Set(ids.filter((key) => key in memory.folded));
        await updateJson(storeName, `buckets/${bucket}`, (current) => {
          const value = current == null ? emptyBucket() : parseBucket(current);
          const skip = new Set([...value.folded, ...late]);
          const fresh = unfoldedDeltas(changes, skip, deltas);
          return { counts: addDeltas(value.counts, fresh, place), folded: [...new Set([...value.folded, ...ids])] };
        });
        await Promise.all(ids.map((key) => blobCall(() => store().delete(key))));
        const now = Date.now();
        await updateJson(storeName, `memory/${bucket}`, (current) => {
          const kept = Object.entries(parseMemory(current).folded).filter(([, at]) => now - at < REMEMBER_MS);
          return {
            folded: Object.fromEntries([
              ...kept,
              ...ids.filter((key) => !late.has(key)).map((key) => [key, now] as const),
            ]),
          };
        });
        const gone = new Set(ids);
        await updateJson(storeName, `buckets/${bucket}`, (current) => {
          const value = parseBucket(current);
          return { ...value, folded: value.folded.filter((key) => !gone.has(key)) };
        });
        folded += changes.length - late.size;
        repeated += late.size;
      }
      return { folded, repeated, left: all.length - folded - repeated };
    },
  };
}

export type Tally = ReturnType<typeof defineTally>;
