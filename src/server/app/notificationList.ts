import {
  type NotificationChannel,
  type NotificationItem,
  type NotificationStatus,
  type NotificationsAnswer,
  type NotificationsQuery,
  type ResendAnswer,
  NOTIFICATIONS_LIST_LIMIT,
  isWhatsAppChannel,
} from '../../lib/schemas/notifications';
import { whatsappConfig, messagesOfEntries } from '../whatsapp';
import { afterResponse } from '../http/afterResponse';
import { conflict, notFound } from '../http/errors';
import {
  RETRY_WINDOW_MS,
  claimable,
  deliver,
  type OutboxEntry,
  dropFailedMarker,
  dropHeldMarker,
  dueIds,
  entriesWithIds,
  entryIds,
  failedIds,
  heldIds,
  markDue,
  readEntry,
  replaceEntry,
  toItem,
  notificationSettings,
  allowanceFor,
  takePlace,
} from '../notifications';

/** The entries of one status (and channel), newest lead first, found through their markers where there are some. */
async function entriesWithStatus(
  status: NotificationStatus | undefined,
  channel: NotificationChannel | undefined,
  limit: number,
): Promise<OutboxEntry[]> {
  // An id ends with its channel: the others are left out before anything is read.
  const ofChannel = (ids: string[]) => (channel ? ids.filter((id) => id.endsWith(`.${channel}`)) : ids);
  if (status === 'failed') return entriesWithIds(ofChannel(await failedIds()).slice(0, limit));
  if (status === 'held') return entriesWithIds(ofChannel(await heldIds()).slice(0, limit));
  if (status === 'pending' || status === 'sending')
    return (await entriesWithIds(ofChannel(await dueIds()))).filter((entry) => entry.status === status);
  // Sent history is only found by reading entries, newest first: at most twice the page is read.
  return entriesWithIds(ofChannel(await entryIds()).slice(0, status ? 2 * limit : limit));
}

/** Each WhatsApp item Meta accepted, with its message's last status (read for the items on the page only, at once). */
async function withWhatsAppStatuses(items: NotificationItem[]): Promise<NotificationItem[]> {
  const ids = items.filter((item) => isWhatsAppChannel(item.channel) && item.attempts > 0).map((item) => item.id);
  if (ids.length === 0) return items;
  const messages = await messagesOfEntries(ids);
  return items.map((item) => {
    const message = messages.get(item.id);
    return message
      ? {
          ...item,
          whatsapp: { status: message.status, at: message.statusAt, errorCode: message.errorCode, to: message.to },
        }
      : item;
  });
}

/** GET /api/admin/notifications: whether they are on, and the entries (newest first). */
export async function listNotifications({
  status,
  channel,
  limit = NOTIFICATIONS_LIST_LIMIT,
}: Partial<NotificationsQuery> = {}): Promise<NotificationsAnswer> {
  const state = notificationSettings();
  const entries = (await entriesWithStatus(status, channel, limit))
    .filter((entry) => !status || entry.status === status)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id.localeCompare(b.id)))
    .slice(0, limit);
  const whatsapp = whatsappConfig();
  return {
    enabled: state.enabled,
    ...(state.enabled ? {} : { reason: state.reason }),
    whatsapp: whatsapp.enabled
      ? { enabled: true }
      : { enabled: false, reason: whatsapp.reason, missing: whatsapp.missing },
    items: await withWhatsAppStatuses(entries.map(toItem)),
  };
}

/**
 * The owner's resend: the entry goes back to pending with a fresh 24-hour window and is
 * sent after the response. One being sent right now is left alone (409). A mail the
 * visitor mail cap held back is the owner's to release: it is let through past the cap
 * (and counted), since nothing else ever sends it.
 */
export async function resendNotification(id: string, now: Date = new Date()): Promise<ResendAnswer> {
  // Queuing work that cannot be sent would only fail again in 24 hours. The id ends with its channel.
  const channel = id.slice(id.lastIndexOf('.') + 1) as NotificationChannel;
  const state = isWhatsAppChannel(channel) ? whatsappConfig() : notificationSettings();
  if (!state.enabled) throw conflict(state.reason);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const found = await readEntry(id);
    if (!found) throw notFound('No such notification.');
    const { entry, etag } = found;
    if (entry.status === 'sending' && !claimable(entry, now))
      throw conflict('This notification is being sent right now.');
    const allowance = entry.status === 'held' ? allowanceFor(entry) : null;
    if (allowance) await takePlace(allowance, id, now, { waive: true });
    await markDue(id, now);
    const again = {
      ...entry,
      status: 'pending' as const,
      nextAttemptAt: now.toISOString(),
      claimedAt: null,
      retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS).toISOString(),
    };
    if ((await replaceEntry(again, etag)) !== null) {
      await Promise.all([dropFailedMarker(id), dropHeldMarker(id)]);
      await afterResponse(`resend of ${id}`, () => deliver(id));
      return { id, status: 'pending' };
    }
  }
  throw conflict('This notification changed while resending; try again.');
}
