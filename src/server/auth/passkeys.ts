import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { z } from 'zod';
import { business } from '../../lib/business';
import { env } from '../env';
import { HttpError, badRequest, notFound, unauthorized } from '../http/errors';
import { blobCall, collectionStore } from '../storage/blobs';
import { updateJson } from '../storage/atomicJson';

// The owner's passkeys (WebAuthn): added while signed in, used to sign in without the
// password. Each ceremony's challenge is stored server-side and can be used once.

const PASSKEYS = 'admin-passkeys';
const CHALLENGES = 'admin-webauthn-challenges';
const CHALLENGE_MS = 5 * 60_000;
// One owner: a fixed user handle, so a new passkey replaces none on the authenticator
// unless it is the same one (excludeCredentials stops that).
const OWNER_USER_ID = new TextEncoder().encode('ccc-admin-owner');

const storedPasskeySchema = z.object({
  id: z.string(),
  publicKey: z.string(),
  counter: z.number().int().nonnegative(),
  transports: z.array(z.string()).optional(),
  name: z.string(),
  rpID: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
type StoredPasskey = z.infer<typeof storedPasskeySchema>;

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * Where the ceremony runs: the origins a browser may sign for (this request's own
 * origin, checked by the caller against Origin, and the configured site address) and
 * the RP ID, the host name of the page that asked.
 */
export interface RelyingParty {
  rpID: string;
  origins: string[];
}

export function relyingParty(req: Request): RelyingParty {
  const own = new URL(req.url).origin;
  const configured = env('URL');
  const origins = [...new Set([own, ...(configured ? [new URL(configured).origin] : [])])];
  const asked = req.headers.get('origin');
  const origin = asked && origins.includes(asked) ? asked : own;
  return { rpID: new URL(origin).hostname, origins };
}

async function storeChallenge(challenge: string, purpose: 'register' | 'login', now: number): Promise<string> {
  const challengeId = randomBytes(18).toString('base64url');
  const store = collectionStore(CHALLENGES);
  await blobCall(() => store.setJSON(`open/${challengeId}`, { challenge, purpose, expiresAt: now + CHALLENGE_MS }, { onlyIfNew: true }));
  return challengeId;
}

const challengeSchema = z.object({ challenge: z.string(), purpose: z.enum(['register', 'login']), expiresAt: z.number() });

/** The challenge, once: a second use (also from another instance at the same moment) gets 400. */
async function takeChallenge(challengeId: string, purpose: 'register' | 'login', now: number): Promise<string> {
  const store = collectionStore(CHALLENGES);
  const parsed = challengeSchema.safeParse(await blobCall(() => store.get(`open/${challengeId}`, { type: 'json' })));
  const expired = badRequest('This passkey request has expired or was already used. Try again.', { challengeId: 'Expired or already used' });
  if (!parsed.success || parsed.data.purpose !== purpose || parsed.data.expiresAt < now) throw expired;
  const { modified } = await blobCall(() => store.setJSON(`used/${challengeId}`, { at: now }, { onlyIfNew: true }));
  if (!modified) throw expired;
  await blobCall(() => store.delete(`open/${challengeId}`));
  return parsed.data.challenge;
}

async function allPasskeys(): Promise<StoredPasskey[]> {
  const store = collectionStore(PASSKEYS);
  const { blobs } = await blobCall(() => store.list());
  const records = await Promise.all(blobs.map((blob) => blobCall(() => store.get(blob.key, { type: 'json' }))));
  return records.flatMap((record) => {
    const parsed = storedPasskeySchema.safeParse(record);
    return parsed.success ? [parsed.data] : [];
  });
}

export async function listPasskeys(): Promise<PasskeySummary[]> {
  return (await allPasskeys())
    .map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt }))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function removePasskey(id: string): Promise<void> {
  const store = collectionStore(PASSKEYS);
  if (!(await blobCall(() => store.get(id, { type: 'json' })))) throw notFound('No such passkey.');
  await blobCall(() => store.delete(id));
}

export async function registrationOptions(req: Request, now: number = Date.now()) {
  const { rpID } = relyingParty(req);
  const existing = await allPasskeys();
  const options = await generateRegistrationOptions({
    rpName: `${business.brand} admin`,
    rpID,
    userName: 'owner',
    userDisplayName: `${business.brand} owner`,
    userID: OWNER_USER_ID,
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({ id: passkey.id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { challengeId: await storeChallenge(options.challenge, 'register', now), options };
}

export async function registerPasskey(
  req: Request,
  input: { challengeId: string; name: string; response: unknown },
  now: number = Date.now(),
): Promise<PasskeySummary> {
  const expectedChallenge = await takeChallenge(input.challengeId, 'register', now);
  const { rpID, origins } = relyingParty(req);
  const verification = await verifyRegistrationResponse({
    response: input.response as RegistrationResponseJSON,
    expectedChallenge,
    expectedOrigin: origins,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch((error: unknown) => {
    throw badRequest(`The passkey could not be checked: ${error instanceof Error ? error.message : 'unknown error'}`, { response: 'Not a valid passkey registration' });
  });
  if (!verification.verified) throw badRequest('The passkey could not be verified.', { response: 'Not verified' });
  const { credential } = verification.registrationInfo;
  const record: StoredPasskey = {
    id: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports,
    name: input.name,
    rpID,
    createdAt: new Date(now).toISOString(),
    lastUsedAt: null,
  };
  const store = collectionStore(PASSKEYS);
  const { modified } = await blobCall(() => store.setJSON(record.id, record, { onlyIfNew: true }));
  if (!modified) throw new HttpError(409, 'This passkey is already added.');
  return { id: record.id, name: record.name, createdAt: record.createdAt, lastUsedAt: null };
}

export async function loginOptions(req: Request, now: number = Date.now()) {
  const { rpID } = relyingParty(req);
  // No list of credentials: the authenticator offers the site's own (discoverable)
  // passkeys, and nobody learns from this answer whether any exist.
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
  return { challengeId: await storeChallenge(options.challenge, 'login', now), options };
}

/** Checks a passkey sign-in; resolves to the passkey used, or throws 400/401. */
export async function verifyPasskeyLogin(req: Request, input: { challengeId: string; response: { id: string } }, now: number = Date.now()): Promise<PasskeySummary> {
  const expectedChallenge = await takeChallenge(input.challengeId, 'login', now);
  const store = collectionStore(PASSKEYS);
  const parsed = storedPasskeySchema.safeParse(await blobCall(() => store.get(input.response.id, { type: 'json' })));
  if (!parsed.success) throw unauthorized('This passkey is not (or no longer) added to the admin.');
  const passkey = parsed.data;
  const { origins } = relyingParty(req);
  const verification = await verifyAuthenticationResponse({
    response: input.response as unknown as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: origins,
    expectedRPID: passkey.rpID,
    credential: { id: passkey.id, publicKey: Buffer.from(passkey.publicKey, 'base64url'), counter: passkey.counter, transports: passkey.transports },
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const, authenticationInfo: null }));
  if (!verification.verified || !verification.authenticationInfo) throw unauthorized('The passkey sign-in could not be verified.');
  const { newCounter } = verification.authenticationInfo;
  const lastUsedAt = new Date(now).toISOString();
  await updateJson(PASSKEYS, passkey.id, (current) => {
    const fresh = storedPasskeySchema.safeParse(current);
    return fresh.success ? { ...fresh.data, counter: Math.max(fresh.data.counter, newCounter), lastUsedAt } : undefined;
  });
  return { id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt };
}
