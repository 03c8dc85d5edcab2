import { business } from '../../lib/business';
import { dueAfter } from '../../lib/dueTime';
import { formatRupees } from '../../lib/format';
import { type Attribution, DIRECT_SOURCE } from '../../lib/schemas/attribution';
import { type LeadNotificationKind, isLeadNotificationKind, leadAnnouncements } from '../../lib/leads/kinds';
import { leadPromiseHours } from '../../lib/leads/promise';
import type { NotificationKind } from '../../lib/schemas/notifications';
import type { LeadEvent } from '../../lib/schemas/leadEvent';

// Every message the site sends, from one module: the owner's e-mail and webhook text, and
// the visitor's confirmations. Pure functions of a LeadEvent and the site's address, so
// they are unit-tested alone; brand and contact facts come from src/lib/business.ts.

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** A Slack / Google Chat style incoming-webhook body: `text` plus the structured facts. */
export interface WebhookBody {
  text: string;
  kind: NotificationKind;
  leadId: string;
  at: string;
  name: string | null;
  phone: string | null;
  phoneHref: string | null;
  email: string | null;
  choice: string;
  callbackPromise: string | null;
  adminUrl: string;
  source: string;
  medium: string | null;
  campaign: string | null;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A tel: link that dials from anywhere: Indian 10-digit numbers get +91. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) return `tel:+${digits}`;
  if (digits.length === 10) return `tel:+91${digits}`;
  if (digits.length === 12 && digits.startsWith('91')) return `tel:+${digits}`;
  return `tel:${digits}`;
}

const istTime = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
export function formatIst(at: string | Date): string {
  // ICU puts narrow no-break spaces before am/pm; plain spaces read the same in every mail client.
  return `${istTime.format(new Date(at)).replace(/\s/g, ' ')} IST`;
}

/** How soon the site promised a call back for this kind of lead, or null when it promised none. */
export function callbackHours(kind: NotificationKind): number | null {
  // A lead's promise is its kind's (src/lib/leads/kinds.ts); a paid package is promised a reply too.
  if (isLeadNotificationKind(kind)) return leadPromiseHours(kind);
  return kind === 'payment-captured' ? business.promises.responseHours : null;
}

/** The promise as the owner reads it, with the time it runs out. */
export function callbackPromise(event: Pick<LeadEvent, 'kind' | 'at'>): string | null {
  const hours = callbackHours(event.kind);
  if (hours === null) return null;
  // The same due time as the admin's to-do: counted in business hours
  // (docs/decisions/0030-callback-promises-in-business-hours.md).
  const due = dueAfter(new Date(event.at), hours);
  return `The site promised a call back within ${hours} business hours: by ${formatIst(due)}.`;
}

export function sourceOf(attribution: Attribution | null): {
  source: string;
  medium: string | null;
  campaign: string | null;
} {
  return {
    source: attribution?.source || DIRECT_SOURCE,
    medium: attribution?.medium || null,
    campaign: attribution?.campaign || null,
  };
}

function sourceLine(attribution: Attribution | null): string {
  const { source, medium, campaign } = sourceOf(attribution);
  const parts = [source, medium && `/ ${medium}`, campaign && `(campaign ${campaign})`].filter(Boolean).join(' ');
  const extra = [
    attribution?.referrer && `referrer ${attribution.referrer}`,
    attribution?.landingPage && `landed on ${attribution.landingPage}`,
  ].filter(Boolean);
  return extra.length > 0 ? `${parts}; ${extra.join(', ')}` : parts;
}

/** The dashboard, on the tab that holds the lead (a client's session: Clients). */
export function adminUrl(site: string, tab: 'customers' | 'clients' = 'customers'): string {
  return `${site}/admin/bookings#${tab}`;
}

const HEADLINES: Record<NotificationKind, string> = {
  ...(Object.fromEntries(Object.entries(leadAnnouncements).map(([kind, { headline }]) => [kind, headline])) as Record<
    keyof typeof leadAnnouncements,
    string
  >),
  'payment-captured': 'Payment captured',
  'payment-failed': 'Payment failed',
  'payment-request': 'Payment link sent',
  'appointment-booked': 'Call booked',
  'appointment-moved': 'Call moved',
  'appointment-cancelled': 'Call cancelled',
  'appointment-reminder-day': 'Call reminder',
  'appointment-reminder-hour': 'Call reminder',
  'appointment-no-show': 'Missed call',
  'passkey-added': 'Passkey added',
  'refund-processed': 'Refund processed',
  'refund-failed': 'Refund failed',
  'whatsapp-inbound': 'WhatsApp message',
  'whatsapp-reply': 'WhatsApp reply',
};

/**
 * What each lead kind (src/lib/leads/kinds.ts) says beyond its headline: whether the owner's
 * subject names only who it is or also what they chose (a package, a resource, a company),
 * and the visitor's confirmation (null: none is sent). Typed over every lead notification
 * kind, so a kind added there does not type-check until it has its entry here.
 */
const leadWording: Record<
  LeadNotificationKind,
  { ownerSubjectNames: 'who' | 'choice and who'; confirmation: Confirm | null }
> = {
  'discovery-call': { ownerSubjectNames: 'who', confirmation: null },
  'package-booking': { ownerSubjectNames: 'choice and who', confirmation: null },
  contact: { ownerSubjectNames: 'who', confirmation: contactConfirmation },
  'resource-download': { ownerSubjectNames: 'choice and who', confirmation: downloadConfirmation },
  newsletter: { ownerSubjectNames: 'who', confirmation: null },
  'corporate-enquiry': { ownerSubjectNames: 'choice and who', confirmation: corporateEnquiryConfirmation },
};

function ownerSubject(event: LeadEvent): string {
  const who = event.person.name ?? event.person.email ?? 'a visitor';
  if (event.kind === 'payment-captured' && event.payment)
    return `${HEADLINES[event.kind]}: ${formatRupees(event.payment.amount)} for ${event.payment.packageName} (${who})`;
  if (isLeadNotificationKind(event.kind) && leadWording[event.kind].ownerSubjectNames === 'who')
    return `${HEADLINES[event.kind]}: ${who}`;
  return `${HEADLINES[event.kind]}: ${event.choice} (${who})`;
}

export interface Line {
  label: string;
  text: string;
  /** A link for the HTML part (tel:, mailto:, https:). */
  href?: string;
}

function ownerLines(event: LeadEvent, site: string): Line[] {
  const lines: Line[] = [];
  if (event.person.name) lines.push({ label: 'Name', text: event.person.name });
  if (event.person.phone) lines.push({ label: 'Phone', text: event.person.phone, href: telHref(event.person.phone) });
  if (event.person.email)
    lines.push({ label: 'E-mail', text: event.person.email, href: `mailto:${event.person.email}` });
  lines.push({ label: event.payment ? 'Package' : 'Chose', text: event.choice });
  if (event.payment) {
    lines.push({ label: 'Amount', text: formatRupees(event.payment.amount) });
    if (event.payment.paymentId) lines.push({ label: 'Payment id', text: event.payment.paymentId });
  }
  for (const detail of event.details) lines.push({ label: detail.label, text: detail.value });
  lines.push({ label: 'When', text: formatIst(event.at) });
  const promise = callbackPromise(event);
  if (promise) lines.push({ label: 'Promise', text: promise });
  lines.push({ label: 'Source', text: sourceLine(event.attribution) });
  lines.push({ label: 'In the admin', text: adminUrl(site), href: adminUrl(site) });
  lines.push({ label: 'Record id', text: event.leadId });
  return lines;
}

function textOf(headline: string, lines: Line[], footer: string[] = []): string {
  const body = lines.map(
    (line) => `${line.label}: ${line.text}${line.href?.startsWith('tel:') ? ` (${line.href})` : ''}`,
  );
  return [headline, '', ...body, ...(footer.length ? ['', ...footer] : [])].join('\n');
}

export function htmlOf(headline: string, lines: Line[], paragraphs: string[] = [], closing: string[] = []): string {
  const rows = lines
    .map((line) => {
      const value = line.href
        ? `<a href="${escapeHtml(line.href)}">${escapeHtml(line.text)}</a>`
        : escapeHtml(line.text);
      return `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(line.label)}</th><td style="padding:4px 0">${value}</td></tr>`;
    })
    .join('');
  const intro = paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('');
  const outro = closing.length ? `<p>${closing.map(escapeHtml).join('<br>')}</p>` : '';
  return (
    `<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2937;line-height:1.5">` +
    `<h1 style="font-size:20px">${escapeHtml(headline)}</h1>` +
    intro +
    (rows ? `<table role="presentation" style="border-collapse:collapse">${rows}</table>` : '') +
    outro +
    `<p style="color:#6b7280;font-size:13px">${escapeHtml(business.legalName)} · ${escapeHtml(business.contact.phone)} · ${escapeHtml(business.contact.email)}</p>` +
    `</body></html>`
  );
}

/** The owner's e-mail about one lead or payment. */
export function ownerEmail(event: LeadEvent, site: string): MailContent {
  const subject = ownerSubject(event);
  const lines = ownerLines(event, site);
  return { subject, text: textOf(subject, lines), html: htmlOf(subject, lines) };
}

/**
 * Text for Slack and Google Chat, which read `<…>` as mentions and links (`<!channel>`,
 * `<https://…|label>`) and `&` as the start of an escape: the three are escaped, so a
 * visitor's words show as typed and never ping or disguise a link.
 */
export function escapeChatText(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The webhook's JSON: the same facts as the owner's e-mail. */
export function ownerWebhook(event: LeadEvent, site: string): WebhookBody {
  const subject = ownerSubject(event);
  const { source, medium, campaign } = sourceOf(event.attribution);
  return {
    text: escapeChatText(textOf(subject, ownerLines(event, site))),
    kind: event.kind,
    leadId: event.leadId,
    at: event.at,
    name: event.person.name,
    phone: event.person.phone,
    phoneHref: event.person.phone ? telHref(event.person.phone) : null,
    email: event.person.email,
    choice: event.choice,
    callbackPromise: callbackPromise(event),
    adminUrl: adminUrl(site),
    source,
    medium,
    campaign,
  };
}

/** A visitor's confirmation before its sign-off. */
interface Confirmation {
  subject: string;
  paragraphs: string[];
  /** Facts as label and text (a link, a receipt's amount). */
  lines: Line[];
}

/** One kind's confirmation, or null when the event lacks what it tells (a download's resource, a payment). */
type Confirm = (event: LeadEvent, site: string, greeting: string) => Confirmation | null;

/** The confirmation a kind sends: a lead kind's own, a paid package's receipt, or null for none. */
function confirmationOf(kind: NotificationKind): Confirm | null {
  if (isLeadNotificationKind(kind)) return leadWording[kind].confirmation;
  return kind === 'payment-captured' ? paymentReceipt : null;
}

/** The kinds a visitor hears back about (when they gave an e-mail). */
export function hasVisitorConfirmation(event: LeadEvent): boolean {
  return Boolean(event.person.email) && confirmationOf(event.kind) !== null;
}

export function downloadUrl(site: string, resourceId: string): string {
  return `${site}/api/download/${encodeURIComponent(resourceId)}`;
}

/**
 * The visitor's name as a greeting may carry it, or null
 * (docs/decisions/0028-visitor-mail-carries-only-our-words.md): the forms take
 * any text as a name, and a confirmation goes to whatever address was typed, so only a
 * plain name is repeated: letters, spaces, dots and hyphens, at most 4 words and 40
 * characters, and nothing shaped like a web address ("evil.example", "www").
 */
export function plainName(name: string | null): string | null {
  const trimmed = name?.trim().replace(/\s+/g, ' ') ?? '';
  if (trimmed === '' || trimmed.length > 40) return null;
  if (!/^\p{L}[\p{L}\p{M} .-]*$/u.test(trimmed)) return null;
  if (trimmed.split(' ').length > 4) return null;
  if (/\p{L}{2,}\.\p{L}{2,}/u.test(trimmed) || /(^|[ .])www([ .]|$)/iu.test(trimmed)) return null;
  return trimmed;
}

export const signOff = [
  `${business.founder.name}, ${business.brand}`,
  `${business.contact.phone} · ${business.contact.email}`,
  business.contact.hours,
];

function contactConfirmation(_event: LeadEvent, _site: string, greeting: string): Confirmation {
  const hours = business.promises.responseHours;
  return {
    subject: `We received your message: ${business.brand}`,
    paragraphs: [
      greeting,
      `Thank you for writing to ${business.brand}. We'll get back to you within ${hours} hours, during our business hours (${business.contact.hours}).`,
      'To make the most of our call, have ready: what you are studying or your current role, the decision you are facing, any deadlines, and your CV if you have one.',
    ],
    lines: [],
  };
}

function corporateEnquiryConfirmation(_event: LeadEvent, _site: string, greeting: string): Confirmation {
  const hours = business.promises.responseHours;
  return {
    subject: `We received your enquiry: ${business.brand}`,
    paragraphs: [
      greeting,
      `Thank you for your interest in ${business.brand}'s programmes for employers. We'll reply within ${hours} business hours (${business.contact.hours}) to set up a consultation with your HR team.`,
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
    lines: [{ label: 'Download', text: url, href: url }],
  };
}

function paymentReceipt(event: LeadEvent, _site: string, greeting: string): Confirmation | null {
  if (!event.payment) return null;
  const hours = business.promises.responseHours;
  const lines: Line[] = [
    { label: 'Package', text: event.payment.packageName },
    { label: 'Amount paid', text: formatRupees(event.payment.amount) },
    ...(event.payment.paymentId ? [{ label: 'Payment id', text: event.payment.paymentId }] : []),
    { label: 'Date', text: formatIst(event.at) },
  ];
  const { clientSpaceUrl, sessions } = event.payment;
  if (clientSpaceUrl) lines.push({ label: 'Book your sessions', text: clientSpaceUrl, href: clientSpaceUrl });
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

/** The visitor's confirmation, or null for kinds that send none. */
export function visitorEmail(event: LeadEvent, site: string): MailContent | null {
  if (!hasVisitorConfirmation(event)) return null;
  const name = plainName(event.person.name);
  const greeting = name ? `Dear ${name},` : 'Hello,';
  const confirmation = confirmationOf(event.kind)?.(event, site, greeting) ?? null;
  if (!confirmation) return null;
  const { subject, paragraphs, lines } = confirmation;
  const textLines = lines.map((line) => `${line.label}: ${line.text}`);
  const text = [paragraphs.join('\n\n'), ...(textLines.length ? [textLines.join('\n')] : []), signOff.join('\n')].join(
    '\n\n',
  );
  const html = htmlOf(subject, lines, paragraphs, signOff);
  return { subject, text, html };
}

/** A payment link the owner asked us to e-mail: only our words, the amount and Razorpay's link. */
export function paymentLinkEmail(request: {
  name: string;
  amount: number;
  description: string;
  url: string;
  expiresAt: string;
}): MailContent {
  const name = plainName(request.name);
  const subject = `Your payment link: ${business.brand}`;
  const lines: Line[] = [
    { label: 'For', text: request.description },
    { label: 'Amount', text: formatRupees(request.amount) },
    { label: 'Pay here', text: request.url, href: request.url },
    { label: 'Valid until', text: formatIst(request.expiresAt) },
  ];
  const paragraphs = [
    name ? `Dear ${name},` : 'Hello,',
    `As agreed on our call, here is your secure Razorpay link to pay ${business.brand} by card, UPI or net banking. You will get a receipt by e-mail once it is paid.`,
  ];
  const text = [
    paragraphs.join('\n\n'),
    lines.map((line) => `${line.label}: ${line.text}`).join('\n'),
    signOff.join('\n'),
  ].join('\n\n');
  return { subject, text, html: htmlOf(subject, lines, paragraphs, signOff) };
}

/** A message a visitor sent the business's WhatsApp number, as the owner's alert tells it. */
export interface WhatsappInbound {
  /** The sender's number as WhatsApp gives it (country code, digits only). */
  number: string;
  /** The name on their WhatsApp profile, if any: their own words, shown only when it is a plain name. */
  profileName: string | null;
  /** What they wrote (a typed message or a button's label), or null for a photo, voice note and the like. */
  text: string | null;
  /** Meta's message type (text, image, audio, ...). */
  type: string;
  at: string;
  /** Our words for the owner about this alert (why no reply went out, or that it is the day's last from this number). */
  note?: string | null | undefined;
}

/** The most of a visitor's WhatsApp text the owner's alert repeats; the whole message is in WhatsApp. */
export const WHATSAPP_ALERT_TEXT_CHARS = 1000;

/**
 * The owner's alert about an inbound WhatsApp message (pure). It goes to the owner only, so it may
 * quote what the visitor wrote, as the contact form's owner mail does: cut, control characters
 * removed, and escaped in the HTML part like every value. The subject names the sender by a plain
 * name or the number only, so a profile name cannot phrase the subject line.
 */
export function whatsappInboundMail(inbound: WhatsappInbound, site: string): MailContent {
  const name = plainName(inbound.profileName);
  const number = `+${inbound.number.replace(/\D/g, '')}`;
  const subject = `${HEADLINES['whatsapp-inbound']} from ${name ? `${name} (${number})` : number}`;
  // Control characters other than line breaks could hide or reorder text in a mail client.
  const cleaned =
    inbound.text
      ?.replace(/[^\P{Cc}\n\t]/gu, '')
      .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .trim() ?? '';
  const quoted =
    cleaned.length > WHATSAPP_ALERT_TEXT_CHARS ? `${cleaned.slice(0, WHATSAPP_ALERT_TEXT_CHARS)}…` : cleaned;
  const chat = `https://wa.me/${inbound.number.replace(/\D/g, '')}`;
  const lines: Line[] = [
    ...(name ? [{ label: 'Name', text: name }] : []),
    { label: 'WhatsApp', text: number, href: chat },
    { label: 'Phone', text: number, href: telHref(number) },
    { label: 'When', text: formatIst(inbound.at) },
    {
      label: 'Message',
      text:
        quoted ||
        `(a message of type ${inbound.type.replace(/[^a-z_]/gi, '').slice(0, 40) || 'unknown'}: open WhatsApp to see it)`,
    },
    ...(inbound.note ? [{ label: 'Note', text: inbound.note }] : []),
    { label: 'In the admin', text: adminUrl(site), href: adminUrl(site) },
  ];
  // A Cloud API number may be in no WhatsApp app: the owner answers from their own phone.
  const advice =
    "Messages to the site's WhatsApp number (the Cloud API) may not show in any app: answer by calling them or from your own WhatsApp (the link above).";
  return { subject, text: textOf(subject, lines, [advice]), html: htmlOf(subject, lines, [], [advice]) };
}
