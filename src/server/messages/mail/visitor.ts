import { business, businessHoursPhrase } from '../../../lib/business';
import { formatPaise, formatRupees } from '../../../lib/format';
import { type LeadNotificationKind, isLeadNotificationKind } from '../../../lib/leads/kinds';
import { describeSlotIst } from '../../../lib/schedule/slotDays';
import { dueAfter } from '../../../lib/dueTime';
import type { Appointment, AppointmentNotice } from '../../../lib/schemas/appointment';
import type { LeadEvent } from '../../../lib/schemas/leadEvent';
import type { NotificationKind } from '../../../lib/schemas/notifications';
import type { RefundNotice } from '../../../lib/schemas/refund';
import type { MailContent } from '../../notifications';
import { isSession, noun, whatItIs } from '../callWords';
import { type Line, formatIst, greetingOf, letter, linkLine } from '../format';
import { policyLinks } from '../../../lib/navigation';
import { JOIN_LABEL, sessionRules } from '../../../lib/sessionRules';

// The mails to visitors and clients. A visitor's mail goes to whatever address was typed, so it
// carries only our words, our catalogue's names, amounts, ids, our links and at most a plain name
// (docs/decisions/0028-visitor-mail-carries-only-our-words.md): every builder here greets through
// `greetingOf` and repeats no other text the visitor typed. tests/unit/messages.test.ts checks it.

/** A visitor's confirmation of a lead or payment, before its sign-off. */
interface Confirmation {
  subject: string;
  paragraphs: string[];
  /** Facts as label and text (a link, a receipt's amount). */
  lines: Line[];
}

/** One kind's confirmation, or null when the event lacks what it tells (a download's resource, a payment). */
type Confirm = (event: LeadEvent, site: string, greeting: string) => Confirmation | null;

/**
 * The confirmation each lead kind (src/lib/leads/kinds.ts) sends its visitor, or null for none.
 * Typed over every lead notification kind, so a kind added there does not type-check until it
 * has its entry here (what the owner's subject names is in ownerFacts.ts, `ownerSubjectNames`).
 */
const leadConfirmations: Record<LeadNotificationKind, Confirm | null> = {
  'discovery-call': null,
  'package-booking': null,
  contact: contactConfirmation,
  'resource-download': downloadConfirmation,
  newsletter: null,
  'corporate-enquiry': corporateEnquiryConfirmation,
};

/** The confirmation a kind sends: a lead kind's own, a paid package's receipt, or null for none. */
function confirmationOf(kind: NotificationKind): Confirm | null {
  if (isLeadNotificationKind(kind)) return leadConfirmations[kind];
  return kind === 'payment-captured' ? receiptConfirmation : null;
}

/** The kinds a visitor hears back about (when they gave an e-mail). */
export function hasVisitorConfirmation(event: LeadEvent): boolean {
  return Boolean(event.person.email) && confirmationOf(event.kind) !== null;
}

function downloadUrl(site: string, resourceId: string): string {
  return `${site}/api/download/${encodeURIComponent(resourceId)}`;
}

function contactConfirmation(event: LeadEvent, _site: string, greeting: string): Confirmation {
  const hours = business.promises.responseHours;
  // The promise the owner reads too, with the same due time (src/server/messages/ownerFacts.ts).
  const due = formatIst(dueAfter(new Date(event.at), hours));
  return {
    subject: `We received your message: ${business.brand}`,
    paragraphs: [
      greeting,
      `Thank you for writing to ${business.brand}. We'll reply within ${businessHoursPhrase(hours)}: by ${due}.`,
      'To make the most of our call, have ready: what you are studying or your current role, the decision you are facing, any deadlines, and your CV if you have one.',
    ],
    lines: [],
  };
}

function corporateEnquiryConfirmation(event: LeadEvent, _site: string, greeting: string): Confirmation {
  const hours = business.promises.responseHours;
  const due = formatIst(dueAfter(new Date(event.at), hours));
  return {
    subject: `We received your enquiry: ${business.brand}`,
    paragraphs: [
      greeting,
      `Thank you for your interest in ${business.brand}'s programmes for employers. We'll reply within ${businessHoursPhrase(hours)}, by ${due}, to set up a consultation with your HR team.`,
      'To make the most of the call, have ready: the number of employees and locations, what prompted the enquiry, and any timelines you are working to.',
    ],
    lines: [],
  };
}

function downloadConfirmation(event: LeadEvent, site: string, greeting: string): Confirmation | null {
  if (!event.download) return null;
  const url = downloadUrl(site, event.download.resourceId);
  return {
    subject: `Your download: ${event.download.title}`,
    paragraphs: [greeting, `Thank you for your interest. Here is your copy of "${event.download.title}":`],
    lines: [linkLine('Download', url)],
  };
}

function receiptConfirmation(event: LeadEvent, site: string, greeting: string): Confirmation | null {
  if (!event.payment) return null;
  const hours = business.promises.responseHours;
  const lines: Line[] = [
    { label: 'Package', text: event.payment.packageName },
    { label: 'Amount paid', text: formatRupees(event.payment.amount) },
    ...(event.payment.paymentId ? [{ label: 'Payment id', text: event.payment.paymentId }] : []),
    { label: 'Date', text: formatIst(event.at) },
  ];
  const { clientSpaceUrl, sessions } = event.payment;
  if (clientSpaceUrl) lines.push(linkLine('Book your sessions', clientSpaceUrl));
  lines.push(linkLine(policyLinks.refunds.label, new URL(policyLinks.refunds.href, site).href));
  const included =
    sessions == null
      ? null
      : sessions === 0
        ? 'Your sessions are arranged with you on our call.'
        : `Your package includes ${sessions} coaching ${sessions === 1 ? 'session' : 'sessions'}.`;
  return {
    subject: `Payment received: ${event.payment.packageName}`,
    paragraphs: [
      greeting,
      `Thank you: your payment to ${business.brand} is confirmed. This e-mail is your receipt.`,
      ...(included ? [included] : []),
      ...(event.payment.invoice
        ? [
            `Your ${event.payment.invoice.title.toLowerCase()} ${event.payment.invoice.serial} is attached to this e-mail as a PDF.`,
          ]
        : []),
      clientSpaceUrl
        ? `Next steps: book your sessions at a time that suits you from your private page (the "Book your sessions" link below), and move or cancel them there up to ${business.promises.rescheduleNoticeHours} hours before. Keep this e-mail: the link is yours alone. Questions: call or WhatsApp ${business.contact.phone} (${business.contact.hours}).`
        : `Next steps: we'll call you within ${hours} hours (${business.contact.hours}) to plan your sessions.`,
    ],
    lines,
  };
}

/** The visitor's confirmation of a lead or payment, or null for kinds that send none. */
export function visitorEmail(event: LeadEvent, site: string): MailContent | null {
  if (!hasVisitorConfirmation(event)) return null;
  const confirmation = confirmationOf(event.kind)?.(event, site, greetingOf(event.person.name)) ?? null;
  if (!confirmation) return null;
  return letter(confirmation.subject, confirmation.paragraphs, confirmation.lines);
}

/** A payment link the owner asked us to e-mail: only our words, the owner's description, the amount and Razorpay's link. */
export function paymentLinkEmail(request: {
  name: string;
  amount: number;
  description: string;
  url: string;
  expiresAt: string;
}): MailContent {
  return letter(
    `Your payment link: ${business.brand}`,
    [
      greetingOf(request.name),
      `As agreed on our call, here is your secure Razorpay link to pay ${business.brand} by card, UPI or net banking. You will get a receipt by e-mail once it is paid.`,
    ],
    [
      { label: 'For', text: request.description },
      { label: 'Amount', text: formatRupees(request.amount) },
      linkLine('Pay here', request.url),
      { label: 'Valid until', text: formatIst(request.expiresAt) },
    ],
  );
}

const manageLabel = (appointment: Appointment) =>
  isSession(appointment) ? 'Your sessions: book, move or cancel' : 'Move or cancel your call';

/**
 * How the visitor meets us: an online session's link (written into the appointment by the
 * appointments feature, docs/scheduling.md "The meeting link"), else our call to their number.
 */
const howWeMeet = (appointment: Appointment) =>
  appointment.meetingUrl
    ? `It is held online: join with the link below (${JOIN_LABEL}) a few minutes before.`
    : 'We will call you on the number you gave us.';
const joinLines = (appointment: Appointment): Line[] =>
  appointment.meetingUrl ? [linkLine(JOIN_LABEL, appointment.meetingUrl)] : [];

/** The visitor's confirmation of a call or session booked, moved or cancelled; `manageUrl` moves or cancels it. */
export function visitorCallMail(
  { change, by, appointment, previousStart }: AppointmentNotice,
  manageUrl: string,
): MailContent {
  const greeting = greetingOf(appointment.name);
  const when = describeSlotIst(appointment.start);
  const link = linkLine(manageLabel(appointment), manageUrl);
  if (change === 'cancelled') {
    if (isSession(appointment)) {
      return letter(
        `Your session is cancelled: ${business.brand}`,
        [
          greeting,
          `Your ${whatItIs(appointment)} on ${when} is cancelled. Your client page shows the sessions you can still book.`,
        ],
        [link],
      );
    }
    return letter(`Your call is cancelled: ${business.brand}`, [
      greeting,
      `Your discovery call on ${when} is cancelled. If you would like another time, book again on our site or call ${business.contact.phone}.`,
    ]);
  }
  // A time the owner moved (in the admin, at any time) says so: the client did not ask for it.
  const byCoach = change === 'moved' && by === 'owner';
  const subject =
    change === 'booked'
      ? `Your ${noun(appointment)} is booked: ${when}`
      : byCoach
        ? `Your coach moved your ${noun(appointment)}: ${when}`
        : `Your ${noun(appointment)} has moved: ${when}`;
  const booked = isSession(appointment)
    ? `Your ${whatItIs(appointment)} is booked`
    : `Your free ${business.promises.discoveryCallMinutes}-minute discovery call is booked`;
  return letter(
    subject,
    [
      greeting,
      byCoach
        ? `${business.founder.name}, your coach, has moved your ${whatItIs(appointment)}${previousStart ? ` from ${describeSlotIst(previousStart)}` : ''} to ${when}. ${howWeMeet(appointment)}`
        : `${change === 'booked' ? booked : `Your ${whatItIs(appointment)} is now`} for ${when}. ${howWeMeet(appointment)}`,
      ...(isSession(appointment)
        ? sessionRules
        : [
            `You can move or cancel it online until ${business.promises.rescheduleNoticeHours} hours before; after that, call or WhatsApp ${business.contact.phone}.`,
          ]),
    ],
    [...joinLines(appointment), link],
  );
}

/** A reminder a day or an hour before; the day's carries the link that moves or cancels it, an online session's its link to join. */
export function reminderMail(appointment: Appointment, which: 'day' | 'hour', manageUrl: string): MailContent {
  const when = describeSlotIst(appointment.start);
  return letter(
    which === 'day'
      ? `Reminder: your ${noun(appointment)} with ${business.brand} tomorrow`
      : `Reminder: your ${noun(appointment)} with ${business.brand} in an hour`,
    [greetingOf(appointment.name), `A reminder of your ${whatItIs(appointment)} on ${when}. ${howWeMeet(appointment)}`],
    [...joinLines(appointment), ...(which === 'day' ? [linkLine(manageLabel(appointment), manageUrl)] : [])],
  );
}

/** After the owner marks a call or session a no-show: one invitation to pick a new time, with the link that does it. */
export function rebookMail(appointment: Appointment, link: string): MailContent {
  return letter(
    `We missed you: pick a new time for your ${noun(appointment)} with ${business.brand}`,
    [
      greetingOf(appointment.name),
      `We were sorry to miss you at your ${whatItIs(appointment)} on ${describeSlotIst(appointment.start)}. It happens: pick a new time that suits you with the link below.`,
    ],
    [linkLine(isSession(appointment) ? 'Your sessions: book a new time' : 'Pick a new time for your call', link)],
  );
}

/** Razorpay's normal refunds reach the customer's account in 5-7 working days (its Refunds docs). */
const NORMAL_REFUND_DAYS = '5-7 working days';

/** The client's mail about a settled refund: our words, the amounts and ids; the owner's reason stays with the owner. */
export function clientRefundMail(notice: RefundNotice): MailContent {
  const greeting = greetingOf(notice.person.name);
  const lines: Line[] = [
    { label: 'Package', text: notice.packageName },
    { label: 'Refund', text: formatPaise(notice.amountPaise) },
    { label: 'Payment id', text: notice.razorpayPaymentId },
    { label: 'Refund id', text: notice.refundId },
  ];
  if (notice.status === 'processed') {
    return letter(
      `Refund processed: ${formatPaise(notice.amountPaise)}`,
      [
        greeting,
        `Your refund of ${formatPaise(notice.amountPaise)} for ${notice.packageName} has been processed by our payment gateway, Razorpay.`,
        `It usually reaches the account or card you paid from within ${NORMAL_REFUND_DAYS}. If it has not arrived by then, write to us or call and quote the refund id below.`,
      ],
      lines,
    );
  }
  return letter(
    `About your refund: ${business.brand}`,
    [
      greeting,
      `Our payment gateway could not complete your refund of ${formatPaise(notice.amountPaise)} for ${notice.packageName}. The amount has not been returned to you yet.`,
      `We will contact you within ${business.promises.responseHours} hours (${business.contact.hours}) to sort it out with you.`,
    ],
    lines,
  );
}

/**
 * The client's nudge 48 hours before their first session while their brief is empty: our words and
 * their client-space link only (docs/client-space.md).
 */
export function briefReminderMail(name: string | null, sessionStart: string, clientSpaceUrl: string): MailContent {
  return letter(
    `Before your first session with ${business.brand}`,
    [
      greetingOf(name),
      `Your first session is on ${describeSlotIst(sessionStart)}. A few short questions in your client space help your coach prepare for it: they take about five minutes.`,
    ],
    [linkLine('Answer the questions', clientSpaceUrl)],
  );
}

/** The client is told a document was added to their space: a link to the space, never the file or its title. */
export function clientDocumentMail(name: string | null, clientSpaceUrl: string): MailContent {
  return letter(
    `A new document in your client space: ${business.brand}`,
    [
      greetingOf(name),
      `${business.founder.name}, your coach, has added a document for you. Open your client space to read or download it.`,
    ],
    [linkLine('Your documents', clientSpaceUrl)],
  );
}
