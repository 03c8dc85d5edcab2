import { business } from '../../lib/business';
import { formatPaise } from '../../lib/format';
import type { RefundNotice } from '../../lib/schemas/refund';
import {
  type OutboxEntry,
  enqueue,
  newEntry,
  notificationSettings,
  siteAddress,
  type Line,
  type MailContent,
  adminUrl,
  escapeChatText,
  formatIst,
  htmlOf,
  plainName,
  signOff,
  telHref,
} from '../notifications';

// Who hears about a settled refund: the client and the owner, through the
// outbox like every message. The client's mail carries only our words, the amounts and ids,
// and at most a plain name (docs/decisions/0028-visitor-mail-carries-only-our-words.md).

/** Razorpay's normal refunds reach the customer's account in 5-7 working days (its Refunds docs). */
const NORMAL_REFUND_DAYS = '5-7 working days';

const textOf = (paragraphs: string[], lines: Line[], closing: string[]) =>
  [
    paragraphs.join('\n\n'),
    ...(lines.length ? [lines.map((line) => `${line.label}: ${line.text}`).join('\n')] : []),
    ...(closing.length ? [closing.join('\n')] : []),
  ].join('\n\n');

/** The client's mail (pure). */
function clientRefundMail(notice: RefundNotice): MailContent {
  const name = plainName(notice.person.name);
  const greeting = name ? `Dear ${name},` : 'Hello,';
  const lines: Line[] = [
    { label: 'Package', text: notice.packageName },
    { label: 'Refund', text: formatPaise(notice.amountPaise) },
    { label: 'Payment id', text: notice.razorpayPaymentId },
    { label: 'Refund id', text: notice.refundId },
  ];
  if (notice.status === 'processed') {
    const subject = `Refund processed: ${formatPaise(notice.amountPaise)}`;
    const paragraphs = [
      greeting,
      `Your refund of ${formatPaise(notice.amountPaise)} for ${notice.packageName} has been processed by our payment gateway, Razorpay.`,
      `It usually reaches the account or card you paid from within ${NORMAL_REFUND_DAYS}. If it has not arrived by then, write to us or call and quote the refund id below.`,
    ];
    return { subject, text: textOf(paragraphs, lines, signOff), html: htmlOf(subject, lines, paragraphs, signOff) };
  }
  const subject = `About your refund: ${business.brand}`;
  const paragraphs = [
    greeting,
    `Our payment gateway could not complete your refund of ${formatPaise(notice.amountPaise)} for ${notice.packageName}. The amount has not been returned to you yet.`,
    `We will contact you within ${business.promises.responseHours} hours (${business.contact.hours}) to sort it out with you.`,
  ];
  return { subject, text: textOf(paragraphs, lines, signOff), html: htmlOf(subject, lines, paragraphs, signOff) };
}

/** The owner's mail (pure). */
function ownerRefundMail(notice: RefundNotice, site: string): MailContent {
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

/** The outbox entries of one settled refund (pure): keyed by the refund's record id, so queuing twice sends once. */
function refundEntries(notice: RefundNotice, site: string, webhook: boolean, now: Date): OutboxEntry[] {
  const kind = notice.status === 'processed' ? 'refund-processed' : 'refund-failed';
  const leadId = notice.entryId;
  const owner = ownerRefundMail(notice, site);
  const entries = [
    newEntry({ kind, leadId, channel: 'email', subject: owner.subject, to: null, mail: owner, webhook: null }, now),
  ];
  if (webhook) {
    const body = {
      text: escapeChatText(owner.text),
      kind,
      leadId,
      at: notice.at,
      name: notice.person.name,
      email: notice.person.email,
      adminUrl: adminUrl(site),
    };
    entries.push(
      newEntry({ kind, leadId, channel: 'webhook', subject: owner.subject, to: null, mail: null, webhook: body }, now),
    );
  }
  if (notice.person.email) {
    const mail = clientRefundMail(notice);
    entries.push(
      newEntry(
        { kind, leadId, channel: 'visitor-email', subject: mail.subject, to: notice.person.email, mail, webhook: null },
        now,
      ),
    );
  }
  return entries;
}

/** Queues the refund's messages (none when notifications are off); the ids to send now. */
export async function queueRefundNotices(notice: RefundNotice, now: Date = new Date()): Promise<string[]> {
  const state = notificationSettings();
  if (!state.enabled) return [];
  const entries = refundEntries(notice, siteAddress(), state.settings.webhookUrl !== null, now);
  await enqueue(entries);
  return entries.map((entry) => entry.id);
}
