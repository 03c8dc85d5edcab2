import type { NotificationItem, NotificationStatus, NotificationsAnswer, ResendAnswer } from '../../../lib/schemas/notifications';
import { adminRequest } from './request';

async function listNotifications(status: NotificationStatus, signal?: AbortSignal): Promise<NotificationsAnswer> {
  const params = new URLSearchParams({ status });
  return (await adminRequest<NotificationsAnswer>('GET', `/api/admin/notifications?${params}`, signal ? { signal } : {})).data;
}

/**
 * Whether notifications are on, and every one not delivered: failed for good (after a day
 * of retries), those still being retried after a failed attempt, so an outage shows
 * the same hour it starts, not a day later, and visitor mail the cap held back. Newest first.
 */
export async function listUndeliveredNotifications(signal?: AbortSignal): Promise<NotificationsAnswer> {
  const [failed, pending, held] = await Promise.all([listNotifications('failed', signal), listNotifications('pending', signal), listNotifications('held', signal)]);
  const retrying = pending.items.filter((item) => item.lastError !== null);
  const items: NotificationItem[] = [...failed.items, ...retrying, ...held.items].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return { ...failed, items };
}

/** Queues one notification again (202): the server sends it at once and retries as usual. */
export async function resendNotification(id: string): Promise<ResendAnswer> {
  return (await adminRequest<ResendAnswer>('POST', `/api/admin/notifications/${encodeURIComponent(id)}/resend`, { body: {} })).data;
}
