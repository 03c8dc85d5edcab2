import { business } from '../../lib/business';
import { dueAfter } from '../../lib/dueTime';
import { formatRupees } from '../../lib/format';
import { type Attribution, DIRECT_SOURCE } from '../../lib/schemas/attribution';
import { type LeadNotificationKind, isLeadNotificationKind, leadAnnouncements } from '../../lib/leads/kinds';
import { leadPromise, leadPromiseHours } from '../../lib/leads/promise';
import type { NotificationKind } from '../../lib/schemas/notifications';
import type { LeadEvent } from '../../lib/schemas/leadEvent';
import { type Line, adminUrl, formatIst, telHref } from './format';

// What the owner is told about a lead or payment, the same in the e-mail and the webhook: the
// subject, the facts a line each, the call-back promise and where the lead came from. The
// owner's messages carry what the lead typed (docs/decisions/0028-visitor-mail-carries-only-our-words.md
// is about visitors' messages); each channel escapes it for itself.

export const HEADLINES: Record<NotificationKind, string> = {
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
  'privacy-link': 'Your data: link',
  'privacy-verify': 'Data request to verify',
  'privacy-erasure': 'Data erased',
  'privacy-breach': 'Data breach notice',
  'parent-consent': "A parent's confirmation",
  'brief-reminder': 'Brief reminder',
  'client-document': 'Document for a client',
  'review-request': 'Review request',
  'review-received': 'New review',
};

/**
 * Whether the owner's subject about each lead kind (src/lib/leads/kinds.ts) names only who it
 * is or also what they chose (a package, a resource, a company). Typed over every lead
 * notification kind, so a kind added there does not type-check until it has its entry here
 * (its visitor confirmation is in mail/visitor.ts, `leadConfirmations`).
 */
const ownerSubjectNames: Record<LeadNotificationKind, 'who' | 'choice and who'> = {
  'discovery-call': 'who',
  'package-booking': 'choice and who',
  contact: 'who',
  'resource-download': 'choice and who',
  newsletter: 'who',
  'corporate-enquiry': 'choice and who',
};

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
  // The visitor was told the same: one promise per kind (src/lib/leads/promise.ts).
  const what = isLeadNotificationKind(event.kind) ? (leadPromise(event.kind)?.what ?? 'a reply') : 'a call';
  return `The site promised ${what} within ${hours} business hours: by ${formatIst(due)}.`;
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

export function ownerSubject(event: LeadEvent): string {
  const who = event.person.name ?? event.person.email ?? 'a visitor';
  if (event.kind === 'payment-captured' && event.payment)
    return `${HEADLINES[event.kind]}: ${formatRupees(event.payment.amount)} for ${event.payment.packageName} (${who})`;
  if (isLeadNotificationKind(event.kind) && ownerSubjectNames[event.kind] === 'who')
    return `${HEADLINES[event.kind]}: ${who}`;
  return `${HEADLINES[event.kind]}: ${event.choice} (${who})`;
}

export function ownerLines(event: LeadEvent, site: string): Line[] {
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
