import { updateJson } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';
import type { StoreName } from '../../lib/privacy/inventory';

// One protocol for every provider that delivers webhooks at least once (Razorpay, Meta's
// WhatsApp Cloud API, any later one): each item (an event, a status, a message) is claimed by
// its own key before it is acted on, create-only, so of two deliveries of one item on any
// number of instances exactly one acts. A claim is `processing` while its item is handled and
// `done` after; a failure deletes it, so the provider's retry handles the item again. A
// `processing` claim older than CLAIM_STALE_MS belonged to a request that died (a function
// runs for seconds), and the next delivery takes it over. See docs/notifications.md.

/** A `processing` claim this old was left by a request that died. */
export const CLAIM_STALE_MS = 2 * 60_000;

/** taken: act on it; done: handled before (a duplicate); busy: another request is handling it now. */
export type ClaimResult = 'taken' | 'done' | 'busy';

interface StoredClaim {
  state: 'processing' | 'done';
  claimedAt: string;
}

export interface WebhookClaims {
  /** Claims the item; only 'taken' may act on it. */
  claim(key: string, now: Date): Promise<ClaimResult>;
  /** The item was handled: later deliveries are duplicates. `outcome` is kept beside the claim for reading back. */
  finish(key: string, outcome: Record<string, string>, now: Date): Promise<void>;
  /** The item failed: the claim is given back, so the provider's retry handles it again. */
  release(key: string): Promise<void>;
}

/** The claims of one provider, in their own Blobs store, under keys the provider names. */
export function webhookClaims(storeName: StoreName): WebhookClaims {
  const store = () => collectionStore(storeName);
  return {
    async claim(key, now) {
      const claim: StoredClaim = { state: 'processing', claimedAt: now.toISOString() };
      const { modified } = await blobCall(() => store().setJSON(key, claim, { onlyIfNew: true }));
      if (modified) return 'taken';
      let result: ClaimResult = 'done';
      await updateJson(storeName, key, (current) => {
        const existing = current as Partial<StoredClaim> | null;
        if (existing?.state === 'done') {
          result = 'done';
          return undefined;
        }
        if (existing && now.getTime() - Date.parse(existing.claimedAt ?? '') < CLAIM_STALE_MS) {
          result = 'busy';
          return undefined;
        }
        result = 'taken';
        return claim;
      });
      return result;
    },
    async finish(key, outcome, now) {
      await blobCall(() => store().setJSON(key, { ...outcome, state: 'done', claimedAt: now.toISOString() }));
    },
    async release(key) {
      await blobCall(() => store().delete(key));
    },
  };
}
