import { notificationKindLabels } from '../../lib/admin/notificationLabels';
import type { Appointment, SessionOutcome } from '../../lib/schemas/appointment';
import { reviewRequestMail, reviewRequestWhatsApp } from '../messages';
import { type OutboxEntry, enqueue, newEntry, notificationSettings, siteAddress } from '../notifications';
import { consentedNumber, whatsappEnabled } from '../whatsapp';
import { reviewUrlOf } from './links';
import { claimRequest } from './store';

// The one request for a review after a held session (docs/decisions/0044-client-reviews-with-consent.md),
// an effect of the outcome's follow-up event: a mail to the client's address and, with their
// stored WhatsApp consent (WhatsApp on), the `ccc_review_request` template, through the outbox.
// Once per session: the first event that marks it held claims the request (a retry of that
// event queues the same entries, named by the session, so once), and a later event (held
// again after a no-show, or after the sent entries were pruned) finds the claim and sends none.

const KIND = 'review-request' as const;

export interface HeldChange {
  appointment: Appointment;
  outcome: SessionOutcome;
}

/** Whether an outcome asks for a review: a paid session marked held (a discovery call never does). */
export const asksForReview = ({ appointment, outcome }: HeldChange) =>
  outcome === 'held' && appointment.session !== undefined;

/** The request's entries (pure but for the link's token): mail with an address, WhatsApp with consent. */
export async function reviewRequestEntries(appointment: Appointment, now: Date): Promise<OutboxEntry[]> {
  const site = siteAddress();
  const link = await reviewUrlOf(appointment.id, site);
  const entries: OutboxEntry[] = [];
  if (appointment.email && notificationSettings().enabled) {
    const mail = reviewRequestMail(appointment, link);
    entries.push(
      newEntry(
        {
          kind: KIND,
          leadId: appointment.id,
          appointmentId: appointment.id,
          channel: 'visitor-email',
          subject: mail.subject,
          to: appointment.email,
          mail,
          webhook: null,
        },
        now,
      ),
    );
  }
  const to = whatsappEnabled() ? consentedNumber(appointment) : null;
  if (to)
    entries.push(
      newEntry(
        {
          kind: KIND,
          leadId: appointment.id,
          appointmentId: appointment.id,
          channel: 'whatsapp',
          subject: `WhatsApp: ${notificationKindLabels[KIND]}`,
          to,
          mail: null,
          webhook: null,
          whatsapp: reviewRequestWhatsApp(appointment, link, site),
        },
        now,
      ),
    );
  return entries;
}

/** Queues the session's one review request (the entry ids, to send at once); none for anything but a first held session. */
export async function requestReview(eventId: string, change: HeldChange, now: Date = new Date()): Promise<string[]> {
  if (!asksForReview(change)) return [];
  if (!(await claimRequest(change.appointment.id, eventId, now))) return [];
  const entries = await reviewRequestEntries(change.appointment, now);
  if (entries.length === 0) return [];
  await enqueue(entries);
  return entries.map((entry) => entry.id);
}
