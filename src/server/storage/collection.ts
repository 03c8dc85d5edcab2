import { z } from 'zod';
import type { RecordMeta as SharedRecordMeta } from '../../lib/schemas/recordMeta';
import { blobCall, collectionStore } from './blobs';
import { StorageConflictError } from './errors';
import { updateJson } from './atomicJson';
import { withKeyLock } from './keyLock';
import { blankSnapshot, makeMissingSnapshots, readSlice } from './sliceSnapshots';
import { idFromRecordKey, newestFirstKey, recordIdPattern, recordKey, timeSliceOf, timeSlicePattern } from './keys';
import type { StoreName } from '../../lib/privacy/inventory';

export const recordMetaSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type RecordMeta = SharedRecordMeta;

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

export interface ListOptions {
  cursor?: string | null;
  limit?: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
const READ_BATCH = 100;

/**
 * A new record's write as the collection hands it to an insert plan: the plan decides
 * what happens around it (a lead's follow-up event is stored first and done after the
 * response, src/server/followUp) and answers whether the record is now stored.
 */
export interface InsertWrite<Rec> {
  collection: StoreName;
  id: string;
  record: Rec;
  createdAt: Date;
  /** false: counted and indexed but not announced (demo data). */
  announce: boolean;
  /** With `announce` false: still a lead of its source in 'Leads by source' (a client the owner added). */
  countLead: boolean;
  /** Writes the record unless its id is taken (onlyIfNew); whether this call wrote it. */
  write(): Promise<boolean>;
  /** The record as stored under the id now, or null. */
  read(): Promise<Rec | null>;
}
export type InsertPlan<Rec> = (write: InsertWrite<Rec>) => Promise<boolean>;

/**
 * What else must happen when a record is written, for every write path, so no caller
 * has to remember it. The collection knows only that hooks exist: what they do (counts,
 * indexes, a lead's follow-up) belongs to the layers above. An edit's or a deletion's
 * hooks run in the request and never fail the write: the record is what matters, and a
 * failed hook is logged (the admin's recount repairs what it missed).
 */
export interface CollectionHooks<Rec> {
  insert?: InsertPlan<Rec>;
  /** `reload` reads the record as stored now (a later write may have landed since). */
  afterUpdate?(before: Rec, after: Rec, reload: () => Promise<Rec | null>): Promise<void>;
  afterRemove?(record: Rec): Promise<void>;
  /** The number of records, kept at write time: page totals without listing every key. */
  count?(): Promise<number>;
}

export interface CollectionOptions<Rec> {
  hooks?: CollectionHooks<Rec>;
}

export interface CreateOptions {
  /** false: counted and indexed but not announced (demo data). */
  announce?: boolean;
  /**
   * With `announce` false: still counted as a lead in 'Leads by source', though nobody is told
   * (a client the owner added through a payment request, docs/payments.md "What converts").
   */
  countLead?: boolean;
}

// An edit's hook waits at most this long: when Blobs is struggling its client retries
// with pauses of seconds, and the owner whose edit is already stored must get an answer.
export const HOOK_DEADLINE_MS = 4000;

async function runHook(collection: StoreName, what: string, hook: (() => Promise<void>) | undefined): Promise<void> {
  if (!hook) return;
  const drift = `[bookkeeping] ${collection} ${what}: the record is stored, counts may drift until a recount`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), HOOK_DEADLINE_MS);
  });
  const running = hook().then(
    () => 'done' as const,
    (error: unknown) => {
      console.error(`${drift} (failed)`, error);
      return 'failed' as const;
    },
  );
  const outcome = await Promise.race([running, deadline]);
  clearTimeout(timer);
  if (outcome === 'late') console.error(`${drift} (still running after ${HOOK_DEADLINE_MS} ms)`);
}

/**
 * A typed collection: one Blobs store, one JSON blob per record, keys that sort
 * newest first (docs/decisions/0022-blobs-conditional-writes.md). Records are validated on the way in and out.
 */
export function defineCollection<S extends z.ZodObject>(
  name: StoreName,
  dataSchema: S,
  options: CollectionOptions<z.output<S> & RecordMeta> = {},
) {
  const recordSchema = dataSchema.extend(recordMetaSchema.shape);
  type Data = z.input<S>;
  type Rec = z.output<S> & RecordMeta;
  const hooks = options.hooks ?? {};

  const parseRecord = (value: unknown): Rec => recordSchema.parse(value) as Rec;

  async function read(id: string): Promise<Rec | null> {
    const store = collectionStore(name);
    const value = await blobCall(() => store.get(recordKey(id), { type: 'json' }));
    return value == null ? null : parseRecord(value);
  }

  /** Reads records in order, a batch at a time (a recount reads every one). */
  async function readMany(ids: string[]): Promise<Rec[]> {
    const records: Rec[] = [];
    for (let start = 0; start < ids.length; start += READ_BATCH) {
      const values = await Promise.all(ids.slice(start, start + READ_BATCH).map((id) => read(id)));
      for (const value of values) if (value) records.push(value);
    }
    return records;
  }

  /** The time slices holding records, newest first (a short list: one per ~11.6 days). */
  async function timeSlices(): Promise<string[]> {
    const store = collectionStore(name);
    const { directories } = await blobCall(() => store.list({ directories: true }));
    return directories
      .map((directory) => directory.replace(/\/+$/, ''))
      .filter((slice) => timeSlicePattern.test(slice))
      .sort();
  }

  async function idsInSlice(slice: string): Promise<string[]> {
    const store = collectionStore(name);
    const { blobs } = await blobCall(() => store.list({ prefix: `${slice}/` }));
    return blobs
      .map((blob) => idFromRecordKey(blob.key))
      .filter((id): id is string => id !== null)
      .sort();
  }

  /**
   * Up to `wanted` ids after `cursor`, newest first, and whether more exist. Reads one
   * time slice after another from the cursor's own, so a page costs a listing of the
   * slices it touches, not of the whole store.
   */
  async function idsAfter(cursor: string | null, wanted: number): Promise<{ ids: string[]; more: boolean }> {
    const from = cursor ? timeSliceOf(cursor) : '';
    const ids: string[] = [];
    for (const slice of await timeSlices()) {
      if (slice < from) continue;
      const found = await idsInSlice(slice);
      ids.push(...(cursor ? found.filter((id) => id > cursor) : found));
      if (ids.length > wanted) break;
    }
    return { ids: ids.slice(0, wanted), more: ids.length > wanted };
  }

  async function allIds(): Promise<string[]> {
    const store = collectionStore(name);
    const { blobs } = await blobCall(() => store.list());
    return blobs
      .map((blob) => idFromRecordKey(blob.key))
      .filter((id): id is string => id !== null)
      .sort();
  }

  /** Writes a record under `id` unless one is there already, through the insert plan when there is one. */
  async function insert(
    id: string,
    data: Data,
    createdAt: Date,
    { announce = true, countLead = false }: CreateOptions = {},
  ): Promise<{ record: Rec; created: boolean }> {
    const store = collectionStore(name);
    const record = parseRecord({ ...dataSchema.parse(data), id, createdAt: createdAt.toISOString() });
    const write = async () =>
      (await blobCall(() => store.setJSON(recordKey(id), record, { onlyIfNew: true }))).modified;
    if (!hooks.insert) return { record, created: await write() };
    const created = await hooks.insert({
      collection: name,
      id,
      record,
      createdAt,
      announce,
      countLead,
      write,
      read: () => read(id),
    });
    return { record, created };
  }

  return {
    name,
    // Typed as the record: zod cannot infer a generic object's extension.
    schema: recordSchema as unknown as z.ZodType<Rec>,

    /** Stores a new record under a fresh key; never overwrites. */
    async create(data: Data, now: Date = new Date(), options: CreateOptions = {}): Promise<Rec> {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const { record, created } = await insert(newestFirstKey(now.getTime()), data, now, options);
        if (created) return record;
      }
      throw new StorageConflictError(name, 'new');
    },

    /**
     * Stores a record under an id chosen in advance (e.g. claimed elsewhere first), only
     * if none is there: repeating the call after a crash completes the same record.
     */
    async insert(
      id: string,
      data: Data,
      createdAt: Date,
      options: CreateOptions = {},
    ): Promise<{ record: Rec; created: boolean }> {
      if (!recordIdPattern.test(id)) throw new Error(`Not a record id: ${id}`);
      return insert(id, data, createdAt, options);
    },

    async get(id: string): Promise<Rec | null> {
      if (!recordIdPattern.test(id)) return null;
      return read(id);
    },

    /**
     * Applies `change` to the current record and writes it only if nobody wrote in
     * between (onlyIfMatch on the ETag), re-reading and retrying on conflict. `change`
     * may throw to write nothing (e.g. a stale If-Match). Returns null when the record
     * does not exist.
     */
    async update(id: string, change: (current: Rec) => Rec | Promise<Rec>): Promise<Rec | null> {
      if (!recordIdPattern.test(id)) return null;
      // The version the stored result replaced: what the hooks compare against.
      let replaced: Rec | null = null;
      const stored = await updateJson(name, recordKey(id), async (current) => {
        if (current == null) return undefined;
        const before = parseRecord(current);
        const changed = await change(before);
        replaced = before;
        return parseRecord({
          ...changed,
          id: before.id,
          createdAt: before.createdAt,
          updatedAt: new Date().toISOString(),
        });
      });
      if (stored == null) return null;
      const after = stored as Rec;
      const before = replaced as Rec | null;
      if (before)
        await runHook(
          name,
          'afterUpdate',
          hooks.afterUpdate && (() => hooks.afterUpdate!(before, after, () => read(id))),
        );
      return after;
    },

    async remove(id: string): Promise<boolean> {
      if (!recordIdPattern.test(id)) return false;
      return withKeyLock(`${name}/${recordKey(id)}`, async () => {
        const record = await read(id);
        if (!record) return false;
        const store = collectionStore(name);
        await blobCall(() => store.delete(recordKey(id)));
        await blankSnapshot(name, timeSliceOf(id));
        await runHook(name, 'afterRemove', hooks.afterRemove && (() => hooks.afterRemove!(record)));
        return true;
      });
    },

    /** Newest first; the cursor is the id of the last record of the previous page. */
    async list({ cursor = null, limit = DEFAULT_PAGE_SIZE }: ListOptions = {}): Promise<Page<Rec>> {
      const size = Math.min(Math.max(1, limit), MAX_PAGE_SIZE);
      const [{ ids, more }, total] = await Promise.all([
        idsAfter(cursor, size),
        hooks.count ? hooks.count() : allIds().then((ids) => ids.length),
      ]);
      const items = await readMany(ids);
      const last = ids.at(-1);
      return { items, nextCursor: more && last ? last : null, total };
    },

    /** The time slices holding records, newest first: units the export reads side by side. */
    slices: timeSlices,

    /**
     * Up to `limit` records of one time slice after `cursor`, newest first, from the
     * slice's copy checked against its listing (sliceSnapshots.ts). Slices in turn, pages
     * in turn, give the same records in the same order as `list`.
     */
    async inSlice(
      slice: string,
      { cursor = null, limit }: { cursor?: string | null; limit: number },
    ): Promise<{ items: Rec[]; nextCursor: string | null }> {
      if (!timeSlicePattern.test(slice)) return { items: [], nextCursor: null };
      const { values } = await readSlice(name, slice);
      const after = cursor ? values.filter(({ id }) => id > cursor) : values;
      const wanted = after.slice(0, Math.max(1, limit));
      return {
        items: wanted.map(({ value }) => parseRecord(value)),
        nextCursor: after.length > wanted.length ? (wanted.at(-1)?.id ?? null) : null,
      };
    },

    /** The minute job's part: copies of the slices that have none, until the deadline. */
    async snapshotMissingSlices(
      copied: ReadonlySet<string>,
      deadline: number,
    ): Promise<{ made: number; left: number }> {
      return makeMissingSnapshots(name, await timeSlices(), copied, deadline);
    },

    /** Every record, newest first. For small collections and the admin's recount. */
    async all(): Promise<Rec[]> {
      return readMany(await allIds());
    },

    /** Counts by listing every key: tests and the recount only (the stats keep counters). */
    async count(): Promise<number> {
      return (await allIds()).length;
    },
  };
}

export type Collection<S extends z.ZodObject> = ReturnType<typeof defineCollection<S>>;
export type StoredRecord<S extends z.ZodObject> = z.output<S> & RecordMeta;
