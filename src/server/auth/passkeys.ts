import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import { business } from '../../lib/business';
import { env } from '../env';
import { HttpError, badRequest, notFound, unauthorized } from '../http/errors';
import { blobCall, collectionStore } from '../storage/blobs';
import { updateJson } from '../storage/atomicJson';
import { storeChallenge, takeChallenge } from './passkeyChallenges';
import { tellOwnerPasskeyAdded } from './passkeyNotice';
import type { KeyGeneration } from './session';
import { sessionStartedAt } from './sessionStore';

// The owner's passkeys (WebAuthn): added while freshly signed in, used to sign in without
// the password. Each ceremony's challenge is stored server-side and can be used once
// (passkeyChallenges.ts). A passkey ends as a session does: Sign out everywhere removes
// them all, and one added before today's ADMIN_PASSWORD and SESSION_SECRET came into use
// signs in nobody and is deleted when next met.

const PASSKEYS = 'admin-passkeys';
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
  /** The signing key in use when it was added (keyGeneration.ts's one-way fingerprint). */
  keyFingerprint: z.string().optional(),
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

/**
 * Where a passkey is stored: a hash of its credential id, so the key has one length
 * whatever the id (the id comes from the caller, and the schema's bound is not the
 * storage's).
 */
export function passkeyKey(id: string): string {
  return `c/${createHash('sha256').update(`admin-passkey\0${id}`).digest('base64url')}`;
}

// An older version stored a passkey under its raw credential id; such a record is
// still found (the schema bounds ids to fit a key) and goes when removed.
const keysOf = (id: string) => [passkeyKey(id), id];

/** Added under the signing key in use today, and after it came into use. */
function current(passkey: StoredPasskey, generation: KeyGeneration): boolean {
  const addedAt = Date.parse(passkey.createdAt);
  return addedAt >= generation.since && (passkey.keyFingerprint ?? generation.fingerprint) === generation.fingerprint;
}

async function deleteStored(keys: readonly string[]): Promise<void> {
  const store = collectionStore(PASSKEYS);
  await Promise.all(keys.map((key) => blobCall(() => store.delete(key))));
}

/** Every current passkey with its key; passkeys ended by a change of password or secret are deleted. */
async function allPasskeys(generation: KeyGeneration): Promise<Array<{ key: string; passkey: StoredPasskey }>> {
  const store = collectionStore(PASSKEYS);
  const { blobs } = await blobCall(() => store.list());
  const records = await Promise.all(
    blobs.map(async ({ key }) => ({
      key,
      parsed: storedPasskeySchema.safeParse(await blobCall(() => store.get(key, { type: 'json' }))),
    })),
  );
  const found = records.flatMap(({ key, parsed }) => (parsed.success ? [{ key, passkey: parsed.data }] : []));
  await deleteStored(found.filter(({ passkey }) => !current(passkey, generation)).map(({ key }) => key));
  return found.filter(({ passkey }) => current(passkey, generation));
}

/** The stored passkey with this credential id, or null; one ended by a change of password or secret is deleted. */
async function findPasskey(
  id: string,
  generation: KeyGeneration,
): Promise<{ key: string; passkey: StoredPasskey } | null> {
  const store = collectionStore(PASSKEYS);
  for (const key of keysOf(id)) {
    const parsed = storedPasskeySchema.safeParse(await blobCall(() => store.get(key, { type: 'json' })));
    if (!parsed.success || parsed.data.id !== id) continue;
    if (current(parsed.data, generation)) return { key, passkey: parsed.data };
    await deleteStored([key]);
    return null;
  }
  return null;
}

const summary = ({ id, name, createdAt, lastUsedAt }: StoredPasskey): PasskeySummary => ({
  id,
  name,
  createdAt,
  lastUsedAt,
});

export async function listPasskeys(generation: KeyGeneration): Promise<PasskeySummary[]> {
  return (await allPasskeys(generation))
    .map(({ passkey }) => summary(passkey))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function removePasskey(id: string, generation: KeyGeneration): Promise<void> {
  if (!(await findPasskey(id, generation))) throw notFound('No such passkey.');
  await deleteStored(keysOf(id));
}

/** Sign out everywhere: every passkey goes; how many there were. */
export async function removeAllPasskeys(): Promise<number> {
  const store = collectionStore(PASSKEYS);
  const { blobs } = await blobCall(() => store.list());
  await deleteStored(blobs.map((blob) => blob.key));
  return blobs.length;
}

export async function registrationOptions(req: Request, generation: KeyGeneration, now: number = Date.now()) {
  const { rpID } = relyingParty(req);
  const existing = await allPasskeys(generation);
  const options = await generateRegistrationOptions({
    rpName: `${business.brand} admin`,
    rpID,
    userName: 'owner',
    userDisplayName: `${business.brand} owner`,
    userID: OWNER_USER_ID,
    attestationType: 'none',
    excludeCredentials: existing.map(({ passkey }) => ({ id: passkey.id, transports: passkey.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  return { challengeId: await storeChallenge(options.challenge, 'register', now), options };
}

/** Who is adding the passkey: their session, the key it is signed with, their browser. */
export interface Adder {
  sessionId: string;
  generation: KeyGeneration;
  userAgent: string | null;
}

export async function registerPasskey(
  req: Request,
  input: { challengeId: string; name: string; response: unknown },
  adder: Adder,
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
    throw badRequest(`The passkey could not be checked: ${error instanceof Error ? error.message : 'unknown error'}`, {
      response: 'Not a valid passkey registration',
    });
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
    keyFingerprint: adder.generation.fingerprint,
  };
  const store = collectionStore(PASSKEYS);
  const { modified } = await blobCall(() => store.setJSON(passkeyKey(record.id), record, { onlyIfNew: true }));
  if (!modified) throw new HttpError(409, 'This passkey is already added.');
  // Sign out everywhere ends the sessions before it lists the passkeys: a passkey written
  // after that listing finds its session gone here and goes too.
  if ((await sessionStartedAt(adder.sessionId)) === null) {
    await deleteStored([passkeyKey(record.id)]);
    throw unauthorized();
  }
  try {
    await tellOwnerPasskeyAdded(
      { name: record.name, createdAt: record.createdAt, userAgent: adder.userAgent },
      new Date(now),
    );
  } catch (error) {
    // No passkey the owner is not told about.
    await deleteStored([passkeyKey(record.id)]);
    throw error;
  }
  return summary(record);
}

export async function loginOptions(req: Request, now: number = Date.now()) {
  const { rpID } = relyingParty(req);
  // No list of credentials: the authenticator offers the site's own (discoverable)
  // passkeys, and nobody learns from this answer whether any exist.
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
  return { challengeId: await storeChallenge(options.challenge, 'login', now), options };
}

/** Checks a passkey sign-in; resolves to the passkey used, or throws 400/401. */
export async function verifyPasskeyLogin(
  req: Request,
  input: { challengeId: string; response: { id: string } },
  generation: KeyGeneration,
  now: number = Date.now(),
): Promise<PasskeySummary> {
  const expectedChallenge = await takeChallenge(input.challengeId, 'login', now);
  const found = await findPasskey(input.response.id, generation);
  if (!found) throw unauthorized('This passkey is not (or no longer) added to the admin.');
  const { key, passkey } = found;
  const { origins } = relyingParty(req);
  const verification = await verifyAuthenticationResponse({
    response: input.response as unknown as AuthenticationResponseJSON,
    expectedChallenge,
    expectedOrigin: origins,
    expectedRPID: passkey.rpID,
    credential: {
      id: passkey.id,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(() => ({ verified: false as const, authenticationInfo: null }));
  if (!verification.verified || !verification.authenticationInfo)
    throw unauthorized('The passkey sign-in could not be verified.');
  const { newCounter } = verification.authenticationInfo;
  const lastUsedAt = new Date(now).toISOString();
  await updateJson(PASSKEYS, key, (stored) => {
    const fresh = storedPasskeySchema.safeParse(stored);
    return fresh.success ? { ...fresh.data, counter: Math.max(fresh.data.counter, newCounter), lastUsedAt } : undefined;
  });
  return { ...summary(passkey), lastUsedAt };
}
