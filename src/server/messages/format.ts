import { business } from '../../lib/business';
import type { MailContent } from '../notifications';

// What every message shares, pure: escaping, phone links, IST times, the plain-name rule
// (docs/decisions/0028-visitor-mail-carries-only-our-words.md) and the mails' one layout.
// Brand and contact facts come from src/lib/business.ts.

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

/** The dashboard, on the tab that holds the lead (a client's session: Clients). */
export function adminUrl(site: string, tab: 'customers' | 'clients' = 'customers'): string {
  return `${site}/admin/bookings#${tab}`;
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

/** A visitor mail's first line: "Dear {plain name}," or "Hello,", never other text typed as a name. */
export function greetingOf(name: string | null): string {
  const plain = plainName(name);
  return plain ? `Dear ${plain},` : 'Hello,';
}

export const signOff = [
  `${business.founder.name}, ${business.brand}`,
  `${business.contact.phone} · ${business.contact.email}`,
  business.contact.hours,
];

/** One fact of a mail: a row of the HTML table, a "Label: text" line of the text part. */
export interface Line {
  label: string;
  text: string;
  /** A link for the HTML part (tel:, mailto:, https:). */
  href?: string;
}

/** A link as a fact: its address shown and linked. */
export const linkLine = (label: string, url: string): Line => ({ label, text: url, href: url });

/** The owner's text part: the headline, the facts a line each (a phone with its tel: link), then the footer. */
export function ownerText(headline: string, lines: Line[], footer: string[] = []): string {
  const body = lines.map(
    (line) => `${line.label}: ${line.text}${line.href?.startsWith('tel:') ? ` (${line.href})` : ''}`,
  );
  return [headline, '', ...body, ...(footer.length ? ['', ...footer] : [])].join('\n');
}

/** Every mail's HTML part: the headline, paragraphs, the facts as a table, the closing and our footer; each value escaped. */
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

/** A letter in our voice: the paragraphs, the facts a line each, our sign-off. */
export function letter(subject: string, paragraphs: string[], lines: Line[] = []): MailContent {
  const facts = lines.map((line) => `${line.label}: ${line.text}`);
  const text = [paragraphs.join('\n\n'), ...(facts.length ? [facts.join('\n')] : []), signOff.join('\n')].join('\n\n');
  return { subject, text, html: htmlOf(subject, lines, paragraphs, signOff) };
}
