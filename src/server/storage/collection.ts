import { z } from 'zod';
import { blobCall, collectionStore } from './blobs';
import { StorageConflictError } from './errors';
import { updateJson } from './atomicJson';
import { newestFirstKey, recordIdPattern } from './keys';

export const recordMetaSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().optional(),
});
export type RecordMeta = z.infer<typeof recordMetaSchema>;

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

/**
 * A typed collection: one Blobs store, one JSON blob per record, keys that sort
 * newest first (DECISIONS 22). Records are validated on the way in and out.
 */
export function defineCollection<S extends z.ZodObject>(name: string, dataSchema: S) {
  const recordSchema = dataSchema.extend(recordMetaSchema.shape);
  type Data = z.input<S>;
  type Rec = z.output<S> & RecordMeta;

  const parseRecord = (value: unknown): Rec => recordSchema.parse(value) as Rec;

  async function listKeys(): Promise<string[]> {
    const store = collectionStore(name);
    const { blobs } = await blobCall(() => store.list());
    return blobs.map((blob) => blob.key).filter((key) => recordIdPattern.test(key)).sort();
  }

  return {
    name,
    schema: recordSchema,

    /** Stores a new record under a fresh key; never overwrites. */
    async create(data: Data, now: Date = new Date()): Promise<Rec> {
      const store = collectionStore(name);
      const valid = dataSchema.parse(data);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const id = newestFirstKey(now.getTime());
        const record = parseRecord({ ...valid, id, createdAt: now.toISOString() });
        const { modified } = await blobCall(() => store.setJSON(id, record, { onlyIfNew: true }));
        if (modified) return record;
      }
      throw new StorageConflictError(name, 'new');
    },

    async get(id: string): Promise<Rec | null> {
      if (!recordIdPattern.test(id)) return null;
      const store = collectionStore(name);
      const value = await blobCall(() => store.get(id, { type: 'json' }));
      return value == null ? null : parseRecord(value);
    },

    /**
     * Applies `change` to the current record and writes it only if nobody wrote in
     * between (onlyIfMatch on the ETag), re-reading and retrying on conflict.
     * Returns null when the record does not exist.
     */
    async update(id: string, change: (current: Rec) => Rec | Promise<Rec>): Promise<Rec | null> {
      if (!recordIdPattern.test(id)) return null;
      const stored = await updateJson(name, id, async (current) => {
        if (current == null) return undefined;
        const before = parseRecord(current);
        const changed = await change(before);
        return parseRecord({ ...changed, id: before.id, createdAt: before.createdAt, updatedAt: new Date().toISOString() });
      });
      return stored == null ? null : (stored as Rec);
    },

    async remove(id: string): Promise<boolean> {
      if (!recordIdPattern.test(id)) return false;
      const store = collectionStore(name);
      const exists = await blobCall(() => store.getMetadata(id));
      if (!exists) return false;
      await blobCall(() => store.delete(id));
      return true;
    },

    /** Newest first; the cursor is the id of the last record of the previous page. */
    async list({ cursor = null, limit = DEFAULT_PAGE_SIZE }: ListOptions = {}): Promise<Page<Rec>> {
      const size = Math.min(Math.max(1, limit), MAX_PAGE_SIZE);
      const keys = await listKeys();
      const start = cursor ? keys.findIndex((key) => key > cursor) : 0;
      const pageKeys = start === -1 ? [] : keys.slice(start, start + size);
      const store = collectionStore(name);
      const values = await Promise.all(pageKeys.map((key) => blobCall(() => store.get(key, { type: 'json' }))));
      const items = values.filter((value) => value != null).map(parseRecord);
      const last = pageKeys.at(-1);
      const hasMore = start !== -1 && start + size < keys.length;
      return { items, nextCursor: hasMore && last ? last : null, total: keys.length };
    },

    /** Every record, newest first. For exports and small collections. */
    async all(): Promise<Rec[]> {
      const keys = await listKeys();
      const store = collectionStore(name);
      const values = await Promise.all(keys.map((key) => blobCall(() => store.get(key, { type: 'json' }))));
      return values.filter((value) => value != null).map(parseRecord);
    },

    async count(): Promise<number> {
      return (await listKeys()).length;
    },
  };
}

export type Collection<S extends z.ZodObject> = ReturnType<typeof defineCollection<S>>;
export type StoredRecord<S extends z.ZodObject> = z.output<S> & RecordMeta;
