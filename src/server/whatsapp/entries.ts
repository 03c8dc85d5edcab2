import type { Appointment, AppointmentNotice } from '../../lib/schemas/appointment';
import type { LeadEvent } from '../../lib/schemas/leadEvent';
import type { NotificationKind } from '../../lib/schemas/notifications';
import { notificationKindLabels } from '../../lib/admin/notificationLabels';
import { isLeadNotificationKind } from '../../lib/leads/kinds';
import { callConfirmation, callbackConfirmation, ownerLeadAlert, paymentReceipt, rebook, reminder } from '../messages';
import { type OutboxEntry, newEntry, type WhatsAppMessage } from '../notifications';
import { whatsappConfig } from './config';
import { type ConsentHolder, consentedNumber } from './consent';

// Which WhatsApp messages each event makes (docs/whatsapp.md), as outbox entries beside the mails.
// None while WhatsApp is off (whatsappEnabled() false): nothing changes without the six
// variables. A visitor gets WhatsApp only with their stored consent (consentedNumber);
// the owner's alert needs only WHATSAPP_OWNER_NUMBER. Entries are named like every other
// (`{lead or version}.{kind}.{channel}`), so an event done twice queues each one once.

export const whatsappEnabled = () => whatsappConfig().enabled;

const subjectOf = (kind: NotificationKind, forOwner: boolean) =>
  `WhatsApp${forOwner ? ' to you' : ''}: ${notificationKindLabels[kind]}`;

function visitorEntry(
  kind: NotificationKind,
  leadId: string,
  to: string,
  whatsapp: WhatsAppMessage,
  now: Date,
  appointmentId?: string,
): OutboxEntry {
  return newEntry(
    {
      kind,
      leadId,
      channel: 'whatsapp',
      subject: subjectOf(kind, false),
      to,
      mail: null,
      webhook: null,
      whatsapp,
      ...(appointmentId ? { appointmentId } : {}),
    },
    now,
  );
}

/** A lead's or payment's: the owner's alert (every lead, as the e-mail alert) and a captured payment's receipt to a payer who consented (pure). */
export function whatsappLeadEntries(event: LeadEvent, now: Date): OutboxEntry[] {
  const { kind, leadId } = event;
  if (!isLeadNotificationKind(kind) && kind !== 'payment-captured' && kind !== 'payment-failed') return [];
  const entries = [
    newEntry(
      {
        kind,
        leadId,
        channel: 'owner-whatsapp',
        subject: subjectOf(kind, true),
        to: null,
        mail: null,
        webhook: null,
        whatsapp: ownerLeadAlert(event),
      },
      now,
    ),
  ];
  const receipt = paymentReceipt(event);
  const to = event.payment?.whatsappTo;
  if (receipt && to) entries.push(visitorEntry(kind, leadId, to, receipt, now));
  return entries;
}

/**
 * A free call request's confirmation (`ccc_callback_confirmation`): when we will call, and the
 * request's own link to pick a time instead, to a visitor who consented (pure). Null without
 * consent or while WhatsApp is off. Named by the request and its kind, so a follow-up done
 * twice queues it once.
 */
export function whatsappCallbackEntry(
  request: ConsentHolder & { id: string; fullName: string },
  pickTimeLink: string,
  site: string,
  now: Date,
): OutboxEntry | null {
  const to = whatsappEnabled() ? consentedNumber(request) : null;
  return to
    ? visitorEntry('discovery-call', request.id, to, callbackConfirmation(request.fullName, pickTimeLink, site), now)
    : null;
}

/**
 * A booked or moved call's confirmation with Confirm and Reschedule, to a visitor who
 * consented (pure). A session's booking is confirmed in the client space; its reminders
 * come here too.
 */
export function whatsappCallEntries(notice: AppointmentNotice, kind: NotificationKind, now: Date): OutboxEntry[] {
  const { appointment } = notice;
  const to = consentedNumber(appointment);
  if (!to || appointment.session || notice.change === 'cancelled') return [];
  return [visitorEntry(kind, appointment.version, to, callConfirmation(appointment), now, appointment.id)];
}

/** A reminder a day or an hour before, with Confirm and Reschedule, to a visitor who consented (pure). */
export function whatsappReminderEntry(
  appointment: Appointment,
  which: 'day' | 'hour',
  kind: NotificationKind,
  now: Date,
  join?: { link: string; site: string },
): OutboxEntry | null {
  const to = consentedNumber(appointment);
  return to
    ? visitorEntry(kind, appointment.version, to, reminder(appointment, which, join), now, appointment.id)
    : null;
}

/**
 * The one re-book message after a no-show: `ccc_call_rebook` with the call's
 * manage link as its button (a session: `ccc_session_rebook` with the client space), to a
 * visitor who consented; null without consent or while WhatsApp is off (the caller then
 * mails). Named by the appointment's version and `kind`, so marking the outcome twice queues it once.
 */
export function whatsappRebookEntry(
  appointment: Appointment,
  kind: NotificationKind,
  link: string,
  site: string,
  now: Date,
): OutboxEntry | null {
  const to = whatsappEnabled() ? consentedNumber(appointment) : null;
  return to ? visitorEntry(kind, appointment.version, to, rebook(appointment, link, site), now, appointment.id) : null;
}
