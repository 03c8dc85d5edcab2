import { describe, expect, test } from 'vitest';
import {
  EVENT_CLAIM_MS,
  claimEvent,
  pendingEventIds,
  readEvent,
  storeEventVersioned,
} from '../../src/server/followUp/events';
import { createPipeline } from '../../src/server/followUp/pipeline';
import { settleLease } from '../../src/server/queue/lease';
import { collectionStore } from '../../src/server/storage/blobs';
import { contactFollowUp } from './support/leadEvents';

// The durable queue's claim (docs/queue.md) against a real Blobs server: two workers that
// read one piece of work at the same moment (the same ETag, an interleaving forced rather
// than hoped for) never both run it, and a claim left by a worker that died expires.

let people = 0;
const newEvent = () => {
  people += 1;
  return contactFollowUp(new Date(), `Claim Test ${'I'.repeat(people)}`, `claim${people}@example.com`);
};

describe('a follow-up event', () => {
  test('read by two workers at once is run by exactly one; the other is told it is busy', async () => {
    let runs = 0;
    const pipeline = createPipeline({
      effects: [
        {
          name: 'counted',
          applies: () => true,
          run: async () => {
            runs += 1;
            await new Promise((resolve) => setTimeout(resolve, 50));
            return [];
          },
        },
      ],
      send: async () => undefined,
    });
    const stored = await storeEventVersioned(newEvent());
    expect(stored).not.toBeNull();
    // Both hold the event as it was written, with its ETag: both try to claim it.
    const outcomes = await Promise.all([
      pipeline.followUp(stored!.value, stored!.etag),
      pipeline.followUp(stored!.value, stored!.etag),
    ]);
    expect(runs).toBe(1);
    expect(outcomes).toEqual(expect.arrayContaining(['busy', { state: 'done', failed: [] }]));
    expect(await pendingEventIds()).not.toContain(stored!.value.id);
  });

  test('a claim is refused while it is live, taken over once it expires, and the late worker cannot write over it', async () => {
    const stored = await storeEventVersioned(newEvent());
    const id = stored!.value.id;
    const t0 = new Date();
    const first = await claimEvent(id, t0);
    expect(typeof first).toBe('object');
    expect(await claimEvent(id, new Date(t0.getTime() + EVENT_CLAIM_MS - 1000))).toBe('not-due');
    const second = await claimEvent(id, new Date(t0.getTime() + EVENT_CLAIM_MS + 1000));
    expect(typeof second).toBe('object');
    if (typeof first === 'string' || typeof second === 'string') throw new Error('unreachable');
    const store = collectionStore('lead-events');
    // The first worker comes back and records a failure: refused, the event is the second's.
    expect(await settleLease(store, first, { ...first.value, attempts: 1, lastError: 'late' })).toBeNull();
    expect(await readEvent(id)).toMatchObject({ claimedAt: second.value.claimedAt });
    expect((await readEvent(id))?.lastError ?? null).toBeNull();
    expect(await settleLease(store, second, { ...second.value, claimedAt: null })).not.toBeNull();
    expect(await claimEvent(id, new Date(t0.getTime() + EVENT_CLAIM_MS + 2000))).toMatchObject({
      key: `pending/${id}`,
    });
  });

  test('gone already (done by another worker) is reported as done, not as work', async () => {
    const stored = await storeEventVersioned(newEvent());
    const pipeline = createPipeline({ effects: [], send: async () => undefined });
    await collectionStore('lead-events').delete(`pending/${stored!.value.id}`);
    expect(await pipeline.followUp(stored!.value)).toEqual({ state: 'done', failed: [] });
  });
});
