import { formatDateTimeIST } from '../../../lib/admin/istDates';
import { business } from '../../../lib/business';
import { formatPaise } from '../../../lib/format';
import { describeSlotIst } from '../../../lib/schedule/slotDays';
import type { AppointmentNotice } from '../../../lib/schemas/appointment';
import type { LeadEvent } from '../../../lib/schemas/leadEvent';
import type { RefundNotice } from '../../../lib/schemas/refund';
import type { MailContent } from '../../notifications';
import { isSession, noun, whatItIs } from '../callWords';
import {
  type Line,
  adminUrl,
  escapeHtml,
  formatIst,
  htmlOf,
  letter,
  linkLine,
  ownerText,
  plainName,
  telHref,
} from '../format';
import { HEADLINES, ownerLines, ownerSubject } from '../ownerFacts';

// The mails to the owner. They may quote what a lead typed, as facts the owner needs, escaped in
// the HTML part like every value; what only names something (a subject, a passkey) repeats a
// plain name or our own words, so nobody else's text phrases the owner's mail.

/** The owner's e-mail about one lead or payment. */
export function ownerEmail(event: LeadEvent, site: string): MailContent {
  const subject = ownerSubject(event);
  const lines = ownerLines(event, site);
  return { subject, text: ownerText(subject, lines), html: htmlOf(subject, lines) };
}

/** The owner's notice of a call or session booked, moved or cancelled, in our letter's layout; `adminLink` opens it in the admin. */
export function ownerCallMail(
  { change, by, appointment, previousStart }: AppointmentNotice,
  adminLink: string,
): MailContent {
  const when = describeSlotIst(appointment.start);
  const Noun = isSession(appointment) ? 'Session' : 'Call';
  const subject =
    change === 'booked'
      ? `${Noun} booked: ${appointment.name}, ${when}`
      : change === 'moved'
        ? `${Noun} moved: ${appointment.name}, now ${when}`
        : `${Noun} cancelled: ${appointment.name}, ${when}`;
  const who = `${appointment.name}, ${appointment.phone} (${telHref(appointment.phone)})${appointment.email ? `, ${appointment.email}` : ''}`;
  const byWhom = by === 'owner' ? 'by you' : isSession(appointment) ? 'by the client' : 'by the visitor';
  const booked = appointment.session
    ? `A ${whatItIs(appointment)} was booked by your client for ${when}.`
    : `A ${business.promises.discoveryCallMinutes}-minute discovery call was booked on the site for ${when} (the calendar holds ${business.promises.calendarSlotMinutes} minutes for it).`;
  const paragraphs = [
    change === 'booked'
      ? booked
      : change === 'moved'
        ? `The ${noun(appointment)} was moved ${byWhom} from ${describeSlotIst(previousStart ?? appointment.start)} to ${when}.`
        : `The ${noun(appointment)} at ${when} was cancelled ${byWhom}; the time is free again.`,
    `Who: ${who}`,
    'The attached invite puts it in your calendar.',
  ];
  return letter(subject, paragraphs, [
    ...(appointment.meetingUrl && change !== 'cancelled' ? [linkLine('Join online', appointment.meetingUrl)] : []),
    linkLine(isSession(appointment) ? 'Open Clients in the admin' : 'Open the booking in the admin', adminLink),
  ]);
}

/** The owner's mail about a settled refund: what was refunded, of which payment, and why. */
export function ownerRefundMail(notice: RefundNotice, site: string): MailContent {
  const who = notice.person.name ?? notice.person.email ?? 'a client';
  const subject =
    notice.status === 'processed'
      ? `Refund processed: ${formatPaise(notice.amountPaise)} for ${notice.packageName} (${who})`
      : `Refund failed: ${formatPaise(notice.amountPaise)} for ${notice.packageName} (${who})`;
  const lines: Line[] = [];
  if (notice.person.name) lines.push({ label: 'Name', text: notice.person.name });
  if (notice.person.phone)
    lines.push({ label: 'Phone', text: notice.person.phone, href: telHref(notice.person.phone) });
  if (notice.person.email)
    lines.push({ label: 'E-mail', text: notice.person.email, href: `mailto:${notice.person.email}` });
  lines.push(
    { label: 'Package', text: notice.packageName },
    { label: 'Refund', text: formatPaise(notice.amountPaise) },
    {
      label: 'Of the payment',
      text: `${formatPaise(notice.paymentAmountPaise)}${notice.fullyRefunded ? ' (now refunded in full)' : ''}`,
    },
    { label: 'Reason', text: notice.reason ?? 'Made in the Razorpay dashboard' },
    { label: 'Payment id', text: notice.razorpayPaymentId },
    { label: 'Refund id', text: notice.refundId },
    { label: 'When', text: formatIst(notice.at) },
    { label: 'In the admin', text: adminUrl(site), href: adminUrl(site) },
  );
  const paragraphs =
    notice.status === 'failed'
      ? [
          'Razorpay could not complete this refund; its amount can be refunded again. The client was told you will contact them.',
        ]
      : [];
  const text = [
    subject,
    '',
    ...paragraphs,
    ...(paragraphs.length ? [''] : []),
    ...lines.map((line) => `${line.label}: ${line.text}`),
  ].join('\n');
  return { subject, text, html: htmlOf(subject, lines, paragraphs) };
}

const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];
const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** "Chrome on macOS", "Safari on iPhone", or "an unknown browser": named from a fixed list only, never the User-Agent text itself. */
export function describeBrowser(userAgent: string | null | undefined): string {
  const text = (userAgent ?? '').slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(text))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `a browser on ${system}`;
  return 'an unknown browser';
}

/**
 * The name as the mail may show it: a plain name by the one rule of
 * docs/decisions/0028-visitor-mail-carries-only-our-words.md
 * (format.ts `plainName`: letters, spaces, dots and hyphens, at most 4 words and 40
 * characters, nothing shaped like a web address), where digits count as letters, since
 * devices carry model numbers ("iPhone 15"). Anything else is left out of the mail: a
 * stolen session could otherwise phrase the owner's warning itself.
 */
export function plainPasskeyName(name: string): string | null {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  return plainName(trimmed.replace(/\p{N}/gu, 'n')) === null ? null : trimmed;
}

export interface PasskeyAdded {
  name: string;
  createdAt: string;
  userAgent: string | null;
}

/** The owner's mail about a new passkey (docs/admin.md): our words, a plain passkey name and a browser from a short list. */
export function passkeyAddedMail(added: PasskeyAdded, site: string): MailContent {
  const plain = plainPasskeyName(added.name);
  const what = plain ? `A passkey named "${plain}"` : 'A passkey (its name is not shown: it is more than a plain name)';
  // ICU puts narrow no-break spaces before am/pm; plain spaces read the same in every mail client.
  const when = `${(formatDateTimeIST(added.createdAt) ?? added.createdAt).replace(/\s/g, ' ')} IST`;
  const sentence = `${what} was added to the ${business.brand} admin on ${when} from ${describeBrowser(added.userAgent)}.`;
  const page = `${site}/admin/passkeys`;
  const advice =
    'If you did not add it, remove it on the Passkeys page and use Sign out everywhere (it also removes every passkey), then change ADMIN_PASSWORD.';
  return {
    subject: `Passkey added to the ${business.brand} admin`,
    text: `${sentence}\n\n${advice}\n\nPasskeys: ${page}\n`,
    html: `<p>${escapeHtml(sentence)}</p><p>${escapeHtml(advice)}</p><p><a href="${escapeHtml(page)}">Open the Passkeys page</a></p>`,
  };
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
 * The owner's alert about an inbound WhatsApp message. It goes to the owner only, so it may
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
  return { subject, text: ownerText(subject, lines, [advice]), html: htmlOf(subject, lines, [], [advice]) };
}
