import { createHash } from 'node:crypto';
import { z } from 'zod';
import { updateJson } from '../storage/atomicJson';

// A change of ADMIN_PASSWORD or SESSION_SECRET ends every session for good, also when the
// old value comes back: the store remembers which signing key is in use and since when, and
// a session started before that moment is over. Only a one-way fingerprint of the key is
// stored.

const STORE = 'admin-sessions-key';
const KEY = 'current';
const generationSchema = z.object({ fingerprint: z.string(), since: z.number() });

export function keyFingerprint(signingKey: Buffer): string {
  return createHash('sha256').update('session-key-fingerprint\0').update(signingKey).digest('base64url').slice(0, 22);
}

// A process's settings do not change while it runs, so the answer is kept until a
// different key is asked about (a test changing the environment, or a new deploy).
let known: { fingerprint: string; since: number } | null = null;

/** Since when (ms) sessions signed with this key count; records the key when it is new. */
export async function keyInUseSince(fingerprint: string, now: number = Date.now()): Promise<number> {
  if (known?.fingerprint === fingerprint) return known.since;
  const stored = await updateJson(STORE, KEY, (current) => {
    const parsed = generationSchema.safeParse(current);
    if (parsed.success && parsed.data.fingerprint === fingerprint) return undefined;
    return { fingerprint, since: now };
  });
  const generation = generationSchema.parse(stored);
  known = generation;
  return generation.since;
}
