// How many blobs a server's store holds, counted on disk (entries/{site}/site:{store}/…).
import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { FOLLOW_UP_STORE } from '../../../src/server/followUp/events.ts';

async function blobFiles(blobsDir: string): Promise<Array<{ store: string | undefined }>> {
  const root = join(blobsDir, 'entries');
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return (
      entries
        // Temporary files of a write in progress start with a dot.
        .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
        .map((entry) => ({
          store: relative(root, entry.parentPath)
            .split(sep)[1]
            ?.replace(/^site:/, ''),
        }))
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Blobs across all stores, or all but the stores named (whose keys the minute job folds). */
export async function countBlobs(blobsDir: string, exceptStores: readonly string[] = []): Promise<number> {
  return (await blobFiles(blobsDir)).filter(({ store }) => !store || !exceptStores.includes(store)).length;
}

/**
 * Waits until no lead's follow-up event is left (each is deleted once its counts, index
 * and messages are stored), so a count taken now is not changed by an earlier request.
 */
export async function followUpsSettled(blobsDir: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = async () => (await blobFiles(blobsDir)).filter(({ store }) => store === FOLLOW_UP_STORE).length;
  while ((await pending()) > 0) {
    if (Date.now() > deadline) throw new Error(`follow-up events still pending after ${timeoutMs} ms`);
    await sleep(20);
  }
}
