import { formatDateTimeIST } from '../../../lib/admin/istDates';
import { business } from '../../../lib/business';
import type { MailContent } from '../../notifications';
import { escapeHtml, formatIst, greetingOf, letter, linkLine, plainName } from '../format';

// The words of a person's rights (docs/privacy.md): their one-time link, the owner's word about
// a number to verify and an erasure done, and a breach notice. None names the person to anyone
// but themselves: the owner's erasure mail says what was done, not to whom.

/** The one-time link to the person's data, by e-mail: our words only. */
export function privacyLinkMail(link: string, expiresAt: string): MailContent {
  return letter(
    `Your data at ${business.brand}`,
    [
      'Hello,',
      `You (or someone who typed this address) asked to see the data ${business.brand} holds about you. Open the link below to see it, download it, correct it, withdraw a consent or erase it. The link works once for 24 hours; if you did not ask, ignore this e-mail and nothing changes.`,
    ],
    [linkLine('Your data', link), { label: 'Valid until', text: formatIst(expiresAt) }],
  );
}

const when = (at: string) => `${(formatDateTimeIST(at) ?? at).replace(/\s/g, ' ')} IST`;

/** To the owner: a number asked for its data, and only a call can prove it is theirs. */
export function privacyVerifyMail(
  request: { phone: string; createdAt: string; answerBy: string },
  site: string,
): MailContent {
  const page = `${site}/admin/#privacy`;
  const lines = [
    `Someone asked on ${when(request.createdAt)} for the data held about the number ${request.phone}. It has no e-mail and no WhatsApp consent with us, so no link could be sent.`,
    `Call the number to check it is theirs, then send them their data or erase it from the admin (Privacy). Answer by ${when(request.answerBy)}: the law gives 90 days.`,
  ];
  return {
    subject: `Data request to verify by phone: ${request.phone}`,
    text: `${lines.join('\n\n')}\n\nAdmin: ${page}\n`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(page)}">Open the admin</a></p>`,
  };
}

export interface ErasureDone {
  at: string;
  reason: 'request' | 'owner' | 'retention' | 'parent-unconfirmed';
  erased: number;
  kept: number;
  /** Starts of calls and sessions still ahead that were cancelled, their time free again. */
  cancelled: string[];
}

const reasonWords: Record<ErasureDone['reason'], string> = {
  request: 'at their own request, from their my-data page',
  owner: 'by you, for a request received by phone or e-mail',
  retention: 'because their last contact was longer ago than the site keeps leads',
  'parent-unconfirmed': "because a parent did not confirm a student's request within 7 days",
};

/** To the owner: an erasure done, without the person (so the mail itself holds no one). */
export function erasureDoneMail(done: ErasureDone, site: string): MailContent {
  const lines = [
    `A person's data was erased on ${when(done.at)}, ${reasonWords[done.reason]}: ${done.erased} records gone${done.kept ? `, ${done.kept} kept because the GST law requires it (payments, invoices, credit notes)` : ''}.`,
    ...(done.cancelled.length
      ? [
          `Their calls and sessions still ahead were cancelled and the times are free again: ${done.cancelled.map(when).join('; ')}.`,
        ]
      : []),
    'The erasure log in the admin (Privacy) keeps this line for a year, without the data.',
  ];
  const page = `${site}/admin/#privacy`;
  return {
    subject: done.cancelled.length ? `Data erased: ${done.cancelled.length} booked time(s) freed` : 'Data erased',
    text: `${lines.join('\n\n')}\n\nAdmin: ${page}\n`,
    html: `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}<p><a href="${escapeHtml(page)}">Open the admin</a></p>`,
  };
}

export interface BreachNotice {
  /** What happened, when it was found, what data it touched, what we did, what the person can do: the owner's words. */
  happened: string;
  data: string;
  done: string;
  advice: string;
}

/** A breach notice to one person (the Act's Rule 7: each person told, in plain words). */
export function breachNoticeMail(notice: BreachNotice): MailContent {
  return letter(`Important: a security incident at ${business.brand}`, [
    'Hello,',
    `We are writing to tell you about a security incident that concerns your data at ${business.brand}.`,
    `What happened: ${notice.happened}`,
    `Your data it touched: ${notice.data}`,
    `What we have done: ${notice.done}`,
    `What you can do: ${notice.advice}`,
    `Questions: reply to this e-mail or call ${business.contact.phone}. You may also complain to the Data Protection Board of India.`,
  ]);
}

/** What a parent's confirmation message says: who asked, for what, the link and until when. */
export interface ParentConsentFacts {
  parentName: string;
  student: string;
  what: string;
  link: string;
  until: string;
}

/** To a parent: a student named them; nothing is done until they confirm. Our words and plain names only. */
export function parentConsentMail(facts: ParentConsentFacts): MailContent {
  const student = plainName(facts.student) ?? 'A student';
  return letter(
    `Please confirm ${student}'s request to ${business.brand}`,
    [
      greetingOf(facts.parentName),
      `${student} asked ${business.brand} for ${facts.what} and named you as their parent. Because they are under 18, we do nothing with the request until you confirm, as India's data protection law asks.`,
      `Open the link to confirm that you are the parent or legal guardian, that you are 18 or older, and that you agree. We then contact you, never the student. If nobody confirms by ${formatIst(facts.until)}, the request is erased.`,
    ],
    [linkLine('Confirm', facts.link)],
  );
}
