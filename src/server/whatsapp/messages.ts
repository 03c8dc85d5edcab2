import { createHash } from 'node:crypto';
import { z } from 'zod';
import { updateJson } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';
import { keysMentioning } from '../storage/mentions';

// Every WhatsApp message the site sent, by Meta's message id (wamid), with its last
// status from the webhook (docs/whatsapp.md, "The webhook"). Blobs store `whatsapp-messages`:
// `wamid/{sha256 of the wamid}` holds the message; small index keys find it again from
// its outbox entry (`entry/{entry id}`: the admin's Notifications panel shows the entry's
// last status) and its appointment (`appointment/{appointment id}/{sha256 of the wamid}`: the key names the
// message, so a listing finds a call's messages without reading the index keys). The
// wamid is hashed: Meta's ids are long base64 and may hold characters a key should not.
//
// Statuses only move forward (accepted < sent < delivered < read); `failed` replaces
// accepted or sent only, since a delivered message cannot fail after all. Webhooks come
// more than once and out of order, and one may come before the send was recorded: a
// status for an unknown wamid is kept and the send merges into it.

export const WHATSAPP_MESSAGES_STORE = 'whatsapp-messages';

export const messageStatuses = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export type WebhookStatus = Exclude<MessageStatus, 'accepted'>;

const RANK: Record<MessageStatus, number> = { accepted: 0, sent: 1, delivered: 2, read: 3, failed: 1.5 };

export const sentMessageSchema = z.object({
  wamid: z.string(),
  /** '91XXXXXXXXXX'; null while only a status is known. */
  to: z.string().nullable(),
  /** The template's name as sent, or 'text' for a free-form reply. */
  template: z.string().nullable(),
  /** What it was for: the notification kind (e.g. appointment-reminder-day, whatsapp-reply), or 'reply' on a reply sent before replies went through the outbox. */
  purpose: z.string().nullable(),
  appointmentId: z.string().nullable(),
  leadId: z.string().nullable(),
  outboxEntryId: z.string().nullable(),
  sentAt: z.string().nullable(),
  status: z.enum(messageStatuses),
  statusAt: z.string(),
  /** Meta's error code of a failed message. */
  errorCode: z.number().int().nullable(),
});
export type SentMessage = z.infer<typeof sentMessageSchema>;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const messageKeyOfHash = (hash: string) => `wamid/${hash}`;
const messageKey = (wamid: string) => messageKeyOfHash(sha256(wamid));
const entryKey = (entryId: string) => `entry/${entryId}`;
const APPOINTMENT_PREFIX = 'appointment/';
const appointmentKeyOfHash = (appointmentId: string, hash: string) => `${APPOINTMENT_PREFIX}${appointmentId}/${hash}`;
const appointmentKey = (appointmentId: string, wamid: string) => appointmentKeyOfHash(appointmentId, sha256(wamid));
// One marker per message under the UTC day it was sent, so old history is found without reading it.
const SENT_PREFIX = 'sent/';
const sentKey = (day: string, wamid: string) => `${SENT_PREFIX}${day}/${sha256(wamid)}`;
const store = () => collectionStore(WHATSAPP_MESSAGES_STORE);

/** Whether a status may replace another (pure): forward only; failed only over accepted or sent. */
export function statusMovesForward(current: MessageStatus, next: MessageStatus): boolean {
  if (current === next) return false;
  if (next === 'failed') return current === 'accepted' || current === 'sent';
  if (current === 'failed') return false;
  return RANK[next] > RANK[current];
}

export interface SentFacts {
  wamid: string;
  to: string;
  template: string;
  purpose: string;
  appointmentId?: string | undefined;
  leadId?: string | undefined;
  outboxEntryId?: string | undefined;
  at?: Date;
}

/** Records a message Meta accepted (idempotent: a second call for one wamid changes nothing it knows). */
export async function rememberSent(facts: SentFacts): Promise<void> {
  const at = (facts.at ?? new Date()).toISOString();
  await updateJson(WHATSAPP_MESSAGES_STORE, messageKey(facts.wamid), (current) => {
    const known = sentMessageSchema.safeParse(current);
    const base: SentMessage = known.success
      ? known.data
      : {
          wamid: facts.wamid,
          to: null,
          template: null,
          purpose: null,
          appointmentId: null,
          leadId: null,
          outboxEntryId: null,
          sentAt: null,
          status: 'accepted',
          statusAt: at,
          errorCode: null,
        };
    if (base.sentAt) return undefined;
    return {
      ...base,
      to: facts.to,
      template: facts.template,
      purpose: facts.purpose,
      appointmentId: facts.appointmentId ?? null,
      leadId: facts.leadId ?? null,
      outboxEntryId: facts.outboxEntryId ?? null,
      sentAt: at,
    };
  });
  const index = { wamid: facts.wamid };
  const keys = [
    sentKey(at.slice(0, 10), facts.wamid),
    ...(facts.outboxEntryId ? [entryKey(facts.outboxEntryId)] : []),
    ...(facts.appointmentId ? [appointmentKey(facts.appointmentId, facts.wamid)] : []),
  ];
  const messages = store();
  await Promise.all(keys.map((key) => blobCall(() => messages.setJSON(key, index))));
}

async function messageAt(key: string): Promise<SentMessage | null> {
  const messages = store();
  const parsed = sentMessageSchema.safeParse(await blobCall(() => messages.get(key, { type: 'json' })));
  return parsed.success ? parsed.data : null;
}

export const messageByWamid = (wamid: string) => messageAt(messageKey(wamid));

export interface StatusChange {
  status: WebhookStatus;
  /** ISO time (Meta's timestamp). */
  at: string;
  errorCode?: number | null | undefined;
}

/**
 * Applies a status from the webhook: idempotent, never backwards (conditional writes, so
 * two deliveries racing on two instances leave the furthest status). Resolves to the
 * message as stored afterwards.
 */
export async function applyStatus(wamid: string, change: StatusChange): Promise<SentMessage> {
  const stored = await updateJson(WHATSAPP_MESSAGES_STORE, messageKey(wamid), (current) => {
    const known = sentMessageSchema.safeParse(current);
    const base: SentMessage = known.success
      ? known.data
      : {
          wamid,
          to: null,
          template: null,
          purpose: null,
          appointmentId: null,
          leadId: null,
          outboxEntryId: null,
          sentAt: null,
          status: 'accepted',
          statusAt: change.at,
          errorCode: null,
        };
    if (!statusMovesForward(base.status, change.status)) return known.success ? undefined : base;
    return {
      ...base,
      status: change.status,
      statusAt: change.at,
      errorCode: change.status === 'failed' ? (change.errorCode ?? null) : base.errorCode,
    };
  });
  return sentMessageSchema.parse(stored);
}

const oldestFirst = (a: SentMessage, b: SentMessage) => (a.sentAt ?? a.statusAt).localeCompare(b.sentAt ?? b.statusAt);

/**
 * The message each of these outbox entries sent last, with its last status (an entry never
 * accepted by Meta is absent). All read at once: the entry's index, then its message.
 */
export async function messagesOfEntries(entryIds: readonly string[]): Promise<Map<string, SentMessage>> {
  const messages = store();
  const found = await Promise.all(
    entryIds.map(async (entryId) => {
      const index = (await blobCall(() => messages.get(entryKey(entryId), { type: 'json' }))) as {
        wamid?: string;
      } | null;
      const message = index?.wamid ? await messageByWamid(index.wamid) : null;
      return message ? ([entryId, message] as const) : null;
    }),
  );
  return new Map(found.filter((pair) => pair !== null));
}

/**
 * The WhatsApp messages of each of these calls with their last status, for the owner's list
 * (oldest first; a call without any is absent). One listing serves every call (the call's own
 * folder when there is one): messages are kept 92 days, so the whole folder is a page or two,
 * where a listing per call cost one round trip each. The keys name the messages, so only the
 * messages themselves are read.
 */
export async function messagesOfAppointments(appointmentIds: readonly string[]): Promise<Map<string, SentMessage[]>> {
  const found = new Map<string, SentMessage[]>();
  if (appointmentIds.length === 0) return found;
  const wanted = new Set(appointmentIds);
  const prefix = appointmentIds.length === 1 ? `${APPOINTMENT_PREFIX}${appointmentIds[0]}/` : APPOINTMENT_PREFIX;
  const { blobs } = await blobCall(() => store().list({ prefix }));
  await Promise.all(
    blobs.map(async ({ key }) => {
      const [appointmentId, hash] = key.slice(APPOINTMENT_PREFIX.length).split('/');
      if (!appointmentId || !hash || !wanted.has(appointmentId)) return;
      const message = await messageAt(messageKeyOfHash(hash));
      if (message) found.set(appointmentId, [...(found.get(appointmentId) ?? []), message]);
    }),
  );
  for (const messages of found.values()) messages.sort(oldestFirst);
  return found;
}

/** Messages are kept this long: the admin's last statuses and "What converts" read rates look back at most 90 days. */
const KEEP_MESSAGES_MS = 92 * 86_400_000;

/**
 * Deletes the messages sent on days older than KEEP_MESSAGES_MS, with their index keys (the
 * scheduled prune, once an hour): the day markers are listed, and only the leaving days' messages read.
 */
export async function pruneMessages(now: Date = new Date(), deadline = Infinity): Promise<number> {
  const messages = store();
  const { blobs } = await blobCall(() => messages.list({ prefix: SENT_PREFIX }));
  const oldest = new Date(now.getTime() - KEEP_MESSAGES_MS).toISOString().slice(0, 10);
  const leaving = blobs
    .map((blob) => blob.key)
    .filter((key) => key.slice(SENT_PREFIX.length, SENT_PREFIX.length + 10) < oldest);
  let removed = 0;
  for (const marker of leaving) {
    if (Date.now() >= deadline) break;
    // The marker's name ends in the message's hash: its keys follow without reading the marker.
    const hash = marker.slice(marker.lastIndexOf('/') + 1);
    const message = await messageAt(messageKeyOfHash(hash));
    const entryId = message?.outboxEntryId;
    const keys = [
      messageKeyOfHash(hash),
      ...(entryId ? [entryKey(entryId)] : []),
      // The by-lead index the first version wrote (nothing reads it): it leaves with its message.
      ...(entryId && message?.leadId ? [`lead/${message.leadId}/${entryId}`] : []),
      ...(message?.appointmentId ? [appointmentKeyOfHash(message.appointmentId, hash)] : []),
    ];
    await Promise.all(keys.map((key) => blobCall(() => messages.delete(key))));
    // The marker last: a prune cut short finds the message again next time.
    await blobCall(() => messages.delete(marker));
    removed += 1;
  }
  return removed;
}

/**
 * Drops every message sent to these numbers ('91XXXXXXXXXX') with its index keys (the
 * person's erasure, docs/privacy.md). Returns how many messages went.
 */
export async function forgetMessagesTo(numbers: readonly string[]): Promise<number> {
  if (numbers.length === 0) return 0;
  const keys = await keysMentioning(WHATSAPP_MESSAGES_STORE, ['wamid/'], (text) => {
    const parsed = sentMessageSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.to !== null && numbers.includes(parsed.data.to);
  });
  const messages = store();
  for (const key of keys) {
    const hash = key.slice('wamid/'.length);
    const message = await messageAt(key);
    const related = [
      ...(message?.sentAt ? [`${SENT_PREFIX}${message.sentAt.slice(0, 10)}/${hash}`] : []),
      ...(message?.outboxEntryId ? [entryKey(message.outboxEntryId)] : []),
      ...(message?.outboxEntryId && message.leadId ? [`lead/${message.leadId}/${message.outboxEntryId}`] : []),
      ...(message?.appointmentId ? [appointmentKeyOfHash(message.appointmentId, hash)] : []),
    ];
    await Promise.all([...related, key].map((each) => blobCall(() => messages.delete(each))));
  }
  return keys.length;
}
