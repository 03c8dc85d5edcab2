import { z } from 'zod';
import {
  notificationChannels,
  notificationKinds,
  notificationStatuses,
  type NotificationItem,
} from '../../lib/schemas/notifications';
import { readForUpdate } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';
import { keysMentioning } from '../storage/mentions';
import { type Lease, type LeaseRefusal, settleLease, takeLease } from '../queue/lease';
import { whatsappMessageSchema } from './whatsappMessage';
import { RETRY_WINDOW_MS } from './backoff';

// The notification outbox (docs/notifications.md) in its own Blobs store. One entry per (lead, kind,
// channel) under `entries/{id}`, created with onlyIfNew: announcing the same lead twice
// (verify and webhook both confirming a payment) stores one entry. The entry ids start
// with the lead's newest-first id, so a listing of `entries/` is newest first and tells
// each entry's age without reading it. Small markers name the entries that need
// attention, so nothing reads every entry ever sent: `due/{id}` while an entry may still
// need sending (written with the entry, removed once it is final), `failed/{id}` once it
// failed for good and `held/{id}` once the visitor mail cap kept it back (both removed by
// a resend). A marker whose entry never appeared is cleared
// by the sweep; an entry whose marker never appeared is written again by its lead's
// follow-up event, which is not finished before both exist. Sending is the durable queue's
// protocol (docs/queue.md): an entry is claimed (pending -> sending) before it is sent, and
// its result written over the claim.

export const OUTBOX_STORE = 'notification-outbox';
const ENTRY_PREFIX = 'entries/';
const DUE_PREFIX = 'due/';
const FAILED_PREFIX = 'failed/';
const HELD_PREFIX = 'held/';

/** A calendar invite sent as the mail's text/calendar part (nodemailer's icalEvent). */
export const icalEventSchema = z.object({
  method: z.enum(['REQUEST', 'CANCEL', 'PUBLISH']),
  filename: z.string(),
  content: z.string(),
});
export type IcalEvent = z.infer<typeof icalEventSchema>;
const mailSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  icalEvent: icalEventSchema.optional(),
});
/** A mail's words as src/server/messages writes them; a call's mail adds its invite (`icalEvent`). */
export type MailContent = Omit<z.infer<typeof mailSchema>, 'icalEvent'>;
/**
 * A file a mail carries, by reference: the entry holds what to attach, the bytes are made when
 * it is sent (an invoice PDF is drawn from its frozen record, so it is the same on every try).
 */
export const attachmentRefSchema = z.object({ kind: z.literal('invoice-pdf'), documentId: z.string() });
export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

export const outboxEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(notificationKinds),
  leadId: z.string(),
  channel: z.enum(notificationChannels),
  subject: z.string(),
  /** The visitor's address (visitor-email); the owner's come from the settings at send time. */
  to: z.string().nullable(),
  /** The appointment a call message is about (its per-appointment count); absent on older entries. */
  appointmentId: z.string().optional(),
  /** The client a session message is about: the owner's mails about one client are counted per day. */
  clientId: z.string().optional(),
  mail: mailSchema.nullable(),
  /** Files to attach to the mail (absent on older entries and on most mail). */
  attachments: z.array(attachmentRefSchema).optional(),
  webhook: z.record(z.string(), z.unknown()).nullable(),
  /** A WhatsApp template or free-form reply (channels whatsapp and owner-whatsapp; `to` is the visitor's '91XXXXXXXXXX', the owner's comes from the settings). */
  whatsapp: whatsappMessageSchema.nullish(),
  status: z.enum(notificationStatuses),
  attempts: z.number().int().min(0),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
  retryUntil: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxEntry = z.infer<typeof outboxEntrySchema>;

export function entryId(leadId: string, kind: OutboxEntry['kind'], channel: OutboxEntry['channel']): string {
  return `${leadId}.${kind}.${channel}`;
}

/** What a message is; the rest of a new entry (id, due now, retry window) follows from it. */
export type NewMessage = Pick<
  OutboxEntry,
  | 'kind'
  | 'leadId'
  | 'channel'
  | 'subject'
  | 'to'
  | 'mail'
  | 'webhook'
  | 'appointmentId'
  | 'clientId'
  | 'attachments'
  | 'whatsapp'
>;

/** A new entry, due at once, retried for the one retry window every message has (pure). */
export function newEntry(message: NewMessage, now: Date): OutboxEntry {
  return {
    ...message,
    id: entryId(message.leadId, message.kind, message.channel),
    status: 'pending',
    attempts: 0,
    lastError: null,
    nextAttemptAt: now.toISOString(),
    claimedAt: null,
    retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS).toISOString(),
    createdAt: now.toISOString(),
    sentAt: null,
  };
}

/**
 * The owner's entries of one event (pure): the mail, and the webhook post when a webhook is set
 * (`webhook` null otherwise), both under the mail's subject.
 */
export function ownerEntries(
  { kind, leadId, mail }: Pick<NewMessage, 'kind' | 'leadId'> & { mail: MailContent },
  webhook: Record<string, unknown> | null,
  now: Date,
): OutboxEntry[] {
  const entries = [
    newEntry({ kind, leadId, channel: 'email', subject: mail.subject, to: null, mail, webhook: null }, now),
  ];
  if (webhook)
    entries.push(
      newEntry(
        { kind, leadId, channel: 'webhook', subject: mail.subject, to: null, mail: null, webhook: { ...webhook } },
        now,
      ),
    );
  return entries;
}

const entryKey = (id: string) => `${ENTRY_PREFIX}${id}`;
const dueKey = (id: string) => `${DUE_PREFIX}${id}`;
const failedKey = (id: string) => `${FAILED_PREFIX}${id}`;
const heldKey = (id: string) => `${HELD_PREFIX}${id}`;
const store = () => collectionStore(OUTBOX_STORE);

/**
 * Stores the entries and their due markers, all at once (each onlyIfNew); returns the ids
 * of the entries that did not exist yet. A marker written again for an entry that was
 * already final is cleared by the next delivery attempt.
 */
export async function enqueue(entries: OutboxEntry[]): Promise<string[]> {
  const outbox = store();
  const written = await Promise.all(
    entries.map(async (entry) => {
      const value = outboxEntrySchema.parse(entry);
      const [, { modified }] = await Promise.all([
        blobCall(() => outbox.setJSON(dueKey(value.id), { createdAt: value.createdAt }, { onlyIfNew: true })),
        blobCall(() => outbox.setJSON(entryKey(value.id), value, { onlyIfNew: true })),
      ]);
      return modified ? value.id : null;
    }),
  );
  return written.filter((id): id is string => id !== null);
}

export interface VersionedEntry {
  entry: OutboxEntry;
  etag: string;
}

export async function readEntry(id: string): Promise<VersionedEntry | null> {
  const found = await readForUpdate(store(), entryKey(id));
  return found ? { entry: outboxEntrySchema.parse(found.data), etag: found.etag } : null;
}

/** Replaces the entry only if nobody wrote it since `etag` was read; the new ETag, or null when refused. */
export async function replaceEntry(entry: OutboxEntry, etag: string): Promise<string | null> {
  const outbox = store();
  const result = await blobCall(() =>
    outbox.setJSON(entryKey(entry.id), outboxEntrySchema.parse(entry), { onlyIfMatch: etag }),
  );
  return result.modified ? (result.etag ?? '') : null;
}

/**
 * Claims the entry as read (`found`) for one attempt: status 'sending', the attempt counted.
 * `claimable` says whether it may be claimed now.
 */
export function claimEntry(
  found: VersionedEntry,
  now: Date,
  claimable: (entry: OutboxEntry, now: Date) => boolean,
): Promise<Lease<OutboxEntry> | LeaseRefusal> {
  return takeLease({
    store: store(),
    key: entryKey(found.entry.id),
    parse: (value) => outboxEntrySchema.parse(value),
    claimable,
    claim: (entry, at) => ({ ...entry, status: 'sending', claimedAt: at.toISOString(), attempts: entry.attempts + 1 }),
    now,
    known: { value: found.entry, etag: found.etag },
  });
}

/** Writes an attempt's result over its claim; false when the claim was taken over meanwhile. */
export async function settleEntry(lease: Lease<OutboxEntry>, next: OutboxEntry): Promise<boolean> {
  return (await settleLease(store(), lease, outboxEntrySchema.parse(next))) !== null;
}

export async function markDue(id: string, now: Date): Promise<void> {
  const outbox = store();
  await blobCall(() => outbox.setJSON(dueKey(id), { createdAt: now.toISOString() }, { onlyIfNew: true }));
}

export async function dropDueMarker(id: string): Promise<void> {
  const outbox = store();
  await blobCall(() => outbox.delete(dueKey(id)));
}

export async function markFailed(id: string): Promise<void> {
  const outbox = store();
  await blobCall(() => outbox.setJSON(failedKey(id), { id }, { onlyIfNew: true }));
}

export async function dropFailedMarker(id: string): Promise<void> {
  const outbox = store();
  await blobCall(() => outbox.delete(failedKey(id)));
}

export async function markHeld(id: string): Promise<void> {
  const outbox = store();
  await blobCall(() => outbox.setJSON(heldKey(id), { id }, { onlyIfNew: true }));
}

export async function dropHeldMarker(id: string): Promise<void> {
  const outbox = store();
  await blobCall(() => outbox.delete(heldKey(id)));
}

async function idsUnder(prefix: string): Promise<string[]> {
  const outbox = store();
  const { blobs } = await blobCall(() => outbox.list({ prefix }));
  return blobs.map((blob) => blob.key.slice(prefix.length)).sort();
}

/** Ids with a due marker: everything not yet sent or failed (plus stale markers), newest lead first. */
export const dueIds = () => idsUnder(DUE_PREFIX);
/** Ids with a failed marker: failed for good and not resent. */
export const failedIds = () => idsUnder(FAILED_PREFIX);
/** Ids with a held marker: kept back by the visitor mail cap and not resent. */
export const heldIds = () => idsUnder(HELD_PREFIX);
/** Every entry id, newest lead first (keys only: nothing is read). */
export const entryIds = () => idsUnder(ENTRY_PREFIX);

export async function dueMarkerTime(id: string): Promise<Date | null> {
  const outbox = store();
  const value = (await blobCall(() => outbox.get(dueKey(id), { type: 'json' }))) as { createdAt?: string } | null;
  return value?.createdAt ? new Date(value.createdAt) : null;
}

/** Every message about one lead, call version or payment request (entry ids start with it: entryId). */
export async function entriesAbout(leadId: string): Promise<OutboxEntry[]> {
  const { blobs } = await blobCall(() => store().list({ prefix: `${ENTRY_PREFIX}${leadId}.` }));
  return entriesWithIds(blobs.map((blob) => blob.key.slice(ENTRY_PREFIX.length)));
}

/** The entries with these ids that exist, in the order given. */
export async function entriesWithIds(ids: readonly string[]): Promise<OutboxEntry[]> {
  const outbox = store();
  const entries: OutboxEntry[] = [];
  for (let start = 0; start < ids.length; start += 50) {
    const values = await Promise.all(
      ids.slice(start, start + 50).map((id) => blobCall(() => outbox.get(entryKey(id), { type: 'json' }))),
    );
    for (const value of values) {
      const parsed = outboxEntrySchema.safeParse(value);
      if (parsed.success) entries.push(parsed.data);
    }
  }
  return entries;
}

export function toItem(entry: OutboxEntry): NotificationItem {
  return {
    id: entry.id,
    kind: entry.kind,
    leadId: entry.leadId,
    subject: entry.subject,
    channel: entry.channel,
    attempts: entry.attempts,
    lastError: entry.lastError,
    nextAttemptAt: entry.status === 'pending' ? entry.nextAttemptAt : null,
    status: entry.status,
    createdAt: entry.createdAt,
  };
}

export async function deleteEntry(id: string): Promise<void> {
  const outbox = store();
  await Promise.all([entryKey(id), failedKey(id), heldKey(id)].map((key) => blobCall(() => outbox.delete(key))));
}

/**
 * Drops every message, sent or not, that mentions a person (their erasure, docs/privacy.md):
 * the entry with its markers. A message being sent right now finds its claim gone and
 * writes nothing back.
 */
export async function forgetEntriesMentioning(mentions: (text: string) => boolean): Promise<number> {
  const keys = await keysMentioning(OUTBOX_STORE, [ENTRY_PREFIX], mentions);
  const ids = keys.map((key) => key.slice(ENTRY_PREFIX.length));
  await Promise.all(ids.map(async (id) => Promise.all([deleteEntry(id), dropDueMarker(id)])));
  return ids.length;
}

/** Drops the entries with these ids (sent or not) with their markers. Returns how many there were. */
export async function forgetEntries(ids: readonly string[]): Promise<number> {
  const found = await Promise.all(ids.map((id) => readEntry(id)));
  const there = ids.filter((_, index) => found[index] !== null);
  await Promise.all(there.map((id) => Promise.all([deleteEntry(id), dropDueMarker(id)])));
  return there.length;
}
