import type { Appointment, AppointmentNotice } from '../../lib/schemas/appointment';
import type { NotificationKind } from '../../lib/schemas/notifications';
import { type IcalEvent, type OutboxEntry, enqueue, newEntry } from '../notifications/outbox';
import { notificationSettings, siteAddress } from '../notifications/settings';
import { adminUrl } from '../notifications/templates';
import { appointmentInvite } from './invite';
import { clientSpaceUrlOf } from '../clients/links';
import { manageUrl } from './links';
import { type CallMail, ownerCallMail, reminderMail, visitorCallMail } from './messages';

// Call messages go through the lead outbox (same retries, claims and admin panel).
// Each change of a call has its own `version` id, which names its entries, so a change
// queued twice is sent once and every change is sent. Each entry also names its
// appointment: the visitor's call mail is counted per appointment, not against the
// mailbox's daily cap (DECISIONS 34, src/server/notifications/visitorQuota.ts).

const KINDS: Record<AppointmentNotice['change'], NotificationKind> = {
  booked: 'appointment-booked',
  moved: 'appointment-moved',
  cancelled: 'appointment-cancelled',
};

function entry(appointment: Appointment, kind: NotificationKind, channel: 'email' | 'visitor-email', to: string | null, mail: CallMail & { icalEvent?: IcalEvent }, now: Date): OutboxEntry {
  return newEntry({ kind, leadId: appointment.version, appointmentId: appointment.id, channel, subject: mail.subject, to, mail, webhook: null }, now);
}

/** The visitor's link: a call's manage page, or a session's client space (issue 29). */
const visitorLink = (appointment: Appointment, site: string) => (appointment.session ? clientSpaceUrlOf(appointment.session.clientId, site) : manageUrl(appointment, site));

const inviteFile = (appointment: Appointment) => (appointment.status === 'cancelled' ? 'cancel.ics' : 'invite.ics');

/** The owner's notice and the visitor's confirmation of one change, each with its invite (pure but for the link). */
export async function callEntries(notice: AppointmentNotice, site: string, now: Date): Promise<OutboxEntry[]> {
  const { appointment } = notice;
  const kind = KINDS[notice.change];
  const link = await visitorLink(appointment, site);
  const ownerInvite = appointmentInvite(appointment, { forOwner: true });
  const entries = [
    entry(appointment, kind, 'email', null, { ...ownerCallMail(notice, adminUrl(site, appointment.session ? 'clients' : 'customers')), icalEvent: { ...ownerInvite, filename: inviteFile(appointment) } }, now),
  ];
  if (appointment.email) {
    const invite = appointmentInvite(appointment, { forOwner: false, manageUrl: link });
    entries.push(entry(appointment, kind, 'visitor-email', appointment.email, { ...visitorCallMail(notice, link), icalEvent: { ...invite, filename: inviteFile(appointment) } }, now));
  }
  return entries;
}

/** Queues the messages of a change (none when notifications are off); the entry ids to send. */
export async function queueCallNotices(notice: AppointmentNotice, now: Date = new Date()): Promise<string[]> {
  const state = notificationSettings();
  if (!state.enabled) return [];
  const entries = await callEntries(notice, siteAddress(), now);
  await enqueue(entries);
  return entries.map((item) => item.id);
}

/** Queues one reminder to the visitor; its entry id, or null when there is nobody to remind. */
export async function queueReminder(appointment: Appointment, which: 'day' | 'hour', now: Date = new Date()): Promise<string | null> {
  const state = notificationSettings();
  if (!state.enabled || !appointment.email) return null;
  const site = siteAddress();
  const kind: NotificationKind = which === 'day' ? 'appointment-reminder-day' : 'appointment-reminder-hour';
  const item = entry(appointment, kind, 'visitor-email', appointment.email, reminderMail(appointment, which, await visitorLink(appointment, site)), now);
  await enqueue([item]);
  return item.id;
}
