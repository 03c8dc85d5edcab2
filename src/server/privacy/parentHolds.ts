import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PARENT_CONSENT_WORDS, PARENT_WAIT_DAYS } from '../../lib/privacy/minor';
import { afterResponse } from '../http/afterResponse';
import { notFound } from '../http/errors';
import { bookings, downloads } from '../leads';
import { parentConsentMail, parentConsentWhatsApp } from '../messages';
import { deliver, enqueue, entryId, forgetEntries, newEntry, siteAddress } from '../notifications';
import { readForUpdate } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';
import { keysMentioning } from '../storage/mentions';
import { newestFirstKey, timeFromKey } from '../storage/keys';
import { logErasure } from './erasureLog';

// A student's request held for a parent (docs/privacy.md, "Students and parents";
// docs/decisions/0041-minors-need-a-parent.md). Where the form said the student is under 18, the
// request is not stored as a lead: it waits here, under `holds/{id}`, with the parent's contact
// as its contact (the child's own number and mailbox were never asked for). The parent gets a
// one-time link (mail, or WhatsApp when ticked); only their confirmation (parent, adult, agrees)
// stores the lead, which is then announced, counted and followed up like any other, every
// message going to the parent. A hold nobody confirmed is erased after PARENT_WAIT_DAYS.

const HOLDS_STORE = 'parent-holds';
const PREFIX = 'holds/';
const WAIT_MS = PARENT_WAIT_DAYS * 24 * 60 * 60_000;
/** A hold younger than this may still have its link on the way from its own request. */
const GRACE_MS = 60_000;
/** A hold this young may still lack its link or its confirmation's lead: looked at every minute. */
const RECENT_MS = 10 * 60_000;

export const holdKinds = ['booking', 'download'] as const;
export type HoldKind = (typeof holdKinds)[number];

const holdSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  kind: z.enum(holdKinds),
  /** The lead as it will be stored: the parent's phone and e-mail as its contact. */
  record: z.record(z.string(), z.unknown()),
  student: z.string(),
  /** What was asked for, in our words (the package, the free call, the resource). */
  what: z.string(),
  parent: z.object({
    name: z.string(),
    phone: z.string(),
    email: z.string().nullable(),
    whatsapp: z.boolean(),
  }),
  tokenHash: z.string().nullable(),
  linkSentAt: z.string().nullable(),
  /** The parent's confirmation, written before the lead is stored (so a crash in between is finished, not lost). */
  parentConsent: z.object({ parentName: z.string(), confirmedAt: z.string(), words: z.string() }).nullable(),
});
export type ParentHold = z.infer<typeof holdSchema>;

const store = () => collectionStore(HOLDS_STORE);
const keyOf = (id: string) => `${PREFIX}${id}`;
const hashOf = (token: string) => createHash('sha256').update(token).digest();

export async function readHold(id: string): Promise<ParentHold | null> {
  const parsed = holdSchema.safeParse(await blobCall(() => store().get(keyOf(id), { type: 'json' })));
  return parsed.success ? parsed.data : null;
}

/** The hold a parent's link opens; 404 for a wrong token exactly as for an unknown or erased hold. */
export async function holdOfLink(id: string, token: string, now: Date = new Date()): Promise<ParentHold> {
  const hold = await readHold(id);
  const expected = hold?.tokenHash ? Buffer.from(hold.tokenHash, 'hex') : null;
  const given = hashOf(token);
  const opens =
    hold &&
    expected &&
    expected.length === given.length &&
    timingSafeEqual(expected, given) &&
    now.getTime() - Date.parse(hold.createdAt) < WAIT_MS;
  if (!opens) throw notFound('This link is not valid any more. The request may have been confirmed or expired.');
  return hold;
}

/** Holds a child's request for its parent; the link goes after the answer. Returns the hold's id. */
export async function holdForParent(
  given: Pick<ParentHold, 'kind' | 'record' | 'student' | 'what' | 'parent'>,
  now: Date = new Date(),
): Promise<string> {
  const hold: ParentHold = {
    ...given,
    id: newestFirstKey(now.getTime()),
    createdAt: now.toISOString(),
    tokenHash: null,
    linkSentAt: null,
    parentConsent: null,
  };
  await blobCall(() => store().setJSON(keyOf(hold.id), holdSchema.parse(hold), { onlyIfNew: true }));
  await afterResponse(`parent link ${hold.id}`, () => sendParentLink(hold.id, new Date()));
  return hold.id;
}

/**
 * Sends the parent their link once: a fresh token's hash is written over the hold's ETag before
 * anything is sent, so two senders cannot both send (the minute job sends one a dying request left).
 */
export async function sendParentLink(id: string, now: Date): Promise<boolean> {
  const found = await readForUpdate(store(), keyOf(id));
  if (!found) return false;
  const hold = holdSchema.parse(found.data);
  if (hold.linkSentAt) return false;
  const token = randomBytes(24).toString('base64url');
  const next: ParentHold = { ...hold, tokenHash: hashOf(token).toString('hex'), linkSentAt: now.toISOString() };
  const { modified } = await blobCall(() => store().setJSON(keyOf(id), next, { onlyIfMatch: found.etag }));
  if (!modified) return false;
  const site = siteAddress();
  const link = `${site}/privacy/parent/${id}?token=${token}`;
  const until = new Date(Date.parse(hold.createdAt) + WAIT_MS).toISOString();
  const facts = { parentName: hold.parent.name, student: hold.student, what: hold.what, link, until };
  const base = { kind: 'parent-consent' as const, leadId: id, webhook: null };
  const entry = hold.parent.email
    ? (() => {
        const mail = parentConsentMail(facts);
        return newEntry({ ...base, channel: 'visitor-email', subject: mail.subject, to: hold.parent.email, mail }, now);
      })()
    : newEntry(
        {
          ...base,
          channel: 'whatsapp',
          subject: "WhatsApp: a parent's confirmation",
          to: `91${hold.parent.phone.replace(/\D/g, '').slice(-10)}`,
          mail: null,
          whatsapp: parentConsentWhatsApp(facts, site),
        },
        now,
      );
  await enqueue([entry]);
  await deliver(entry.id);
  return true;
}

/**
 * The parent confirmed: their confirmation is written on the hold over its ETag (a second tap
 * finds it there), then the lead is stored under the hold's own id, so doing it again stores
 * nothing twice, and is announced, counted and followed up like any other; then the hold goes.
 */
export async function confirmHold(hold: ParentHold, now: Date = new Date()): Promise<{ kind: HoldKind; id: string }> {
  const found = await readForUpdate(store(), keyOf(hold.id));
  if (!found) throw notFound('This request was confirmed already.');
  const current = holdSchema.parse(found.data);
  if (!current.parentConsent) {
    const parentConsent = {
      parentName: current.parent.name,
      confirmedAt: now.toISOString(),
      words: PARENT_CONSENT_WORDS,
    };
    const { modified } = await blobCall(() =>
      store().setJSON(keyOf(hold.id), { ...current, parentConsent }, { onlyIfMatch: found.etag }),
    );
    if (!modified) return confirmHold(hold, now);
    current.parentConsent = parentConsent;
  }
  return finishConfirmed(current);
}

async function finishConfirmed(hold: ParentHold): Promise<{ kind: HoldKind; id: string }> {
  const collection = hold.kind === 'booking' ? bookings : downloads;
  const insert = collection.insert as (id: string, data: unknown, at: Date) => Promise<unknown>;
  await insert(hold.id, { ...hold.record, parentConsent: hold.parentConsent }, new Date(hold.createdAt));
  await blobCall(() => store().delete(keyOf(hold.id)));
  return { kind: hold.kind, id: hold.id };
}

export interface HoldWork {
  linksSent: number;
  expired: number;
}

/** The minute job's part: links a dying request did not send, and holds nobody confirmed in time, erased. */
export async function holdsWork(
  now: Date,
  deadline: number,
  { hourly = true }: { hourly?: boolean } = {},
): Promise<HoldWork> {
  const work: HoldWork = { linksSent: 0, expired: 0 };
  const { blobs } = await blobCall(() => store().list({ prefix: PREFIX }));
  for (const { key } of blobs) {
    if (Date.now() >= deadline) break;
    const id = key.slice(PREFIX.length);
    const age = now.getTime() - (timeFromKey(id) ?? now.getTime());
    // Each minute only the holds a request may have just left unfinished are read (the key says
    // their age); the older ones once an hour, to finish a confirmation cut short or let them go.
    if (age < GRACE_MS || (!hourly && age >= RECENT_MS)) continue;
    const hold = await readHold(id);
    if (hold?.parentConsent) await finishConfirmed(hold);
    else if (age >= WAIT_MS) {
      await eraseHold(id, now);
      work.expired += 1;
    } else if (hold && !hold.linkSentAt && (await sendParentLink(id, now))) work.linksSent += 1;
  }
  return work;
}

async function eraseHold(id: string, now: Date): Promise<void> {
  // The hold's only messages are its parent's link, named by the hold's id.
  const messages = await forgetEntries([
    entryId(id, 'parent-consent', 'visitor-email'),
    entryId(id, 'parent-consent', 'whatsapp'),
  ]);
  await blobCall(() => store().delete(keyOf(id)));
  await logErasure({
    at: now.toISOString(),
    reason: 'parent-unconfirmed',
    erased: { 'parent-holds': 1, ...(messages ? { 'notification-outbox': messages } : {}) },
    kept: {},
    requestId: null,
  });
}

/** Drops every hold that mentions a person (their erasure). */
export async function forgetHoldsMentioning(mentions: (text: string) => boolean): Promise<number> {
  const keys = await keysMentioning(HOLDS_STORE, [PREFIX], mentions);
  await Promise.all(keys.map((key) => blobCall(() => store().delete(key))));
  return keys.length;
}
