import { createHash } from 'node:crypto';
import type { Identity } from '../leads';
import { blobCall, collectionStore } from '../storage/blobs';
import { REQUESTS_STORE } from './requests';

// The records the tax law keeps after an erasure (payments) leave the owner's search: they are
// used for the law alone. The person may still ask what is kept, so they stay findable here,
// under one-way hashes of the number and mailbox (`kept/{hash}/{paymentId}`), for the privacy
// view only (docs/privacy.md, "Erasure").

const PREFIX = 'kept/';
const hashOf = (kind: 'phone' | 'email', value: string) =>
  createHash('sha256').update(`${kind}\0${value}`).digest('hex').slice(0, 40);

const prefixesOf = (identity: Identity) => [
  ...identity.phones.map((phone) => `${PREFIX}${hashOf('phone', phone)}/`),
  ...identity.emails.map((email) => `${PREFIX}${hashOf('email', email)}/`),
];

/** Files a kept payment under the person's numbers and mailboxes. */
export async function fileKept(identity: Identity, paymentId: string): Promise<void> {
  const store = collectionStore(REQUESTS_STORE);
  await Promise.all(prefixesOf(identity).map((prefix) => blobCall(() => store.set(`${prefix}${paymentId}`, ''))));
}

/** The kept payments filed under any of the person's numbers and mailboxes. */
export async function keptPaymentIds(identity: Identity): Promise<string[]> {
  const store = collectionStore(REQUESTS_STORE);
  const listings = await Promise.all(prefixesOf(identity).map((prefix) => blobCall(() => store.list({ prefix }))));
  return [...new Set(listings.flatMap(({ blobs }) => blobs.map(({ key }) => key.slice(key.lastIndexOf('/') + 1))))];
}
