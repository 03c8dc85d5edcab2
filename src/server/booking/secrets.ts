import { createHmac, randomBytes } from 'node:crypto';
import { safeEqual, safeEqualSecret } from '../auth';
import { blobCall } from '../storage/blobs';
import { appointmentStore } from './store';

// Two secrets the site makes for itself and keeps in Blobs, so the calendar needs no
// settings: the key that signs visitors' manage links, and the private feed's address.

const MANAGE_KEY = 'settings/manage-key';
const FEED_KEY = 'settings/calendar-feed';

type SecretField = 'key' | 'secret';

async function readSecret(key: string, field: SecretField): Promise<string | undefined> {
  const value = (await blobCall(() => appointmentStore().get(key, { type: 'json' }))) as Partial<
    Record<SecretField, string>
  > | null;
  return value?.[field] || undefined;
}

/**
 * A secret stored under `key` (in `field`): read, or made when there is none (onlyIfNew,
 * then read back, so instances that race agree on the first one written).
 */
async function storedSecret(key: string, field: SecretField, make: () => string): Promise<string> {
  const read = () => readSecret(key, field);
  const found = await read();
  if (found) return found;
  await blobCall(() => appointmentStore().setJSON(key, { [field]: make() }, { onlyIfNew: true }));
  const made = await read();
  if (!made) throw new Error(`The secret ${key} could not be read back`);
  return made;
}

let manageKey: Buffer | null = null;

async function manageSigningKey(): Promise<Buffer> {
  manageKey ??= Buffer.from(await storedSecret(MANAGE_KEY, 'key', () => randomBytes(32).toString('base64')), 'base64');
  return manageKey;
}

/**
 * What a visitor's link opens: a call's manage page, a client space, a call-back request's page
 * to pick a time, a held session's review page, or an online session's room (the join link).
 */
export type LinkPurpose = 'manage' | 'client' | 'pick-time' | 'review' | 'join';

/** A link's token (pure): HMAC of the purpose and the id, so a token for one purpose opens nothing else. */
export function linkToken(key: Buffer, purpose: LinkPurpose, id: string): string {
  return createHmac('sha256', key).update(`${purpose}:${id}`).digest('base64url');
}

/** The signed token of a visitor's link (the manage page, the client space, the page to pick a time) with the site's own key. */
export async function signedLinkToken(purpose: LinkPurpose, id: string): Promise<string> {
  return linkToken(await manageSigningKey(), purpose, id);
}

export function manageToken(appointmentId: string): Promise<string> {
  return signedLinkToken('manage', appointmentId);
}

/** The token of a call-back request's link to pick a time (its booking id). */
export function pickTimeToken(bookingId: string): Promise<string> {
  return signedLinkToken('pick-time', bookingId);
}

/** Constant-time check of a signed link's token, for any purpose. */
export async function signedLinkTokenValid(purpose: LinkPurpose, id: string, token: string): Promise<boolean> {
  return safeEqual(await signedLinkToken(purpose, id), token);
}

/** Constant-time check of a manage link's token. */
export const manageTokenValid = (appointmentId: string, token: string): Promise<boolean> =>
  signedLinkTokenValid('manage', appointmentId, token);

const newFeedSecret = () => randomBytes(24).toString('base64url');

/** The feed secret, made on first use. */
export function feedSecret(): Promise<string> {
  return storedSecret(FEED_KEY, 'secret', newFeedSecret);
}

/** A new feed address: the old one stops working at once. */
export async function rotateFeedSecret(): Promise<string> {
  const secret = newFeedSecret();
  await blobCall(() => appointmentStore().setJSON(FEED_KEY, { secret }));
  return secret;
}

export async function feedSecretMatches(candidate: string): Promise<boolean> {
  const secret = await readSecret(FEED_KEY, 'secret');
  return secret !== undefined && safeEqualSecret(candidate, secret);
}
