import type { Appointment, AppointmentNotice } from '../../lib/schemas/appointment';
import type { NotificationKind } from '../../lib/schemas/notifications';
import { adminUrl, ownerCallMail, reminderMail, visitorCallMail } from '../messages';
import {
  type IcalEvent,
  type MailContent,
  type OutboxEntry,
  enqueue,
  newEntry,
  notificationSettings,
  siteAddress,
} from '../notifications';
import { joinLinkOf, withMeetingUrl } from '../booking';
import { appointmentInvite } from './invite';
import { visitorLink } from './links';
import { whatsappCallEntries, whatsappEnabled, whatsappReminderEntry } from '../whatsapp';

// Call messages go through the lead outbox (same retries, claims and admin panel).
// Each change of a call has its own `version` id, which names its entries, so a change
// queued twice is sent once and every change is sent. Each entry also names its
// appointment: the visitor's call mail is counted per appointment, not against the
// mailbox's daily cap (docs/decisions/0034-mailbox-cap-and-passkey-safety.md,
// src/server/notifications/visitorQuota.ts).

const KINDS: Record<AppointmentNotice['change'], NotificationKind> = {
  booked: 'appointment-booked',
  moved: 'appointment-moved',
  cancelled: 'appointment-cancelled',
};

function entry(
  appointment: Appointment,
  kind: NotificationKind,
  channel: 'email' | 'visitor-email',
  to: string | null,
  mail: MailContent & { icalEvent?: IcalEvent },
  now: Date,
): OutboxEntry {
  // The owner's mail about a session names its client: one client's changes are counted per day (visitorQuota.ts).
  const clientId = channel === 'email' ? appointment.session?.clientId : undefined;
  return newEntry(
    {
      kind,
      leadId: appointment.version,
      appointmentId: appointment.id,
      ...(clientId ? { clientId } : {}),
      channel,
      subject: mail.subject,
      to,
      mail,
      webhook: null,
    },
    now,
  );
}

const inviteFile = (appointment: Appointment) => (appointment.status === 'cancelled' ? 'cancel.ics' : 'invite.ics');

/**
 * The owner's notice and the visitor's confirmation of one change, each with its invite (pure but
 * for the link). An online session's messages carry its link (docs/scheduling.md, "The meeting link").
 */
export async function callEntries(told: AppointmentNotice, site: string, now: Date): Promise<OutboxEntry[]> {
  const notice = { ...told, appointment: withMeetingUrl(told.appointment) };
  const { appointment } = notice;
  const kind = KINDS[notice.change];
  const link = await visitorLink(appointment, site);
  const ownerInvite = appointmentInvite(appointment, { forOwner: true });
  const entries = [
    entry(
      appointment,
      kind,
      'email',
      null,
      {
        ...ownerCallMail(notice, adminUrl(site, appointment.session ? 'clients' : 'customers')),
        icalEvent: { ...ownerInvite, filename: inviteFile(appointment) },
      },
      now,
    ),
  ];
  if (appointment.email) {
    const invite = appointmentInvite(appointment, { forOwner: false, manageUrl: link });
    entries.push(
      entry(
        appointment,
        kind,
        'visitor-email',
        appointment.email,
        { ...visitorCallMail(notice, link), icalEvent: { ...invite, filename: inviteFile(appointment) } },
        now,
      ),
    );
  }
  return entries;
}

/** Queues the messages of a change (none when notifications and WhatsApp are off); the entry ids to send. */
export async function queueCallNotices(told: AppointmentNotice, now: Date = new Date()): Promise<string[]> {
  const notice = { ...told, appointment: withMeetingUrl(told.appointment) };
  const state = notificationSettings();
  const entries = state.enabled ? await callEntries(notice, siteAddress(), now) : [];
  if (whatsappEnabled()) entries.push(...whatsappCallEntries(notice, KINDS[notice.change], now));
  if (entries.length === 0) return [];
  await enqueue(entries);
  return entries.map((item) => item.id);
}

/** Queues one reminder to the visitor, by mail and (with their consent) on WhatsApp; the entry ids, none when there is nobody to remind. */
export async function queueReminder(
  stored: Appointment,
  which: 'day' | 'hour',
  now: Date = new Date(),
): Promise<string[]> {
  const appointment = withMeetingUrl(stored);
  const state = notificationSettings();
  const kind: NotificationKind = which === 'day' ? 'appointment-reminder-day' : 'appointment-reminder-hour';
  const items: OutboxEntry[] = [];
  const site = siteAddress();
  if (state.enabled && appointment.email) {
    items.push(
      entry(
        appointment,
        kind,
        'visitor-email',
        appointment.email,
        reminderMail(appointment, which, await visitorLink(appointment, site)),
        now,
      ),
    );
  }
  // An online session's Join button opens the site's join link (docs/whatsapp.md).
  const join =
    appointment.session && appointment.meetingUrl ? { link: await joinLinkOf(appointment.id, site), site } : undefined;
  const whatsapp = whatsappEnabled() ? whatsappReminderEntry(appointment, which, kind, now, join) : null;
  if (whatsapp) items.push(whatsapp);
  if (items.length === 0) return [];
  await enqueue(items);
  return items.map((item) => item.id);
}
