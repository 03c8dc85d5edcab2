import { createHash } from 'node:crypto';
import { z } from 'zod';
import { mailboxOf } from '../../lib/people/mailbox';
import { istDateOf, istMidnight } from '../../lib/schedule/istClock';
import { visitorMailLimit } from '../../lib/schemas/notifications';
import { updateJson } from '../storage/atomicJson';
import type { OutboxEntry } from './outbox';

// Limits on mail to visitors (docs/decisions/0028-visitor-mail-carries-only-our-words.md,
// 0034-mailbox-cap-and-passkey-safety.md). The lead forms take any e-mail address,
// so without a limit they would mail a stranger as often as someone submits a form: a
// first confirmation is let through at most CONFIRMATIONS_PER_DAY times per mailbox in 24
// hours, however the address is written (`victim+1@`, `v.ictim@gmail.com`: mailboxOf).
// Mail about a call the visitor booked is not counted there, or three fake forms under a
// customer's address would silence the customer's own invite and reminders; it is counted
// per appointment instead, at most MAILS_PER_APPOINTMENT. Which kind is which is declared
// once, in src/lib/schemas/notifications.ts.
//
// Each count is one small blob listing the outbox entries it let through (named by a hash
// for a mailbox, so the store holds no address in its keys), updated with a conditional
// write, so two senders in two processes cannot both take the last place. An entry let
// through once stays let through: a retry after a failed attempt takes no other place.

export const CONFIRMATIONS_PER_DAY = 3;
export const MAILS_PER_APPOINTMENT = 6;
/** WhatsApp messages to one visitor number in 24 hours, of every kind; never counted against the e-mail counts. */
export const WHATSAPP_MESSAGES_PER_DAY = 8;
/**
 * The owner's alerts (WhatsApp and e-mail) of messages one number sends to the business's
 * WhatsApp in an IST day: anyone can write to it, as often as they like.
 */
export const OWNER_ALERTS_PER_SENDER_PER_DAY = 5;
/**
 * The owner's mails about one client's sessions (booked, moved, cancelled) in 24 hours: a
 * client can book and cancel as often as the client space lets them, and each change mails
 * the owner. Past it the mail is held (shown in the admin) and the Clients panel still lists
 * every session.
 */
export const OWNER_MAILS_PER_CLIENT_PER_DAY = 10;
/**
 * A person's one-time links to their data (docs/privacy.md, "Rights") and a parent's links to
 * confirm a student's request, per mailbox or number in 24 hours: counted apart, so a day of confirmations never holds back the link, and anyone
 * typing an address still causes at most this many.
 */
export const PRIVACY_LINKS_PER_DAY = 3;
const DAY_MS = 86_400_000;
const QUOTA_STORE = 'visitor-mail-quota';

const sentSchema = z.array(z.object({ entryId: z.string(), at: z.string() }));
type Sent = z.infer<typeof sentSchema>;

/** One count a visitor mail is taken from. */
export interface Allowance {
  key: string;
  limit: number;
  /** Places come free again after this long (Infinity: never). */
  windowMs: number;
  /** Why a mail was held back, for the admin. */
  reason: string;
}

/** The owner's alerts of one WhatsApp sender ('91XXXXXXXXXX'), counted over the IST day so far (pure). */
export function inboundAlertAllowance(number: string, now: Date): Allowance {
  return {
    key: `inbound/${sha256(number)}`,
    limit: OWNER_ALERTS_PER_SENDER_PER_DAY,
    windowMs: now.getTime() - istMidnight(istDateOf(now.getTime())),
    reason: `Not alerted: this number sent ${OWNER_ALERTS_PER_SENDER_PER_DAY} messages today`,
  };
}

/** The list after admitting `entryId` at `now`, or null when the count is used up (pure). */
export function admit(
  sent: Sent,
  entryId: string,
  now: Date,
  limit = CONFIRMATIONS_PER_DAY,
  windowMs = DAY_MS,
): Sent | null {
  const recent = sent.filter((item) => now.getTime() - new Date(item.at).getTime() < windowMs);
  if (recent.some((item) => item.entryId === entryId)) return recent;
  if (recent.length >= limit) return null;
  return [...recent, { entryId, at: now.toISOString() }];
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The day's count of one mailbox; something that is not an address counts as typed, in lower case. */
export const quotaKey = (address: string) => `sent/${sha256(mailboxOf(address) ?? address.trim().toLowerCase())}`;
export const appointmentQuotaKey = (appointmentId: string) => `appointment/${sha256(appointmentId)}`;
/** The day's count of the owner's mails about one client's sessions. */
export const clientQuotaKey = (clientId: string) => `client/${sha256(clientId)}`;
/** The day's count of one WhatsApp number ('91XXXXXXXXXX', as queued). */
export const whatsappQuotaKey = (number: string) => `whatsapp/${sha256(number)}`;

/** The count a mail is taken from (pure): a visitor's, or the owner's about one client; null for mail under no count (the owner's other mail, a paid receipt, an owner-sent link). */
export function allowanceFor(
  entry: Pick<OutboxEntry, 'kind' | 'channel' | 'to' | 'leadId' | 'appointmentId' | 'clientId'>,
): Allowance | null {
  if (entry.channel === 'email' && entry.clientId) {
    return {
      key: clientQuotaKey(entry.clientId),
      limit: OWNER_MAILS_PER_CLIENT_PER_DAY,
      windowMs: DAY_MS,
      reason: `Not sent: this client's sessions changed ${OWNER_MAILS_PER_CLIENT_PER_DAY} times in the last 24 hours (the Clients panel lists them all)`,
    };
  }
  if ((entry.kind === 'privacy-link' || entry.kind === 'parent-consent') && entry.to) {
    return {
      key: `privacy/${sha256(entry.to.toLowerCase())}`,
      limit: PRIVACY_LINKS_PER_DAY,
      windowMs: DAY_MS,
      reason: `Not sent: ${PRIVACY_LINKS_PER_DAY} links to this person's data went in the last 24 hours`,
    };
  }
  if (entry.channel === 'whatsapp' && entry.to) {
    return {
      key: whatsappQuotaKey(entry.to),
      limit: WHATSAPP_MESSAGES_PER_DAY,
      windowMs: DAY_MS,
      reason: `Not sent: this WhatsApp number had ${WHATSAPP_MESSAGES_PER_DAY} messages in the last 24 hours`,
    };
  }
  if (entry.channel !== 'visitor-email' || !entry.to) return null;
  const limit = visitorMailLimit(entry.kind);
  if (limit === 'none') return null;
  if (limit === 'per-appointment') {
    // Call messages are named by the appointment's version; entries from before the
    // appointment was written on them count per version.
    return {
      key: appointmentQuotaKey(entry.appointmentId ?? entry.leadId),
      limit: MAILS_PER_APPOINTMENT,
      windowMs: Infinity,
      reason: `Not sent: this appointment had ${MAILS_PER_APPOINTMENT} mails to the visitor already`,
    };
  }
  return {
    key: quotaKey(entry.to),
    limit: CONFIRMATIONS_PER_DAY,
    windowMs: DAY_MS,
    reason: `Not sent: this mailbox had ${CONFIRMATIONS_PER_DAY} confirmations in the last 24 hours`,
  };
}

/**
 * Takes a place for this entry; false when all are taken. With `waive` (the owner's
 * Resend of a held mail) the entry is let through past the limit, and counted.
 */
export async function takePlace(
  allowance: Allowance,
  entryId: string,
  now: Date = new Date(),
  { waive = false } = {},
): Promise<boolean> {
  return (await placeOf(allowance, entryId, now, { waive })) > 0;
}

/** As takePlace, telling which place the entry holds in the window (1 for the first), or 0 when all are taken. */
export async function placeOf(
  allowance: Allowance,
  entryId: string,
  now: Date = new Date(),
  { waive = false } = {},
): Promise<number> {
  let place = 0;
  await updateJson(QUOTA_STORE, allowance.key, (current) => {
    const parsed = sentSchema.safeParse(current);
    const before = parsed.success ? parsed.data : [];
    let next = admit(before, entryId, now, allowance.limit, allowance.windowMs);
    if (next === null && waive) next = admit(before, entryId, now, Infinity, allowance.windowMs);
    place = next === null ? 0 : next.findIndex((item) => item.entryId === entryId) + 1;
    if (next === null) return undefined;
    // Unchanged (a retry of an entry let through): nothing to write.
    if (parsed.success && next.length === before.length && next.every((item, index) => item === before[index]))
      return undefined;
    return next;
  });
  return place;
}
