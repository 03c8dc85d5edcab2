import type { Appointment, SessionOutcome } from '../../lib/schemas/appointment';
import { conversionField, dayBucket, leadSourceTally, sourceKey } from '../sources';
import { rebookMail } from '../messages';
import { type OutboxEntry, enqueue, newEntry, notificationSettings, siteAddress } from '../notifications';
import { whatsappRebookEntry } from '../whatsapp';
import { visitorLink } from './links';

// After an outcome, as effects of its follow-up event: the outcome counted
// for What converts (a tally change named by the event, so a retry counts it once; a change
// from held to no-show moves the count) and, for a no-show, the visitor's one re-book
// message: WhatsApp with their consent (and WhatsApp on), else mail. The message is named by
// the appointment's version, so marking the same call a no-show twice sends it once.
// Also the count of a booked call, under its booking's source (kept on the call when booked).

const REBOOK_KIND = 'appointment-no-show' as const;

/** The call's source as its booking had it (a call booked before it was kept counts as direct). */
const sourceOf = (appointment: Appointment) => appointment.leadSource ?? sourceKey(null);

/** What a change of outcome adds to the call's day under the booking's source: +1 the new, -1 the old (pure). */
function outcomeDelta(
  source: string,
  outcome: SessionOutcome,
  previous: SessionOutcome | null,
): Record<string, number> {
  const field = (which: SessionOutcome) => conversionField(source, which === 'held' ? 'callsHeld' : 'callsNoShow');
  if (previous === outcome) return {};
  return { [field(outcome)]: 1, ...(previous ? { [field(previous)]: -1 } : {}) };
}

/** The re-book message's entry: WhatsApp to a visitor who consented (WhatsApp on), else mail to one who gave an address; none otherwise. */
async function rebookEntry(appointment: Appointment, now: Date): Promise<OutboxEntry | null> {
  const site = siteAddress();
  const link = await visitorLink(appointment, site);
  const whatsapp = whatsappRebookEntry(appointment, REBOOK_KIND, link, site, now);
  if (whatsapp) return whatsapp;
  if (!appointment.email || !notificationSettings().enabled) return null;
  const mail = rebookMail(appointment, link);
  return newEntry(
    {
      kind: REBOOK_KIND,
      leadId: appointment.version,
      appointmentId: appointment.id,
      channel: 'visitor-email',
      subject: mail.subject,
      to: appointment.email,
      mail,
      webhook: null,
    },
    now,
  );
}

export interface OutcomeChange {
  appointment: Appointment;
  outcome: SessionOutcome;
  previous: SessionOutcome | null;
}

/**
 * An outcome's count under the call's source (discovery calls only), on the call's day. Named by
 * the outcome's event, so the route's own count and its follow-up's are one change.
 */
export async function countOutcome(eventId: string, { appointment, outcome, previous }: OutcomeChange): Promise<void> {
  if (appointment.session) return;
  const delta = outcomeDelta(sourceOf(appointment), outcome, previous);
  if (Object.keys(delta).length > 0)
    await leadSourceTally.add(`outcome-${eventId}`, dayBucket(new Date(appointment.start)), delta);
}

/** The follow-up of an outcome: counted under the call's source (discovery calls only), and a no-show's re-book message queued (its entry id, to send at once). */
export async function followUpOutcome(
  eventId: string,
  change: OutcomeChange,
  now: Date = new Date(),
): Promise<string[]> {
  const { appointment, outcome } = change;
  const rebook = async (): Promise<string[]> => {
    const entry = outcome === 'no-show' ? await rebookEntry(appointment, now) : null;
    if (!entry) return [];
    await enqueue([entry]);
    return [entry.id];
  };
  const [, ids] = await Promise.all([countOutcome(eventId, change), rebook()]);
  return ids;
}

/** A booked discovery call counts for What converts under its booking's source, on the day it was booked (once per appointment). */
export async function countCallBooked(appointment: Appointment): Promise<void> {
  if (appointment.session) return;
  await leadSourceTally.add(`call-booked-${appointment.id}`, dayBucket(new Date(appointment.createdAt)), {
    [conversionField(sourceOf(appointment), 'callsBooked')]: 1,
  });
}
