import { callbackPromisePhrase } from '../../lib/business';
import { formatRupees } from '../../lib/format';
import { notificationKindLabels } from '../../lib/admin/notificationLabels';
import { describeSlotIst } from '../../lib/schedule/slotDays';
import type { Appointment } from '../../lib/schemas/appointment';
import type { LeadEvent } from '../../lib/schemas/leadEvent';
import type { TemplatePurpose, WhatsAppMessage } from '../notifications';

// The WhatsApp messages' parameters, pure. Each message is a utility template approved by
// Meta (its words in docs/whatsapp.md); the site fills in the numbered parameters only.
// Visitor messages carry nothing the visitor typed beyond a plain name
// (docs/decisions/0028-visitor-mail-carries-only-our-words.md): the caller passes
// `plainName(...)` or null ("there").

/** The quick-reply payloads of the Confirm and Reschedule buttons (the webhook reads them back). */
export const confirmPayload = (appointmentId: string) => `confirm:${appointmentId}`;
export const reschedulePayload = (appointmentId: string) => `reschedule:${appointmentId}`;
const callButtons = (appointment: Appointment) => [confirmPayload(appointment.id), reschedulePayload(appointment.id)];

const greetingName = (name: string | null) => name ?? 'there';

/** "your discovery call" / "your 60-minute coaching session" (our words only). */
const whatItIs = (appointment: Appointment) =>
  appointment.session ? `${appointment.session.minutes}-minute coaching session` : 'free discovery call';

/** ccc_call_confirmation: {{1}} name, {{2}} when (IST); Confirm, Reschedule. */
export function callConfirmation(appointment: Appointment, name: string | null): WhatsAppMessage {
  return {
    purpose: 'callConfirmation',
    body: [greetingName(name), describeSlotIst(appointment.start)],
    quickReplies: callButtons(appointment),
  };
}

/** The reminders a day and an hour before: {{1}} name, {{2}} what it is, {{3}} when (IST); Confirm, Reschedule. */
export function reminder(appointment: Appointment, which: 'day' | 'hour', name: string | null): WhatsAppMessage {
  const purpose: TemplatePurpose = appointment.session
    ? which === 'day'
      ? 'sessionReminderDay'
      : 'sessionReminderHour'
    : which === 'day'
      ? 'callReminderDay'
      : 'callReminderHour';
  return {
    purpose,
    body: [greetingName(name), whatItIs(appointment), describeSlotIst(appointment.start)],
    quickReplies: callButtons(appointment),
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
export function rebook(appointment: Appointment, name: string | null, link: string, site: string): WhatsAppMessage {
  return {
    purpose: appointment.session ? 'sessionRebook' : 'callRebook',
    body: [greetingName(name)],
    urlSuffix: urlSuffixOf(link, site),
  };
}

/**
 * The payment link (pure). ccc_payment_request: {{1}} name, {{2}} what for (the owner's words),
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

/** ccc_payment_receipt: {{1}} name, {{2}} amount, {{3}} package (our catalogue's name). */
export function paymentReceipt(event: LeadEvent, name: string | null): WhatsAppMessage | null {
  if (event.kind !== 'payment-captured' || !event.payment) return null;
  return {
    purpose: 'paymentReceipt',
    body: [greetingName(name), formatRupees(event.payment.amount), event.payment.packageName],
  };
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
