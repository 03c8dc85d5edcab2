import { notificationKindLabels } from '../../lib/admin/notificationLabels';
import { business, callbackPromisePhrase } from '../../lib/business';
import { formatRupees } from '../../lib/format';
import { describeSlotIst } from '../../lib/schedule/slotDays';
import type { Appointment } from '../../lib/schemas/appointment';
import type { LeadEvent } from '../../lib/schemas/leadEvent';
import type { TemplatePurpose, WhatsAppMessage } from '../notifications';
import { formatIst, plainName } from './format';
import type { WhatsappInbound } from './mail/owner';

// Every WhatsApp message the site sends (docs/whatsapp.md), pure. Most are utility templates
// approved by Meta (their words in docs/whatsapp.md): the site fills in the numbered parameters
// only. Our replies to a visitor's tap are free-form text, within the 24 hours it opened. A
// visitor's message carries nothing they typed beyond a plain name: each builder takes the name as
// typed and keeps it only when `plainName` does (docs/decisions/0028-visitor-mail-carries-only-our-words.md).

/** The quick-reply payloads of the Confirm and Reschedule buttons (the webhook reads them back). */
const confirmPayload = (appointmentId: string) => `confirm:${appointmentId}`;
const reschedulePayload = (appointmentId: string) => `reschedule:${appointmentId}`;
const callButtons = (appointment: Appointment) => [confirmPayload(appointment.id), reschedulePayload(appointment.id)];

/** {{1}} of every visitor template: a plain name, or "there". */
const greetingName = (name: string | null) => plainName(name) ?? 'there';

/** "your discovery call" / "your 60-minute coaching session" (our words only). */
const whatItIs = (appointment: Appointment) =>
  appointment.session ? `${appointment.session.minutes}-minute coaching session` : 'free discovery call';

/** ccc_call_confirmation: {{1}} name, {{2}} when (IST); Confirm, Reschedule. */
export function callConfirmation(appointment: Appointment): WhatsAppMessage {
  return {
    purpose: 'callConfirmation',
    body: [greetingName(appointment.name), describeSlotIst(appointment.start)],
    quickReplies: callButtons(appointment),
  };
}

/**
 * The reminders a day and an hour before: {{1}} name, {{2}} what it is, {{3}} when (IST); Confirm,
 * Reschedule. An online session's ({{4}} its link, docs/scheduling.md "The meeting link") are
 * templates of their own: the link's start is Google Meet's or the owner's room's, not the site's,
 * so it goes in the text (WhatsApp makes it a link), and their **Join** URL button opens the
 * site's join link (`join`), which leads to the room.
 */
export function reminder(
  appointment: Appointment,
  which: 'day' | 'hour',
  join?: { link: string; site: string },
): WhatsAppMessage {
  const online = appointment.session && appointment.meetingUrl;
  const purpose: TemplatePurpose = appointment.session
    ? which === 'day'
      ? online
        ? 'sessionReminderDayOnline'
        : 'sessionReminderDay'
      : online
        ? 'sessionReminderHourOnline'
        : 'sessionReminderHour'
    : which === 'day'
      ? 'callReminderDay'
      : 'callReminderHour';
  const body = [greetingName(appointment.name), whatItIs(appointment), describeSlotIst(appointment.start)];
  return {
    purpose,
    body: online ? [...body, appointment.meetingUrl!] : body,
    quickReplies: callButtons(appointment),
    ...(online && join ? { urlSuffix: urlSuffixOf(join.link, join.site) } : {}),
  };
}

/**
 * A link as a URL button's dynamic part: the templates are registered with the site's
 * address as the button's fixed start (docs/whatsapp.md), so only the path after it is sent.
 */
export function urlSuffixOf(url: string, site: string): string {
  const prefix = `${site.replace(/\/+$/, '')}/`;
  return url.startsWith(prefix) ? url.slice(prefix.length) : url;
}

/**
 * ccc_callback_confirmation, after a free call request (the call modal, which asks for no e-mail):
 * {{1}} name, {{2}} the promise the modal shows ("4 business hours (Mon-Fri 9 AM-6 PM IST)", a
 * parameter so a new promise needs no new approval from Meta); URL button: the request's own page
 * to pick a time instead.
 */
export function callbackConfirmation(name: string | null, pickTimeLink: string, site: string): WhatsAppMessage {
  return {
    purpose: 'callbackConfirmation',
    body: [greetingName(name), callbackPromisePhrase],
    urlSuffix: urlSuffixOf(pickTimeLink, site),
  };
}

/** ccc_call_rebook (ccc_session_rebook for a paid session): {{1}} name; URL button: the call's manage page or the client space (after a no-show). */
export function rebook(appointment: Appointment, link: string, site: string): WhatsAppMessage {
  return {
    purpose: appointment.session ? 'sessionRebook' : 'callRebook',
    body: [greetingName(appointment.name)],
    urlSuffix: urlSuffixOf(link, site),
  };
}

/**
 * The payment link. ccc_payment_request: {{1}} name, {{2}} what for (the owner's words),
 * {{3}} amount; its Pay now button is `urlBase` (as Meta approved it) and the rest of the link.
 * A link that does not start with `urlBase` would become a broken button, so it goes in the body
 * of ccc_payment_request_link instead ({{4}} the link, no button): the payer always gets a link that works.
 */
export function paymentRequest(
  name: string | null,
  description: string,
  amount: number,
  linkUrl: string,
  urlBase: string,
): WhatsAppMessage {
  const body = [greetingName(name), description, formatRupees(amount)];
  const suffix = linkUrl.startsWith(urlBase) ? linkUrl.slice(urlBase.length) : '';
  return suffix
    ? { purpose: 'paymentRequest', body, urlSuffix: suffix }
    : { purpose: 'paymentRequestLink', body: [...body, linkUrl] };
}

/** ccc_payment_receipt: {{1}} name, {{2}} amount, {{3}} package (our catalogue's name); null for any other event. */
export function paymentReceipt(event: LeadEvent): WhatsAppMessage | null {
  if (event.kind !== 'payment-captured' || !event.payment) return null;
  return {
    purpose: 'paymentReceipt',
    body: [greetingName(event.person.name), formatRupees(event.payment.amount), event.payment.packageName],
  };
}

/** The free-form reply to Reschedule (inside the 24-hour window the visitor's tap opened): our words and their link only. */
export function rescheduleReply(appointment: Pick<Appointment, 'start' | 'session'>, link: string, now: Date): string {
  const when = formatIst(appointment.start);
  const what = appointment.session ? 'session' : 'call';
  const noticeHours = business.promises.rescheduleNoticeHours;
  const late = Date.parse(appointment.start) - now.getTime() < noticeHours * 3_600_000;
  const page = appointment.session ? 'your client page' : 'your private link';
  const lines = [`To move or cancel your ${what} on ${when}, open ${page}:`, link];
  if (late)
    lines.push(
      `It is less than ${noticeHours} hours away, so the page cannot change it any more: please call or WhatsApp ${business.contact.phone} (${business.contact.hours}).`,
    );
  lines.push(`${business.founder.name}, ${business.brand}`);
  return lines.join('\n\n');
}

/** The free-form thanks for a Confirm tap that confirmed the time: our words and a plain name only. */
export function confirmReply(appointment: Pick<Appointment, 'start' | 'session' | 'name'>, now: Date): string {
  const name = plainName(appointment.name);
  const what = appointment.session ? 'session' : 'call';
  const lines = [
    `Thank you${name ? `, ${name}` : ''}: your ${what} on ${formatIst(appointment.start)} is confirmed. We look forward to speaking with you.`,
  ];
  const noticeHours = business.promises.rescheduleNoticeHours;
  if (Date.parse(appointment.start) - now.getTime() >= noticeHours * 3_600_000)
    lines.push('If your plans change, tap Reschedule in our message and we will send you the link to move it.');
  lines.push(`${business.founder.name}, ${business.brand}`);
  return lines.join('\n\n');
}

/**
 * ccc_owner_lead_alert, to the owner for every lead as the e-mail alert: {{1}} what (the
 * kind's label), {{2}} who, {{3}} phone, {{4}} their choice. The owner's messages are
 * unchanged by docs/decisions/0028-visitor-mail-carries-only-our-words.md, so the name is as typed
 * (flattened to one line when sent).
 */
export function ownerLeadAlert(event: LeadEvent): WhatsAppMessage {
  return {
    purpose: 'ownerLeadAlert',
    body: [
      notificationKindLabels[event.kind],
      event.person.name ?? event.person.email ?? 'Someone',
      event.person.phone ?? 'no phone given',
      event.choice,
    ],
  };
}

/**
 * The owner's WhatsApp alert of a visitor's message: the lead alert template, as for every lead,
 * with our label, the sender's plain name (or "Someone"), their number and what they sent. The
 * owner's message may carry the visitor's words (docs/decisions/0028-visitor-mail-carries-only-our-words.md
 * is about visitors' messages); the send flattens and cuts each parameter as Meta requires.
 */
export function ownerInboundAlert(inbound: WhatsappInbound): WhatsAppMessage {
  return {
    purpose: 'ownerLeadAlert',
    body: [
      notificationKindLabels['whatsapp-inbound'],
      plainName(inbound.profileName) ?? 'Someone',
      `+${inbound.number}`,
      // Our note first: the parameter is cut at 200 characters, and the note must survive a long text.
      `${inbound.note ? `(${inbound.note}) ` : ''}${inbound.text?.trim() || `a message of type ${inbound.type.replace(/[^a-z_]/gi, '').slice(0, 40) || 'unknown'}, not text`}`,
    ],
  };
}

/** ccc_parent_consent: {{1}} the parent's name, {{2}} the student's, {{3}} what they asked for; URL button: the confirmation page. */
export function parentConsentWhatsApp(
  facts: { parentName: string; student: string; what: string; link: string },
  site: string,
): WhatsAppMessage {
  return {
    purpose: 'parentConsent',
    body: [greetingName(facts.parentName), plainName(facts.student) ?? 'A student', facts.what],
    urlSuffix: urlSuffixOf(facts.link, site),
  };
}

/** ccc_privacy_link: {{1}} until when the link works; URL button: the my-data page with its token. */
export function privacyLinkWhatsApp(link: string, expiresAt: string, site: string): WhatsAppMessage {
  return { purpose: 'privacyLink', body: [formatIst(expiresAt)], urlSuffix: urlSuffixOf(link, site) };
}

/** ccc_review_request: {{1}} name; URL button: the review page with its token (after a held session). */
export function reviewRequestWhatsApp(appointment: Appointment, link: string, site: string): WhatsAppMessage {
  return { purpose: 'reviewRequest', body: [greetingName(appointment.name)], urlSuffix: urlSuffixOf(link, site) };
}

/** The owner's WhatsApp messages: they may quote what a lead typed. */
export const ownerWhatsapp = { ownerLeadAlert, ownerInboundAlert } as const;

/** Visitors' WhatsApp messages, templates and free-form replies: our words and at most a plain name. */
export const visitorWhatsapp = {
  callConfirmation,
  reminder,
  callbackConfirmation,
  rebook,
  paymentRequest,
  paymentReceipt,
  rescheduleReply,
  confirmReply,
  privacyLinkWhatsApp,
  parentConsentWhatsApp,
  reviewRequestWhatsApp,
} as const;

/** Every WhatsApp message builder, once; tests/unit/messages.test.ts renders each. */
export const whatsapp = { ...ownerWhatsapp, ...visitorWhatsapp } as const;
