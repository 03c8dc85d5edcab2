// How many blobs a server's store holds, across all its stores, counted on disk.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

export async function countBlobs(blobsDir: string): Promise<number> {
  try {
    const entries = await readdir(join(blobsDir, 'entries'), { recursive: true, withFileTypes: true });
    // Temporary files of a write in progress start with a dot.
    return entries.filter((entry) => entry.isFile() && !entry.name.startsWith('.')).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}
