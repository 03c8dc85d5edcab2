import { getStore, type Store } from '@netlify/blobs';
import { StorageUnavailableError } from './errors';

/**
 * The Blobs store for one collection. Called per request, never at module top level:
 * the Blobs environment only exists inside a running function or page.
 */
export function collectionStore(name: string): Store {
  try {
    return getStore({ name, consistency: 'strong' });
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
