import { blobCall, collectionStore } from '../storage/blobs';

// Server-side record of every admin session, so signing out ends a session for real:
// a copied cookie stops working the moment its record is gone
// (docs/decisions/0015-admin-sign-in-and-sessions.md).
const SESSIONS = 'admin-sessions';

/**
 * A session starts at a sign-in (password or passkey), so `createdAt` is when the owner
 * last proved who they are: adding a passkey asks that it be recent (session.ts).
 */
export async function recordSession(sessionId: string, expiresAt: number, now: number = Date.now()): Promise<void> {
  const store = collectionStore(SESSIONS);
  await blobCall(() =>
    store.setJSON(
      sessionId,
      { createdAt: new Date(now).toISOString(), expiresAt: new Date(expiresAt).toISOString() },
      { onlyIfNew: true },
    ),
  );
}

/** When the session started (ms), or null when it was ended or never existed. */
export async function sessionStartedAt(sessionId: string): Promise<number | null> {
  const store = collectionStore(SESSIONS);
  const record = (await blobCall(() => store.get(sessionId, { type: 'json' }))) as { createdAt?: unknown } | null;
  if (!record) return null;
  const started = typeof record.createdAt === 'string' ? Date.parse(record.createdAt) : NaN;
  return Number.isNaN(started) ? 0 : started;
}

export async function revokeSession(sessionId: string): Promise<void> {
  const store = collectionStore(SESSIONS);
  await blobCall(() => store.delete(sessionId));
}

/** 'Sign out everywhere': every session record goes, including the caller's. */
export async function revokeAllSessions(): Promise<number> {
  const store = collectionStore(SESSIONS);
  const { blobs } = await blobCall(() => store.list());
  await Promise.all(blobs.map((blob) => blobCall(() => store.delete(blob.key))));
  return blobs.length;
}
