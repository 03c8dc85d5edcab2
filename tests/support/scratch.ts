import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * Where tests keep their throwaway Blobs stores: memory (/dev/shm) where the system has
 * it, else the temp folder. The stores live a few seconds; on a slow virtual disk every
 * write of the local Blobs server (a file and a rename) costs a millisecond or more, which
 * made the tests measure the disk rather than the code.
 */
export function scratchDir(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}
