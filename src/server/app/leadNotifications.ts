import type { LeadEvent } from '../leads';
import { ownerEmail, ownerWebhook, visitorEmail } from '../messages';
import { type OutboxEntry, enqueue, newEntry, notificationSettings, ownerEntries, siteAddress } from '../notifications';
import { whatsappEnabled, whatsappLeadEntries } from '../whatsapp';

/** The outbox entries one event needs with the current settings (pure). */
export function outboxEntriesFor(event: LeadEvent, site: string, webhook: boolean, now: Date): OutboxEntry[] {
  const { kind, leadId } = event;
  const entries = ownerEntries(
    { kind, leadId, mail: ownerEmail(event, site) },
    webhook ? { ...ownerWebhook(event, site) } : null,
    now,
  );
  const visitor = visitorEmail(event, site);
  if (visitor && event.person.email) {
    const invoice = event.payment?.invoice;
    const attachments = invoice
      ? { attachments: [{ kind: 'invoice-pdf' as const, documentId: invoice.documentId }] }
      : {};
    entries.push(
      newEntry(
        {
          kind,
          leadId,
          channel: 'visitor-email',
          subject: visitor.subject,
          to: event.person.email,
          mail: visitor,
          webhook: null,
          ...attachments,
        },
        now,
      ),
    );
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
  const entries = state.enabled ? outboxEntriesFor(event, siteAddress(), state.settings.webhookUrl !== null, now) : [];
  // WhatsApp (docs/whatsapp.md) has its own settings: on or off whatever the mail settings are.
  if (whatsappEnabled()) entries.push(...whatsappLeadEntries(event, now));
  if (entries.length === 0) return [];
  await enqueue(entries);
  return entries.map((entry) => entry.id);
}
