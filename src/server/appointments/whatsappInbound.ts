import { createHash } from 'node:crypto';
import { waNumberOf } from '../../lib/people/whatsappNumber';
import { notificationKindLabels } from '../../lib/admin/notificationLabels';
import type { Appointment } from '../../lib/schemas/appointment';
import { type ButtonAction, type InboundMessage, buttonAction } from '../../lib/schemas/whatsappWebhook';
import { visitorLink } from './links';
import { type VersionedAppointment, readAppointmentForUpdate, replaceAppointment } from '../booking';
import { afterResponse } from '../http/afterResponse';
import {
  type WhatsappInbound,
  confirmReply,
  ownerInboundAlert,
  rescheduleReply,
  whatsappInboundMail,
} from '../messages';
import {
  deliver,
  type OutboxEntry,
  enqueue,
  newEntry,
  notificationSettings,
  siteAddress,
  OWNER_ALERTS_PER_SENDER_PER_DAY,
  WHATSAPP_MESSAGES_PER_DAY,
  allowanceFor,
  inboundAlertAllowance,
  placeOf,
  takePlace,
} from '../notifications';
import { newestFirstKeyWith } from '../storage/keys';
import { StorageConflictError } from '../storage/errors';
import { whatsappConfig } from '../whatsapp';

// What a visitor's WhatsApp message does: our templates' Confirm button marks
// the call or session confirmed by the visitor (and thanks them), Reschedule answers with the link
// that moves it, and anything else (a typed message, a photo, a button of an appointment that is
// gone) tells the owner, who answers from WhatsApp itself. Our replies are outbox entries, under
// the visitor number's daily count like every WhatsApp message to a visitor.

/** owner-not-alerted: neither WhatsApp nor mail is set up for the owner; over-alert-cap: the sender had the day's alerts already. */
export type InboundOutcome =
  | 'confirmed'
  | 'already-confirmed'
  | 'rescheduling-link-sent'
  | 'owner-alerted'
  | 'owner-not-alerted'
  | 'over-alert-cap';

/** The visitor's name as WhatsApp gave it, for the owner's alert only. */
export interface InboundSender {
  number: string;
  profileName: string | null;
}

export async function handleInbound(
  message: InboundMessage,
  sender: InboundSender,
  now: Date,
): Promise<InboundOutcome> {
  const action = buttonAction(message);
  const found = action && (await appointmentOfButton(action, message.from, now));
  if (found && action.action === 'confirm') {
    const confirmed = await confirmByVisitor(found, message, now);
    if (confirmed === 'already-confirmed') return confirmed;
    if (confirmed) {
      // Over the number's count the thanks is left out: the owner sees the Confirm under Upcoming calls.
      await replyToVisitor(message, confirmReply(confirmed, now), 'WhatsApp: thanks for a Confirm', confirmed.id, now);
      return 'confirmed';
    }
  }
  if (found && action.action === 'reschedule') {
    const link = await visitorLink(found.appointment, siteAddress());
    if (
      await replyToVisitor(
        message,
        rescheduleReply(found.appointment, link, now),
        'WhatsApp: reply to a Reschedule',
        found.appointment.id,
        now,
      )
    )
      return 'rescheduling-link-sent';
    return alertOwner(
      message,
      sender,
      now,
      `No reply with their link: the number had ${WHATSAPP_MESSAGES_PER_DAY} WhatsApp messages from us in 24 hours; please send it yourself`,
    );
  }
  return alertOwner(message, sender, now);
}

/** When the visitor sent it, by Meta's timestamp (ms); now when that is missing or ahead of our clock. */
function sentTime(message: InboundMessage, now: Date): number {
  const sentAt = Number(message.timestamp) * 1000;
  return Number.isFinite(sentAt) && sentAt > 0 && sentAt <= now.getTime() ? sentAt : now.getTime();
}

/** The outbox entries of one inbound message are named by it: a message handled twice queues each once. */
const inboundLeadId = (message: InboundMessage, now: Date) =>
  newestFirstKeyWith(sentTime(message, now), createHash('sha256').update(message.id).digest('hex').slice(0, 10));

/**
 * A free-form reply to the visitor's tap, through the outbox (retries, the Notifications panel),
 * within the 24 hours the tap opened: the entry's retry window is those 24 hours, and Meta's
 * 131047 after them fails it for good. It takes its place in the number's daily count here,
 * named by the entry (so by the inbound message: a redelivery takes no second place), before it
 * is queued; false when the count is used up, and nothing is queued.
 */
async function replyToVisitor(
  message: InboundMessage,
  text: string,
  subject: string,
  appointmentId: string,
  now: Date,
): Promise<boolean> {
  const entry = newEntry(
    {
      kind: 'whatsapp-reply',
      leadId: inboundLeadId(message, now),
      channel: 'whatsapp',
      subject,
      to: message.from,
      mail: null,
      webhook: null,
      whatsapp: { text },
      appointmentId,
    },
    now,
  );
  const allowance = allowanceFor(entry);
  if (allowance && !(await takePlace(allowance, entry.id, now))) return false;
  await enqueue([entry]);
  await afterResponse(`whatsapp reply ${entry.id}`, () => deliver(entry.id));
  return true;
}

/**
 * The appointment a button names, when the button may act on it: it is still on and not over,
 * and the reply comes from the number it was booked with. A payload is ours (the template set it
 * and Meta signed the delivery), but a number check costs nothing and keeps a forwarded or stale
 * button from changing someone else's call; such a reply goes to the owner instead.
 */
async function appointmentOfButton(
  action: ButtonAction,
  from: string,
  now: Date,
): Promise<VersionedAppointment | null> {
  const found = await readAppointmentForUpdate(action.appointmentId);
  if (!found) return null;
  const { appointment } = found;
  if (appointment.status !== 'confirmed' || Date.parse(appointment.end) <= now.getTime()) return null;
  if (waNumberOf(appointment.phone) !== from) return null;
  return found;
}

const CONFIRM_ATTEMPTS = 5;

/**
 * Sets `visitorConfirmedAt` once, with a conditional write on the record as the button's check
 * read it: an owner's move at the same moment is never lost (the write is refused, and the
 * record read again).
 */
async function confirmByVisitor(
  checked: VersionedAppointment,
  message: InboundMessage,
  now: Date,
): Promise<Appointment | 'already-confirmed' | null> {
  const at = new Date(sentTime(message, now));
  const { id } = checked.appointment;
  for (let attempt = 0; attempt < CONFIRM_ATTEMPTS; attempt += 1) {
    const found = attempt === 0 ? checked : await readAppointmentForUpdate(id);
    // Cancelled in the meantime: the owner hears of the tap instead.
    if (!found || found.appointment.status !== 'confirmed') return null;
    if (found.appointment.visitorConfirmedAt) return 'already-confirmed';
    const confirmed = { ...found.appointment, visitorConfirmedAt: at.toISOString() };
    if (await replaceAppointment(confirmed, found.etag)) return confirmed;
  }
  throw new StorageConflictError('appointments', `records/${id}`);
}

/** What the owner's alert says the visitor sent: their text, or the kind of message it was. */
function sentContent(message: InboundMessage): { text: string | null; type: string } {
  if (message.type === 'text' && message.text) return { text: message.text.body, type: 'text' };
  if (message.type === 'button' && message.button?.text) return { text: message.button.text, type: 'button' };
  if (message.type === 'interactive' && message.interactive?.button_reply?.title)
    return { text: message.interactive.button_reply.title, type: 'button' };
  return { text: null, type: message.type };
}

/**
 * The owner hears of each inbound message on WhatsApp (WHATSAPP_OWNER_NUMBER) and, when mail
 * is configured, by e-mail, both through the outbox (retries, the admin's Notifications panel).
 * A Cloud API number has no app to read it in, so this is how the owner sees it. The entries'
 * ids are made from the message's own id, so a message handled twice is announced once. The
 * owner's own number writing in gets no WhatsApp alert of itself.
 */
async function alertOwner(
  message: InboundMessage,
  sender: InboundSender,
  now: Date,
  note: string | null = null,
): Promise<InboundOutcome> {
  const leadId = inboundLeadId(message, now);
  const config = whatsappConfig();
  const byWhatsApp = config.enabled && config.ownerNumber !== sender.number;
  const byMail = notificationSettings().enabled;
  if (!byWhatsApp && !byMail) return 'owner-not-alerted';
  // Anyone can write to the business number: at most a few alerts per sender a day, the last one saying so.
  const place = await placeOf(inboundAlertAllowance(sender.number, now), leadId, now);
  if (place === 0) return 'over-alert-cap';
  const lastToday =
    place === OWNER_ALERTS_PER_SENDER_PER_DAY
      ? `The ${OWNER_ALERTS_PER_SENDER_PER_DAY}th alert today for this number: its further messages today are not alerted`
      : null;
  const inbound: WhatsappInbound = {
    ...sentContent(message),
    number: sender.number,
    profileName: sender.profileName,
    at: new Date(sentTime(message, now)).toISOString(),
    note: [note, lastToday].filter(Boolean).join('. ') || null,
  };
  const entries: OutboxEntry[] = [];
  if (byWhatsApp) {
    const whatsapp = ownerInboundAlert(inbound);
    entries.push(
      newEntry(
        {
          kind: 'whatsapp-inbound',
          leadId,
          channel: 'owner-whatsapp',
          subject: `WhatsApp to you: ${notificationKindLabels['whatsapp-inbound']}`,
          to: null,
          mail: null,
          webhook: null,
          whatsapp,
        },
        now,
      ),
    );
  }
  if (byMail) {
    const mail = whatsappInboundMail(inbound, siteAddress());
    entries.push(
      newEntry(
        { kind: 'whatsapp-inbound', leadId, channel: 'email', subject: mail.subject, to: null, mail, webhook: null },
        now,
      ),
    );
  }
  await enqueue(entries);
  for (const entry of entries) await afterResponse(`whatsapp inbound alert ${entry.id}`, () => deliver(entry.id));
  return 'owner-alerted';
}
