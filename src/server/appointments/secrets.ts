import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { blobCall } from '../storage/blobs';
import { appointmentStore } from './store';

// Two secrets the site makes for itself and keeps in Blobs, so the calendar needs no
// settings: the key that signs visitors' manage links, and the private feed's address.

const MANAGE_KEY = 'settings/manage-key';
const FEED_KEY = 'settings/calendar-feed';

let manageKey: Buffer | null = null;

/** The signing key, made once (onlyIfNew: instances that race agree on the first). */
async function manageSigningKey(): Promise<Buffer> {
  if (manageKey) return manageKey;
  const store = appointmentStore();
  await blobCall(() => store.setJSON(MANAGE_KEY, { key: randomBytes(32).toString('base64') }, { onlyIfNew: true }));
  const value = (await blobCall(() => store.get(MANAGE_KEY, { type: 'json' }))) as { key: string } | null;
  if (!value?.key) throw new Error('The manage-link key could not be read back');
  manageKey = Buffer.from(value.key, 'base64');
  return manageKey;
}

export async function manageToken(appointmentId: string): Promise<string> {
  return createHmac('sha256', await manageSigningKey()).update(`manage:${appointmentId}`).digest('base64url');
}

/** Constant-time check of a manage link's token. */
export async function manageTokenValid(appointmentId: string, token: string): Promise<boolean> {
  const expected = Buffer.from(await manageToken(appointmentId));
  const received = Buffer.from(token);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

const newFeedSecret = () => randomBytes(24).toString('base64url');

/** The feed secret, made on first use. */
export async function feedSecret(): Promise<string> {
  const store = appointmentStore();
  await blobCall(() => store.setJSON(FEED_KEY, { secret: newFeedSecret() }, { onlyIfNew: true }));
  const value = (await blobCall(() => store.get(FEED_KEY, { type: 'json' }))) as { secret: string } | null;
  if (!value?.secret) throw new Error('The calendar feed secret could not be read back');
  return value.secret;
}

/** A new feed address: the old one stops working at once. */
export async function rotateFeedSecret(): Promise<string> {
  const secret = newFeedSecret();
  await blobCall(() => appointmentStore().setJSON(FEED_KEY, { secret }));
  return secret;
}

export async function feedSecretMatches(candidate: string): Promise<boolean> {
  const value = (await blobCall(() => appointmentStore().get(FEED_KEY, { type: 'json' }))) as { secret: string } | null;
  if (!value?.secret) return false;
  const expected = Buffer.from(value.secret);
  const received = Buffer.from(candidate);
  return expected.length === received.length && timingSafeEqual(expected, received);
}
