import { StorageConflictError, StorageUnavailableError } from './errors';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a storage step again when Blobs failed (after the client's own retries) or a
 * conditional write kept losing: for bookkeeping that follows a stored record, where
 * giving up means drift until the next recount. `run` gets the attempt number, so a
 * caller can choose another blob on the next try.
 */
export async function withRetries<T>(run: (attempt: number) => Promise<T>, attempts = 3, delayMs = 150): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await run(attempt);
    } catch (error) {
      const retryable = error instanceof StorageUnavailableError || error instanceof StorageConflictError;
      if (!retryable || attempt + 1 >= attempts) throw error;
      await sleep(delayMs * (attempt + 1));
    }
  }
}
