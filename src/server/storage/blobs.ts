import { getStore, type Store } from '@netlify/blobs';
import { StorageUnavailableError } from './errors';

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
 * the Blobs environment only exists inside a running function or page.
 */
export function collectionStore(name: string): Store {
  try {
    return getStore({ name, consistency: 'strong', fetch: checkedFetch });
  } catch (error) {
    throw new StorageUnavailableError(error);
  }
}

/** Runs a Blobs call, turning network and platform failures into StorageUnavailableError. */
export async function blobCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new StorageUnavailableError(error);
  }
}
