import type { Store } from '@netlify/blobs';
import { blobCall, collectionStore } from './blobs';
import { StorageConflictError } from './errors';
import { withKeyLock } from './keyLock';
import type { StoreName } from '../../lib/privacy/inventory';

const MAX_ATTEMPTS = 8;
/** A lost write waits up to this many ms times 2^attempt before reading again. */
const BACKOFF_STEP_MS = 5;

// Writers that lost to each other would otherwise read and write again in lockstep, and a
// handful of them on one key (bookings of one client) could use up every attempt; a random
// pause that doubles spreads them out.
const pauseAfterLoss = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * BACKOFF_STEP_MS * 2 ** attempt));

/**
 * Reads a blob with the ETag a conditional write needs. The local Blobs server sends
 * no ETag on reads; list() carries it. Reading the ETag before the data is safe: a
 * write in between makes the conditional write fail and the caller retries.
 */
export async function readForUpdate(store: Store, key: string): Promise<{ data: unknown; etag: string } | null> {
  const found = await blobCall(() => store.getWithMetadata(key, { type: 'json' }));
  if (!found) return null;
  if (found.etag) return { data: found.data, etag: found.etag };
  const { blobs } = await blobCall(() => store.list({ prefix: key }));
  const etag = blobs.find((blob) => blob.key === key)?.etag;
  if (!etag) return null;
  const data = await blobCall(() => store.get(key, { type: 'json' }));
  return data == null ? null : { data, etag };
}

/**
 * Read-modify-write of one JSON blob that never loses a concurrent change: creates
 * with onlyIfNew, replaces with onlyIfMatch, and retries from a fresh read when
 * another writer got there first (docs/decisions/0022-blobs-conditional-writes.md).
 * `change` gets the current value (null when there is none) and returns the next one, or
 * undefined to write nothing. Resolves to the value stored afterwards (null when nothing
 * exists).
 */
export async function updateJson<T>(
  storeName: StoreName,
  key: string,
  change: (current: unknown | null) => T | undefined | Promise<T | undefined>,
): Promise<T | unknown | null> {
  return withKeyLock(`${storeName}/${key}`, async () => {
    const store = collectionStore(storeName);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const current = await readForUpdate(store, key);
      const next = await change(current ? structuredClone(current.data) : null);
      if (next === undefined) return current?.data ?? null;
      const condition = current ? { onlyIfMatch: current.etag } : { onlyIfNew: true as const };
      const { modified } = await blobCall(() => store.setJSON(key, next, condition));
      if (modified) return next;
      if (attempt < MAX_ATTEMPTS - 1) await pauseAfterLoss(attempt);
    }
    throw new StorageConflictError(storeName, key);
  });
}
