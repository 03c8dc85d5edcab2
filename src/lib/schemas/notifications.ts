import { z } from './zod';
import { type LeadNotificationKind, leadNotificationKinds } from '../leads/kinds';
import type { CallWhatsAppMessage } from './appointment';

// Owner notifications and visitor confirmations
// (docs/decisions/0024-lead-notifications-and-attribution.md): the contract between the
// outbox, the admin APIs and the dashboard.

/** What happened: one notification kind per kind of lead or payment event. */
export const notificationKinds = [
  // The lead kinds' own (src/lib/leads/kinds.ts), then the events of payments and calls.
  ...leadNotificationKinds,
  'payment-captured',
  'payment-failed',
  'payment-request',
  // Mail about a call the visitor booked (appointmentNotificationKinds below).
  'appointment-booked',
  'appointment-moved',
  'appointment-cancelled',
  'appointment-reminder-day',
  'appointment-reminder-hour',
  // The one re-book message after the owner marks a call or session a no-show.
  'appointment-no-show',
  // To the owner: a passkey was added to the admin.
  'passkey-added',
  // A refund Razorpay processed or failed: the client and the owner.
  'refund-processed',
  'refund-failed',
  // To the owner: a visitor wrote on WhatsApp, anything but our buttons' Confirm and Reschedule.
  'whatsapp-inbound',
  // To the visitor: our free-form answer to their Confirm or Reschedule tap, inside the 24 hours it opened.
  'whatsapp-reply',
  // A person's rights (docs/privacy.md): their one-time my-data link; to the owner, a number to
  // verify by phone, and an erasure done; a breach notice to the people it concerns.
  'privacy-link',
  'privacy-verify',
  'privacy-erasure',
  'privacy-breach',
  // To a parent: confirm a student's request before anything is done with it.
  'parent-consent',
  // To a client: the one nudge before their first session while their brief is empty, and a
  // document the owner added to their space (docs/client-space.md).
  'brief-reminder',
  'client-document',
  // To a client: the one request for a review after a held session; to the owner: a review awaits approval.
  'review-request',
  'review-received',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/**
 * The kinds whose visitor mail is about an appointment the visitor booked (invite, move,
 * cancellation, reminders). Such mail is tied to its appointment and always sent, at most a
 * few per appointment, and never counted against the mailbox's day
 * (docs/decisions/0034-mailbox-cap-and-passkey-safety.md). Every other kind's visitor mail is
 * a first confirmation, which anyone can cause by typing an address, so it is under the daily
 * cap per mailbox. A new kind is capped unless listed here.
 */
export const appointmentNotificationKinds = [
  'appointment-booked',
  'appointment-moved',
  'appointment-cancelled',
  'appointment-reminder-day',
  'appointment-reminder-hour',
  'appointment-no-show',
  'review-request',
] as const satisfies readonly NotificationKind[];

/**
 * Visitor mail no stranger can cause by typing an address: the receipt of a captured
 * payment (money was paid), a payment link the owner chose to send and the word on a
 * refund (the owner asked for it; Razorpay's signed webhook settles it), a client's brief reminder
 * and word of a document the owner added (a client exists only after a captured payment), and a breach notice the
 * owner sends (the law asks that each person be told). Never capped: a flood of fake forms under
 * a customer's address must not hold back their receipt.
 */
export const uncappedNotificationKinds = [
  'payment-captured',
  'payment-request',
  'refund-processed',
  'refund-failed',
  'privacy-breach',
  // Only a paying client hears these, once per client or per document the owner adds.
  'brief-reminder',
  'client-document',
] as const satisfies readonly NotificationKind[];

/** Which limit a visitor mail of this kind is under (see the two lists above). */
export type VisitorMailLimit = 'daily-confirmations' | 'per-appointment' | 'none';
export function visitorMailLimit(kind: NotificationKind): VisitorMailLimit {
  if ((uncappedNotificationKinds as readonly NotificationKind[]).includes(kind)) return 'none';
  return (appointmentNotificationKinds as readonly NotificationKind[]).includes(kind)
    ? 'per-appointment'
    : 'daily-confirmations';
}

export { leadNotificationKinds, type LeadNotificationKind } from '../leads/kinds';

/**
 * email: to the owner; webhook: NOTIFY_WEBHOOK_URL; visitor-email: the visitor's confirmation;
 * whatsapp: a template to the visitor's WhatsApp (only with their stored consent);
 * owner-whatsapp: the owner's alert on WHATSAPP_OWNER_NUMBER.
 */
export const notificationChannels = ['email', 'webhook', 'visitor-email', 'whatsapp', 'owner-whatsapp'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];
/** The channels sent through the WhatsApp Cloud API (not SMTP): on when the WhatsApp variables are set. */
export const whatsappChannels = ['whatsapp', 'owner-whatsapp'] as const satisfies readonly NotificationChannel[];
export const isWhatsAppChannel = (channel: NotificationChannel): channel is (typeof whatsappChannels)[number] =>
  (whatsappChannels as readonly string[]).includes(channel);

/**
 * held: a visitor mail the cap kept back (docs/decisions/0028-visitor-mail-carries-only-our-words.md,
 * 0034-mailbox-cap-and-passkey-safety.md). Final like sent and failed: never sent later by
 * itself; the owner's Resend sends it past the cap.
 */
export const notificationStatuses = ['pending', 'sending', 'sent', 'failed', 'held'] as const;
export type NotificationStatus = (typeof notificationStatuses)[number];

/** One outbox entry as the admin sees it. `id` is `{leadId}.{kind}.{channel}`. */
export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  leadId: string;
  subject: string;
  channel: NotificationChannel;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string | null;
  status: NotificationStatus;
  createdAt: string;
  /** A WhatsApp entry Meta accepted: its message's last status from the webhook and the number it went to. */
  whatsapp?: Omit<CallWhatsAppMessage, 'purpose'> & { to: string | null };
}

/** At most this many entries in one answer. */
export const NOTIFICATIONS_LIST_LIMIT = 200;

/** GET /api/admin/notifications?status=sent&channel=whatsapp&limit=10 */
export const notificationsQuerySchema = z.object({
  status: z.enum(notificationStatuses, { error: 'Choose pending, sending, sent, failed or held' }).optional(),
  channel: z.enum(notificationChannels, { error: `Choose ${notificationChannels.join(', ')}` }).optional(),
  limit: z.coerce
    .number({ error: 'Limit must be a number' })
    .int('Limit must be a whole number')
    .min(1, 'At least 1')
    .max(NOTIFICATIONS_LIST_LIMIT, `At most ${NOTIFICATIONS_LIST_LIMIT}`)
    .default(NOTIFICATIONS_LIST_LIMIT),
});
export type NotificationsQuery = z.infer<typeof notificationsQuerySchema>;

export interface NotificationsAnswer {
  /** false when SMTP is not configured: nothing is sent. */
  enabled: boolean;
  /** Why notifications are off, in words for the owner. */
  reason?: string;
  /** WhatsApp: on when its six variables are set; else which are missing or wrong. */
  whatsapp?: { enabled: boolean; reason?: string; missing?: string[] };
  items: NotificationItem[];
}

/** POST /api/admin/notifications/{id}/resend -> 202 */
export const notificationIdSchema = z
  .string({ error: 'Notification id is required' })
  .regex(
    /^\d{13}-[0-9a-f]{10}\.[a-z-]+\.(email|webhook|visitor-email|whatsapp|owner-whatsapp)$/,
    'Unknown notification id',
  );
export const notificationParamsSchema = z.object({ id: notificationIdSchema });

export interface ResendAnswer {
  id: string;
  status: NotificationStatus;
}

/** GET /api/admin/leads-by-source?days=30 */
export const leadsBySourceQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(1, 'At least 1 day')
    .max(90, 'At most 90 days')
    .default(30),
});

export interface LeadsBySourceRow {
  /** utm_source, or '(direct)' when the lead carried none. */
  source: string;
  medium: string | null;
  leads: number;
  byKind: Partial<Record<LeadNotificationKind, number>>;
}

/**
 * What converts (docs/payments.md, "What converts"). A paying client is a booking with at
 * least one captured payment, counted once, on the day of its first payment, under the
 * booking's source; revenue is every captured payment in rupees on the day it was paid; the
 * rate is paying clients per 100 leads of the same window (null without leads). Revenue is net
 * of processed refunds, which count against the day their payment was counted; `refunded` says
 * how much they took off (rupees, to the paise).
 */
export interface ConversionFigures {
  leads: number;
  payingClients: number;
  revenue: number;
  refunded: number;
  conversionRate: number | null;
  /** Discovery calls: booked in the window, and the held and missed ones whose call fell in it. */
  callsBooked: number;
  callsHeld: number;
  callsNoShow: number;
  /** No-shows per 100 calls the owner marked held or no-show; null before any is marked. */
  noShowRate: number | null;
  /** WhatsApp reminders of calls sent in the window, those read, and read per 100 sent (null before any was sent). */
  remindersSent: number;
  remindersRead: number;
  reminderReadRate: number | null;
}

export type SourceConversionRow = LeadsBySourceRow & ConversionFigures;

export interface LeadsBySourceAnswer {
  days: number;
  /** ISO time: the start of the first day counted (UTC). */
  since: string;
  /** Sorted by leads, most first; sources with payments but no leads in the window last. */
  rows: SourceConversionRow[];
  /** The whole site over the window. */
  totals: ConversionFigures;
  /** Leads and paying clients per UTC day, oldest first (the chart). */
  daily: Array<{ date: string; leads: number; payingClients: number }>;
}
