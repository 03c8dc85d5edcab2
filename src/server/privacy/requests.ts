import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { readForUpdate } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';
import { newestFirstKey, timeFromKey } from '../storage/keys';

// Requests about a person's data (docs/privacy.md, "Rights"): one record per request in the
// `privacy-requests` store, under `requests/{id}`. The request holds the mailbox or number it
// was made for until the work is done, and a hash of the one-time link's token, never the
// token itself. Each is answered within 90 days (the Act's outer limit); the owner's admin
// lists the open ones with that deadline.

export const REQUESTS_STORE = 'privacy-requests';
const PREFIX = 'requests/';
export const LINK_VALID_MS = 24 * 60 * 60_000;
export const ANSWER_WITHIN_DAYS = 90;

export const requestStatuses = [
  // Stored; the link not yet sent (the follow-up after the answer, or the minute job, sends it).
  'received',
  // The link went to the mailbox or the WhatsApp number.
  'link-sent',
  // A number with neither a mailbox nor WhatsApp consent: the owner verifies by phone.
  'owner-to-verify',
  // Nothing of this person is stored: nothing sent, nothing to do.
  'nothing-stored',
  // Erasure asked for; the minute job finishes one cut short.
  'erasing',
  'erased',
] as const;
export type RequestStatus = (typeof requestStatuses)[number];

export const privacyRequestRecordSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** Who asked: the owner erasing for someone, or the person through the site. */
  by: z.enum(['person', 'owner']),
  /** What was given; cleared once the request is done, so the request outlives no one. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** What the link proves once sent: the one channel it went to. */
  verified: z.object({ by: z.enum(['email', 'phone']), value: z.string() }).nullable(),
  tokenHash: z.string().nullable(),
  linkExpiresAt: z.string().nullable(),
  status: z.enum(requestStatuses),
  erasureRequestedAt: z.string().nullable(),
  /** When a run took up the erasure (the claim that keeps a second run away). */
  erasureClaimedAt: z.string().nullable().default(null),
  doneAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type PrivacyRequestRecord = z.infer<typeof privacyRequestRecordSchema>;

const store = () => collectionStore(REQUESTS_STORE);
const keyOf = (id: string) => `${PREFIX}${id}`;
// A marker per request the minute job still has work on (answer, erase, forget an expired
// link), so it lists the few open ones, never every request of the year.
const OPEN_PREFIX = 'open/';

/** Whether the minute job has anything left to do for a request (pure). */
export const jobHasWork = (request: PrivacyRequestRecord): boolean =>
  request.status === 'received' ||
  request.status === 'erasing' ||
  (request.status === 'link-sent' && request.verified !== null);

const hashOf = (token: string) => createHash('sha256').update(token).digest();

/** A fresh one-time token and the hash stored in its place. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomBytes(24).toString('base64url');
  return { token, tokenHash: hashOf(token).toString('hex') };
}

/** Whether a token opens the request: its hash matches (constant time) and the link has not expired. */
export function tokenOpens(request: PrivacyRequestRecord, token: string, now: Date): boolean {
  if (!request.tokenHash || !request.linkExpiresAt || request.status === 'erased') return false;
  if (Date.parse(request.linkExpiresAt) <= now.getTime()) return false;
  const expected = Buffer.from(request.tokenHash, 'hex');
  const given = hashOf(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export async function storeRequest(
  given: { email: string | null; phone: string | null; by: PrivacyRequestRecord['by'] },
  now: Date,
): Promise<PrivacyRequestRecord> {
  const record: PrivacyRequestRecord = {
    id: newestFirstKey(now.getTime()),
    createdAt: now.toISOString(),
    by: given.by,
    email: given.email,
    phone: given.phone,
    verified: null,
    tokenHash: null,
    linkExpiresAt: null,
    status: 'received',
    erasureRequestedAt: null,
    erasureClaimedAt: null,
    doneAt: null,
    updatedAt: now.toISOString(),
  };
  await Promise.all([
    blobCall(() => store().set(`${OPEN_PREFIX}${record.id}`, '')),
    blobCall(() => store().setJSON(keyOf(record.id), record, { onlyIfNew: true })),
  ]);
  return record;
}

export async function readRequest(id: string): Promise<PrivacyRequestRecord | null> {
  const value = await blobCall(() => store().get(keyOf(id), { type: 'json' }));
  const parsed = privacyRequestRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/**
 * Changes a request over its ETag, re-reading on a conflict; `change` returns null to leave
 * it as it is. Returns the request as stored after, or null when there is none.
 */
export async function updateRequest(
  id: string,
  change: (current: PrivacyRequestRecord) => PrivacyRequestRecord | null,
): Promise<PrivacyRequestRecord | null> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const found = await readForUpdate(store(), keyOf(id));
    if (!found) return null;
    const current = privacyRequestRecordSchema.parse(found.data);
    const next = change(current);
    if (!next) return current;
    const { modified } = await blobCall(() =>
      store().setJSON(keyOf(id), { ...next, updatedAt: new Date().toISOString() }, { onlyIfMatch: found.etag }),
    );
    if (modified) {
      if (!jobHasWork(next)) await blobCall(() => store().delete(`${OPEN_PREFIX}${id}`));
      return next;
    }
  }
  throw new Error(`privacy request ${id} kept changing under us`);
}

/** Every request, newest first (a handful a month: one listing and a read each). */
export async function allRequests(): Promise<PrivacyRequestRecord[]> {
  const { blobs } = await blobCall(() => store().list({ prefix: PREFIX }));
  const found = await Promise.all(blobs.map(({ key }) => readRequest(key.slice(PREFIX.length))));
  return found
    .filter((request): request is PrivacyRequestRecord => request !== null)
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** The requests the minute job still has work on, oldest first. */
export async function requestsWithWork(): Promise<PrivacyRequestRecord[]> {
  const { blobs } = await blobCall(() => store().list({ prefix: OPEN_PREFIX }));
  const found = await Promise.all(
    blobs.map(async ({ key }) => {
      const id = key.slice(OPEN_PREFIX.length);
      const request = await readRequest(id);
      // A marker whose request was never written (its write failed) is dropped once it is a minute old.
      if (!request && Date.now() - (timeFromKey(id) ?? 0) > 60_000) await blobCall(() => store().delete(key));
      return request && jobHasWork(request) ? request : null;
    }),
  );
  return found.filter((request): request is PrivacyRequestRecord => request !== null).reverse();
}

/** The day by which a request must be answered. */
export const answerBy = (request: Pick<PrivacyRequestRecord, 'createdAt'>): string =>
  new Date(Date.parse(request.createdAt) + ANSWER_WITHIN_DAYS * 24 * 60 * 60_000).toISOString();
