import { RETRY_WINDOW_MS } from './backoff';
import type { LeadEvent } from './leadEvents';
import { type OutboxEntry, enqueue, entryId } from './outbox';
import { notificationSettings, siteAddress } from './settings';
import { ownerEmail, ownerWebhook, visitorEmail } from './templates';

/** The outbox entries one event needs with the current settings (pure). */
export function outboxEntriesFor(event: LeadEvent, site: string, webhook: boolean, now: Date): OutboxEntry[] {
  const base = {
    kind: event.kind,
    leadId: event.leadId,
    status: 'pending' as const,
    attempts: 0,
    lastError: null,
    nextAttemptAt: now.toISOString(),
    claimedAt: null,
    retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS).toISOString(),
    createdAt: now.toISOString(),
    sentAt: null,
  };
  const owner = ownerEmail(event, site);
  const entries: OutboxEntry[] = [
    { ...base, id: entryId(event.leadId, event.kind, 'email'), channel: 'email', subject: owner.subject, to: null, mail: owner, webhook: null },
  ];
  if (webhook) {
    const body = ownerWebhook(event, site);
    entries.push({ ...base, id: entryId(event.leadId, event.kind, 'webhook'), channel: 'webhook', subject: owner.subject, to: null, mail: null, webhook: { ...body } });
  }
  const visitor = visitorEmail(event, site);
  if (visitor && event.person.email) {
    entries.push({ ...base, id: entryId(event.leadId, event.kind, 'visitor-email'), channel: 'visitor-email', subject: visitor.subject, to: event.person.email, mail: visitor, webhook: null });
  }
  return entries;
}

/**
 * Writes the event's outbox entries (none when notifications are off) and returns the ids
 * of all of them, new or not: entries that exist already are left as they are, so
 * queuing twice sends once, and delivering an entry sent already does nothing.
 */
export async function queueLeadNotifications(event: LeadEvent, now: Date = new Date()): Promise<string[]> {
  const state = notificationSettings();
  if (!state.enabled) return [];
  const entries = outboxEntriesFor(event, siteAddress(), state.settings.webhookUrl !== null, now);
  await enqueue(entries);
  return entries.map((entry) => entry.id);
}
