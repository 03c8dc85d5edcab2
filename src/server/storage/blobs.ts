import { getStore, type Store } from '@netlify/blobs';
import type { StoreName } from '../../lib/privacy/inventory';
import { StorageKeyError, StorageUnavailableError } from './errors';
import { keyProblem } from './keys';

/**
 * @netlify/blobs (11.x) reports a conditional write (onlyIfNew / onlyIfMatch) that the
 * server answered with an error (5xx, 429 after its retries, 401/403) as
 * `{ modified: true }`: a lead that was never stored would look stored, and a claim
 * nobody holds would look held. Every call goes through this fetch, which turns such
 * answers into failures; the client retries them as it retries a network error, then
 * throws, and blobCall reports the storage as unavailable.
 */
const checkedFetch: typeof fetch = async (input, init) => {
  const response = await globalThis.fetch(input, init);
  if (response.status >= 500 || response.status === 429 || response.status === 401 || response.status === 403) {
    await response.arrayBuffer().catch(() => undefined);
    throw new Error(`Blobs answered ${response.status}`);
  }
  return response;
};

/**
 * The Blobs store for one collection. Called per request, never at module top level:
 * the Blobs environment only exists inside a running function or page. The one door to
 * Blobs: it opens only a store the data inventory lists (src/lib/privacy/inventory.ts).
 */
export function collectionStore(name: StoreName): Store {
  try {
    return keyChecked(name, getStore({ name, consistency: 'strong', fetch: checkedFetch }));
  } catch (error) {
    throw new StorageUnavailableError(error);
  }
}

const KEYED_CALLS = new Set(['get', 'getMetadata', 'getWithMetadata', 'set', 'setJSON', 'delete']);

/**
 * Every call that names a key checks it first: a key Blobs would refuse fails at once
 * with StorageKeyError, which nothing retries, instead of an error the client and our
 * retries repeat for minutes (docs/decisions/0033-bounded-keys-and-dead-letters.md).
 */
function keyChecked(name: string, store: Store): Store {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver);
      if (typeof property !== 'string' || !KEYED_CALLS.has(property) || typeof value !== 'function') return value;
      return (key: string, ...rest: unknown[]) => {
        const problem = keyProblem(key);
        if (problem) return Promise.reject(new StorageKeyError(name, key, problem));
        return (value as (...args: unknown[]) => unknown).call(target, key, ...rest);
      };
    },
  });
}

/** Runs a Blobs call, turning network and platform failures into StorageUnavailableError. */
export async function blobCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof StorageKeyError) throw error;
    throw new StorageUnavailableError(error);
  }
}
