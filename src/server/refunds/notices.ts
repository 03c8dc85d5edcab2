import type { RefundNotice } from '../../lib/schemas/refund';
import { clientRefundMail, ownerRefundMail, refundWebhook } from '../messages';
import { type OutboxEntry, enqueue, newEntry, notificationSettings, ownerEntries, siteAddress } from '../notifications';

// Who hears about a settled refund: the client and the owner, through the
// outbox like every message. The words are in src/server/messages; the client's mail carries only
// our words, the amounts and ids, and at most a plain name
// (docs/decisions/0028-visitor-mail-carries-only-our-words.md).

/** The outbox entries of one settled refund (pure): keyed by the refund's record id, so queuing twice sends once. */
function refundEntries(notice: RefundNotice, site: string, webhook: boolean, now: Date): OutboxEntry[] {
  const kind = notice.status === 'processed' ? 'refund-processed' : 'refund-failed';
  const leadId = notice.entryId;
  const entries = ownerEntries(
    { kind, leadId, mail: ownerRefundMail(notice, site) },
    webhook ? { ...refundWebhook(notice, site) } : null,
    now,
  );
  if (notice.person.email) {
    const mail = clientRefundMail(notice);
    entries.push(
      newEntry(
        { kind, leadId, channel: 'visitor-email', subject: mail.subject, to: notice.person.email, mail, webhook: null },
        now,
      ),
    );
  }
  return entries;
}

/** Queues the refund's messages (none when notifications are off); the ids to send now. */
export async function queueRefundNotices(notice: RefundNotice, now: Date = new Date()): Promise<string[]> {
  const state = notificationSettings();
  if (!state.enabled) return [];
  const entries = refundEntries(notice, siteAddress(), state.settings.webhookUrl !== null, now);
  await enqueue(entries);
  return entries.map((entry) => entry.id);
}
