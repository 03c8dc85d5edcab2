import type {
  NotificationItem,
  NotificationsAnswer,
  NotificationsQuery,
  ResendAnswer,
} from '../../../lib/schemas/notifications';
import { adminRequest } from './request';

async function listNotifications(
  query: Partial<NotificationsQuery>,
  signal?: AbortSignal,
): Promise<NotificationsAnswer> {
  const params = new URLSearchParams(Object.entries(query).map(([name, value]) => [name, String(value)]));
  return (
    await adminRequest<NotificationsAnswer>('GET', `/api/admin/notifications?${params}`, signal ? { signal } : {})
  ).data;
}

/** How many of the latest WhatsApp messages to visitors the panel shows with their last status. */
const RECENT_WHATSAPP_SHOWN = 10;

/** The latest WhatsApp messages sent to visitors, each with what Meta last said of it. Newest first. */
export async function listRecentWhatsApp(signal?: AbortSignal): Promise<NotificationsAnswer> {
  return listNotifications({ status: 'sent', channel: 'whatsapp', limit: RECENT_WHATSAPP_SHOWN }, signal);
}

/**
 * Whether notifications are on, and every one not delivered: failed for good (after a day
 * of retries), those still being retried after a failed attempt, so an outage shows
 * the same hour it starts, not a day later, and visitor mail the cap held back. Newest first.
 */
export async function listUndeliveredNotifications(signal?: AbortSignal): Promise<NotificationsAnswer> {
  const [failed, pending, held] = await Promise.all([
    listNotifications({ status: 'failed' }, signal),
    listNotifications({ status: 'pending' }, signal),
    listNotifications({ status: 'held' }, signal),
  ]);
  const retrying = pending.items.filter((item) => item.lastError !== null);
  const items: NotificationItem[] = [...failed.items, ...retrying, ...held.items].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  return { ...failed, items };
}

/** Queues one notification again (202): the server sends it at once and retries as usual. */
export async function resendNotification(id: string): Promise<ResendAnswer> {
  return (
    await adminRequest<ResendAnswer>('POST', `/api/admin/notifications/${encodeURIComponent(id)}/resend`, { body: {} })
  ).data;
}
