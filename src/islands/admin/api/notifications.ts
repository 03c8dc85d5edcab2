import type { NotificationsAnswer, ResendAnswer } from '../../../lib/schemas/adminApi';
import { adminRequest } from './request';

/** The owner notifications that could not be delivered, and whether notifications are on at all. */
export async function listFailedNotifications(signal?: AbortSignal): Promise<NotificationsAnswer> {
  return (await adminRequest<NotificationsAnswer>('GET', '/api/admin/notifications?status=failed', signal ? { signal } : {})).data;
}

/** Queues one notification again (202): the server sends it at once and retries as usual. */
export async function resendNotification(id: string): Promise<ResendAnswer> {
  return (await adminRequest<ResendAnswer>('POST', `/api/admin/notifications/${encodeURIComponent(id)}/resend`, { body: {} })).data;
}
