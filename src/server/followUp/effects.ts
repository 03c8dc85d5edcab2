import { blobCall, collectionStore } from '../storage/blobs';
import { recordKey } from '../storage/keys';
import type { FollowUpEvent } from './events';
import { isStoreName } from '../../lib/privacy/inventory';

// A lead's follow-up (docs/decisions/0026-store-answer-follow-up.md) is a table of named
// effects, each idempotent and each finished on its own: one that fails does not hold back
// the others, and the next run does only what is left. The table itself is the lead path's
// (src/server/app/effects.ts); this file says what an effect is and holds the one every
// event starts with.

export interface Effect {
  /** Stable: stored in an event's `done` list. */
  name: string;
  applies(event: FollowUpEvent): boolean;
  /** Ids of outbox entries to send at once (sending is the outbox's, retried by the sweep). */
  run(event: FollowUpEvent): Promise<readonly string[] | void>;
}

/** The record as the request stored it, stored again (onlyIfNew) in case the request could not. */
export const storeRecord: Effect = {
  name: 'record',
  applies: (event) => event.record != null,
  async run({ record }) {
    // Named by the stored event: a name the inventory does not list is a broken event, set aside.
    if (!isStoreName(record!.collection)) throw new Error(`No such collection: ${record!.collection}`);
    const store = collectionStore(record!.collection);
    await blobCall(() => store.setJSON(recordKey(record!.id), record!.value, { onlyIfNew: true }));
  },
};
