import { createHash } from 'node:crypto';
import { updateJson } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';

// Meta delivers every webhook at least once and retries a delivery we did not answer with 200
// and a duplicate must apply once. Each status and each inbound message is claimed by its own
// key before it is acted on, create-only, so of two deliveries of one item on any number of
// instances exactly one acts:
//   status/{sha256 of wamid|status}   one message's one status
//   message/{sha256 of the message id} one message a visitor sent us
// A claim is `processing` while its item is handled and `done` after; a failure deletes it, so
// Meta's retry handles the item again. A `processing` claim older than two minutes belonged to a
// request that died, and the next delivery takes it over.

export const WEBHOOK_CLAIM_STORE = 'whatsapp-webhook';
const STALE_CLAIM_MS = 2 * 60_000;

export type ClaimKind = 'status' | 'message';
/** taken: act on it; done: handled before (a duplicate); busy: another request is handling it now. */
export type ClaimResult = 'taken' | 'done' | 'busy';

interface Claim {
  state: 'processing' | 'done';
  claimedAt: string;
  outcome?: string;
}

export function claimKey(kind: ClaimKind, itemId: string): string {
  return `${kind}/${createHash('sha256').update(itemId).digest('hex')}`;
}

export async function claimItem(kind: ClaimKind, itemId: string, now: Date): Promise<ClaimResult> {
  const key = claimKey(kind, itemId);
  const claim: Claim = { state: 'processing', claimedAt: now.toISOString() };
  const { modified } = await blobCall(() =>
    collectionStore(WEBHOOK_CLAIM_STORE).setJSON(key, claim, { onlyIfNew: true }),
  );
  if (modified) return 'taken';
  let result: ClaimResult = 'done';
  await updateJson(WEBHOOK_CLAIM_STORE, key, (current) => {
    const existing = current as Partial<Claim> | null;
    if (existing?.state === 'done') {
      result = 'done';
      return undefined;
    }
    if (existing && now.getTime() - Date.parse(existing.claimedAt ?? '') < STALE_CLAIM_MS) {
      result = 'busy';
      return undefined;
    }
    result = 'taken';
    return claim;
  });
  return result;
}

export async function finishItem(kind: ClaimKind, itemId: string, outcome: string, now: Date): Promise<void> {
  const done: Claim = { state: 'done', claimedAt: now.toISOString(), outcome };
  await blobCall(() => collectionStore(WEBHOOK_CLAIM_STORE).setJSON(claimKey(kind, itemId), done));
}

/** A failed item gives its claim back, so Meta's retry of the delivery handles it again. */
export async function releaseItem(kind: ClaimKind, itemId: string): Promise<void> {
  await blobCall(() => collectionStore(WEBHOOK_CLAIM_STORE).delete(claimKey(kind, itemId)));
}
