import { expect } from 'vitest';
import { readEntry, replaceEntry } from '../../../src/server/notifications/outbox';

/** An outbox entry whose 24 hours are over (what the clock would do): the next sweep gives up on it. */
export async function endRetryWindow(id: string): Promise<void> {
  const found = await readEntry(id);
  const past = new Date(Date.now() - 1000).toISOString();
  expect(await replaceEntry({ ...found!.entry, nextAttemptAt: past, retryUntil: past }, found!.etag)).not.toBeNull();
}
