import { z } from './zod';
import { type LeadNotificationKind, leadNotificationKinds } from '../leads/kinds';

// Owner notifications and visitor confirmations (issue 12, DECISIONS 24): the contract
// between the outbox, the admin APIs and the dashboard.

/** What happened: one notification kind per kind of lead or payment event. */
export const notificationKinds = [
  // The lead kinds' own (src/lib/leads/kinds.ts), then the events of payments and calls.
  ...leadNotificationKinds,
  'payment-captured',
  'payment-failed',
  'payment-request',
  'appointment-booked',
  'appointment-moved',
  'appointment-cancelled',
  'appointment-reminder-day',
  'appointment-reminder-hour',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export { leadNotificationKinds, type LeadNotificationKind } from '../leads/kinds';

/** email: to the owner; webhook: NOTIFY_WEBHOOK_URL; visitor-email: the visitor's confirmation. */
export const notificationChannels = ['email', 'webhook', 'visitor-email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

export const notificationStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
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
}

/** GET /api/admin/notifications?status=failed */
export const notificationsQuerySchema = z.object({
  status: z.enum(notificationStatuses, { error: 'Choose pending, sending, sent or failed' }).optional(),
});

export interface NotificationsAnswer {
  /** false when SMTP is not configured: nothing is sent. */
  enabled: boolean;
  /** Why notifications are off, in words for the owner. */
  reason?: string;
  items: NotificationItem[];
}

/** POST /api/admin/notifications/{id}/resend -> 202 */
export const notificationIdSchema = z
  .string({ error: 'Notification id is required' })
  .regex(/^\d{13}-[0-9a-f]{10}\.[a-z-]+\.(email|webhook|visitor-email)$/, 'Unknown notification id');
export const notificationParamsSchema = z.object({ id: notificationIdSchema });

export interface ResendAnswer {
  id: string;
  status: NotificationStatus;
}

/** GET /api/admin/leads-by-source?days=30 */
export const leadsBySourceQuerySchema = z.object({
  days: z.coerce.number({ error: 'Days must be a number' }).int('Days must be a whole number').min(1, 'At least 1 day').max(90, 'At most 90 days').default(30),
});

export interface LeadsBySourceRow {
  /** utm_source, or '(direct)' when the lead carried none. */
  source: string;
  medium: string | null;
  leads: number;
  byKind: Partial<Record<LeadNotificationKind, number>>;
}

/**
 * What converts (issue 20). A paying client is a booking with at least one captured
 * payment, counted once, on the day of its first payment, under the booking's source;
 * revenue is every captured payment in rupees on the day it was paid; the rate is paying
 * clients per 100 leads of the same window (null without leads).
 */
export interface ConversionFigures {
  leads: number;
  payingClients: number;
  revenue: number;
  conversionRate: number | null;
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
