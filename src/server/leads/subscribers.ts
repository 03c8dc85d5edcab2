import { createHash } from 'node:crypto';
import { subscriberRow } from '../../lib/admin/customerExport';
import { subscriberSchema } from '../../lib/schemas/subscriber';
import type { Attribution } from '../../lib/schemas/attribution';
import { subscriberProfile } from './profiles';
import { subscriberEvent } from './leadEvents';
import { blobCall, collectionStore } from '../storage/blobs';
import type { CreateOptions, StoredRecord } from '../storage/collection';
import { newestFirstKey } from '../storage/keys';
import { withKeyLock } from '../storage/keyLock';
import { type LeadKindDefinition, defineLeadCollection } from './leadCollection';
import { consentOfSubmission } from './consent';

/**
 * Newsletter subscribers (docs/decisions/0007-newsletter-subscribes-for-real.md). Records
 * live in a normal time-keyed collection so the admin list is newest first and paginated.
 * What makes one address one subscriber is a second store keyed by sha256(lower-cased
 * e-mail), claimed with onlyIfNew: of any number of concurrent sign-ups for one address,
 * exactly one claims it, and the claim names the record id in advance, so a
 * retry after a crash between the two writes completes the same record instead
 * of adding a second one.
 */
export const subscriberKind = {
  ...subscriberProfile,
  store: 'subscribers',
  schema: subscriberSchema,
  announce: subscriberEvent,
  exportRow: subscriberRow,
} satisfies LeadKindDefinition<typeof subscriberSchema>;

export const subscribers = defineLeadCollection(subscriberKind);

const CLAIMS_STORE = 'subscriber-emails';

interface EmailClaim {
  subscriberId: string;
  createdAt: string;
}

export interface SubscribeResult {
  subscriberId: string;
  created: boolean;
  subscriber: StoredRecord<typeof subscriberSchema>;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailKey(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}

export async function subscribe(
  rawEmail: string,
  now: Date = new Date(),
  attribution?: Attribution,
  options: CreateOptions = {},
): Promise<SubscribeResult> {
  const email = normaliseEmail(rawEmail);
  const key = emailKey(email);
  return withKeyLock(`subscribers/${key}`, async () => {
    const claims = collectionStore(CLAIMS_STORE);
    const proposed: EmailClaim = { subscriberId: newestFirstKey(now.getTime()), createdAt: now.toISOString() };
    const { modified } = await blobCall(() => claims.setJSON(key, proposed, { onlyIfNew: true }));
    const claim = modified
      ? proposed
      : ((await blobCall(() => claims.get(key, { type: 'json' }))) as EmailClaim | null);
    if (!claim) throw new Error('Subscriber claim vanished while reading it');
    // A repeat sign-up changes nothing; it only completes a record that a crashed earlier
    // attempt may have left unwritten (announced then, as the first sign-up would have been).
    // The first sign-up's source is the one kept (a retry completing it may not know it).
    const existing = modified ? null : await subscribers.get(claim.subscriberId);
    if (existing) return { subscriberId: claim.subscriberId, created: false, subscriber: existing };
    const written = await subscribers.insert(
      claim.subscriberId,
      {
        email,
        ...(attribution ? { attribution } : {}),
        ...consentOfSubmission('newsletter', undefined, new Date(claim.createdAt)),
      },
      new Date(claim.createdAt),
      options,
    );
    return { subscriberId: claim.subscriberId, created: modified && written.created, subscriber: written.record };
  });
}

/**
 * Ends a mailbox's subscription (a withdrawn consent, an erasure): the record and the
 * mailbox's claim, under the same turn as a sign-up, so the address may subscribe anew.
 * Returns how many blobs went.
 */
export async function unsubscribe(rawEmail: string): Promise<number> {
  const key = emailKey(rawEmail);
  return withKeyLock(`subscribers/${key}`, async () => {
    const claims = collectionStore(CLAIMS_STORE);
    const claim = (await blobCall(() => claims.get(key, { type: 'json' }))) as EmailClaim | null;
    if (!claim) return 0;
    const removed = await subscribers.remove(claim.subscriberId);
    await blobCall(() => claims.delete(key));
    return removed ? 2 : 1;
  });
}
