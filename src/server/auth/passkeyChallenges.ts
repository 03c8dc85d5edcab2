import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../http/errors';
import { type AttemptRule, limitPerAddress, pruneEndedWindows } from '../http/rateLimit';
import { blobCall, collectionStore } from '../storage/blobs';
import { eachUntil } from '../storage/eachUntil';

// Each passkey ceremony's challenge, kept on the server until it is used once or expires.
// Asking for one needs no sign-in, so nobody may leave them behind without bound: each
// client address may ask for a few per window (the site's own count,
// src/server/http/rateLimit.ts), and the minute job deletes expired ones. A challenge
// id starts with the time it was issued (6 bytes of milliseconds, then 12 random bytes),
// so the minute job tells an expired challenge from its key alone, without reading it.

export const CHALLENGES = 'admin-webauthn-challenges';
const OPTION_LIMITS = 'admin-passkey-login-limits';
export const CHALLENGE_MS = 5 * 60_000;
// A used marker stays this long after its challenge was issued, so a use that read the
// challenge just before it expired still finds the marker of the use that won.
const USED_MARKER_MS = 2 * CHALLENGE_MS;
/**
 * Passkey sign-in ceremonies one client address (IPv6 per /64) may start per window:
 * the owner needs a handful; a caller writing challenges in a loop is stopped at once.
 */
export const SIGN_IN_OPTIONS_PER_ADDRESS: AttemptRule = { limit: 20, windowMs: 15 * 60_000 };

export type ChallengePurpose = 'register' | 'login';
const challengeSchema = z.object({
  challenge: z.string(),
  purpose: z.enum(['register', 'login']),
  expiresAt: z.number(),
});

export function newChallengeId(now: number): string {
  const issued = Buffer.alloc(6);
  issued.writeUIntBE(Math.max(0, Math.min(now, 2 ** 48 - 1)), 0, 6);
  return Buffer.concat([issued, randomBytes(12)]).toString('base64url');
}

/** When a challenge id was issued (ms), read from the id itself; null for an id of another shape. */
export function challengeIssuedAt(challengeId: string): number | null {
  const bytes = Buffer.from(challengeId, 'base64url');
  return bytes.length === 18 ? bytes.readUIntBE(0, 6) : null;
}

/** One passkey sign-in ceremony for this address, or 429 with Retry-After. */
export async function limitSignInOptions(ip: string | null | undefined, now: number = Date.now()): Promise<void> {
  await limitPerAddress(
    OPTION_LIMITS,
    ip,
    SIGN_IN_OPTIONS_PER_ADDRESS,
    (minutes) => `Too many passkey sign-ins were started from this address. Try again in ${minutes} minutes.`,
    now,
  );
}

export async function storeChallenge(challenge: string, purpose: ChallengePurpose, now: number): Promise<string> {
  const challengeId = newChallengeId(now);
  const store = collectionStore(CHALLENGES);
  await blobCall(() =>
    store.setJSON(`open/${challengeId}`, { challenge, purpose, expiresAt: now + CHALLENGE_MS }, { onlyIfNew: true }),
  );
  return challengeId;
}

/**
 * The challenge, once: the `used/` marker is written create-only before anything is
 * checked against it, so of two uses racing on any instances exactly one gets past; the
 * other (and every later one) gets 400.
 */
export async function takeChallenge(challengeId: string, purpose: ChallengePurpose, now: number): Promise<string> {
  const store = collectionStore(CHALLENGES);
  const parsed = challengeSchema.safeParse(await blobCall(() => store.get(`open/${challengeId}`, { type: 'json' })));
  const expired = badRequest('This passkey request has expired or was already used. Try again.', {
    challengeId: 'Expired or already used',
  });
  if (!parsed.success || parsed.data.purpose !== purpose || parsed.data.expiresAt < now) throw expired;
  const { modified } = await blobCall(() => store.setJSON(`used/${challengeId}`, { at: now }, { onlyIfNew: true }));
  if (!modified) throw expired;
  await blobCall(() => store.delete(`open/${challengeId}`));
  return parsed.data.challenge;
}

/** When the challenge behind this key was issued; for a key from before ids carried their time, read from the blob. */
async function issuedAt(key: string, now: number): Promise<number | null> {
  const fromId = challengeIssuedAt(key.slice(key.indexOf('/') + 1));
  if (fromId !== null && fromId <= now + CHALLENGE_MS) return fromId;
  const store = collectionStore(CHALLENGES);
  const value = (await blobCall(() => store.get(key, { type: 'json' }))) as {
    expiresAt?: unknown;
    at?: unknown;
  } | null;
  if (typeof value?.expiresAt === 'number') return value.expiresAt - CHALLENGE_MS;
  if (typeof value?.at === 'number') return value.at;
  return null;
}

/**
 * The minute job's stage: deletes challenges that expired unused, used markers once no
 * use can still be racing for them, and the rate limit's ended windows.
 */
export async function pruneChallenges(now: number, deadline: number): Promise<{ removed: number; left: number }> {
  const store = collectionStore(CHALLENGES);
  const { blobs } = await blobCall(() => store.list());
  const keys = blobs.map((blob) => blob.key).filter((key) => key.startsWith('open/') || key.startsWith('used/'));
  let removed = 0;
  const examined = await eachUntil(keys, 8, deadline, async (key) => {
    const issued = await issuedAt(key, now);
    const keepFor = key.startsWith('open/') ? CHALLENGE_MS : USED_MARKER_MS;
    if (issued !== null && now - issued <= keepFor) return;
    await blobCall(() => store.delete(key));
    removed += 1;
  });
  if (Date.now() < deadline) await pruneEndedWindows(OPTION_LIMITS, SIGN_IN_OPTIONS_PER_ADDRESS.windowMs, now);
  return { removed, left: keys.length - examined };
}
