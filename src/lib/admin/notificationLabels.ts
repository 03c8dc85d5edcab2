import { leadAnnouncements } from '../leads/kinds';
import type { CallWhatsAppMessage } from '../schemas/appointment';
import type { NotificationChannel, NotificationKind, NotificationStatus } from '../schemas/notifications';

// Owner notifications (docs/notifications.md) in the owner's words, for the dashboard's Notifications panel.

export const notificationKindLabels = {
  ...(Object.fromEntries(Object.entries(leadAnnouncements).map(([kind, { label }]) => [kind, label])) as Record<
    keyof typeof leadAnnouncements,
    string
  >),
  'payment-captured': 'Payment received',
  'payment-failed': 'Payment failed',
  'payment-request': 'Payment link to a customer',
  'appointment-booked': 'Call booked',
  'appointment-moved': 'Call moved',
  'appointment-cancelled': 'Call cancelled',
  'appointment-reminder-day': 'Call reminder (a day before)',
  'appointment-reminder-hour': 'Call reminder (an hour before)',
  'appointment-no-show': 'Missed call: invitation to re-book',
  'passkey-added': 'Passkey added to the admin',
  'refund-processed': 'Refund processed',
  'refund-failed': 'Refund failed',
  'whatsapp-inbound': 'WhatsApp message from a visitor',
  'whatsapp-reply': 'WhatsApp reply to a visitor',
  'privacy-link': "A person's link to their data",
  'privacy-verify': 'A data request to verify by phone',
  'privacy-erasure': "A person's data erased",
  'privacy-breach': 'Data breach notice',
  'parent-consent': "A parent's link to confirm a student's request",
  'brief-reminder': 'Reminder to a client to answer the questions before their first session',
  'client-document': 'A client told of a document you added',
  'review-request': 'A request for a review after a held session',
  'review-received': 'A new review to approve',
} as const satisfies Record<NotificationKind, string>;

export const notificationChannelLabels = {
  email: 'E-mail to you',
  webhook: 'Chat webhook',
  'visitor-email': "Visitor's confirmation",
  whatsapp: "Visitor's WhatsApp",
  'owner-whatsapp': 'WhatsApp to you',
} as const satisfies Record<NotificationChannel, string>;

/** Where a message stands, in the owner's words. */
export const messageStatusLabels = {
  pending: 'Waiting to be sent',
  sending: 'Being sent',
  sent: 'Sent',
  failed: 'Not delivered',
  held: 'Held back (daily limit)',
} as const satisfies Record<NotificationStatus, string>;

/** A WhatsApp message's last status as Meta's webhook reported it, in the owner's words. */
export const whatsappStatusLabels = {
  accepted: 'On its way',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  failed: 'Not delivered',
} as const satisfies Record<CallWhatsAppMessage['status'], string>;

/** The server says "Notifications are off: SMTP_URL is not set."; the panel's title already says the first part. */
export function offReason(reason: string | undefined): string {
  const detail = reason?.replace(/^Notifications are off[:.]?\s*/i, '').trim();
  return detail || 'The e-mail settings (SMTP_URL, NOTIFY_EMAIL_TO, NOTIFY_EMAIL_FROM) are not set.';
}

/** The server says "WhatsApp is off: set WHATSAPP_TOKEN, ... (see docs/whatsapp.md)."; the notice's title says the first part. */
export function whatsappOffReason(reason: string | undefined): string {
  const detail = reason?.replace(/^WhatsApp is off[:.]?\s*/i, '').trim();
  const text =
    detail ||
    'set WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET, WHATSAPP_VERIFY_TOKEN and WHATSAPP_OWNER_NUMBER (see docs/whatsapp.md).';
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} Until then nobody gets WhatsApp messages; e-mail is unchanged.`;
}

/** What a WhatsApp message about a call was, in a few words ("Reminder a day before"). */
export const callWhatsAppPurposeLabels: Partial<Record<NotificationKind | 'reply', string>> = {
  'appointment-booked': 'Confirmation',
  'appointment-moved': 'New time',
  'appointment-cancelled': 'Cancellation',
  'appointment-reminder-day': 'Reminder a day before',
  'appointment-reminder-hour': 'Reminder an hour before',
  'appointment-no-show': 'Invitation to re-book',
  'whatsapp-reply': 'Your reply',
  reply: 'Your reply',
};
