import type { NotificationStatus, NotificationsAnswer, ResendAnswer } from '../../lib/schemas/notifications';
import { conflict, notFound } from '../http/errors';
import { RETRY_WINDOW_MS } from './backoff';
import { type AfterResponse } from './announce';
import { claimable, deliver } from './deliver';
import { allEntries, markDue, readEntry, replaceEntry, toItem } from './outbox';
import { notificationSettings } from './settings';

const LIST_LIMIT = 200;

/** GET /api/admin/notifications: whether they are on, and the entries (newest first). */
export async function listNotifications(status: NotificationStatus | undefined): Promise<NotificationsAnswer> {
  const state = notificationSettings();
  const entries = (await allEntries()).filter((entry) => !status || entry.status === status).slice(0, LIST_LIMIT);
  return { enabled: state.enabled, ...(state.enabled ? {} : { reason: state.reason }), items: entries.map(toItem) };
}

/**
 * The owner's resend: the entry goes back to pending with a fresh 24-hour window and is
 * sent after the response. One being sent right now is left alone (409).
 */
export async function resendNotification(id: string, context: AfterResponse | undefined, now: Date = new Date()): Promise<ResendAnswer> {
  const state = notificationSettings();
  // Queuing work that cannot be sent would only fail again in 24 hours.
  if (!state.enabled) throw conflict(state.reason);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const found = await readEntry(id);
    if (!found) throw notFound('No such notification.');
    const { entry, etag } = found;
    if (entry.status === 'sending' && !claimable(entry, now)) throw conflict('This notification is being sent right now.');
    await markDue(id, now);
    const again = { ...entry, status: 'pending' as const, nextAttemptAt: now.toISOString(), claimedAt: null, retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS).toISOString() };
    if (await replaceEntry(again, etag)) {
      context?.waitUntil?.(deliver(id).catch((error: unknown) => console.error(`[notifications] resend of ${id} failed; the sweep retries`, error)));
      return { id, status: 'pending' };
    }
  }
  throw conflict('This notification changed while resending; try again.');
}
