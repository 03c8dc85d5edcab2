import { MY_DATA_PATH, yourDataLine } from '../../lib/privacy/links';
import type { MailContent } from './outbox';

// Every mail to a visitor carries a "Your data" link (docs/privacy.md, "Rights"), added as it
// is sent, so no builder can forget it and mail queued before the link existed has it too.

export function withYourDataLink(mail: MailContent, site: string): MailContent {
  const url = `${site}${MY_DATA_PATH}`;
  // The site's origin (a parsed URL) and our own path: nothing in it needs escaping but quotes.
  const href = url.replace(/"/g, '%22');
  if (mail.text.includes(url)) return mail;
  const html = `<p style="color:#6b7280;font-size:13px"><a href="${href}">Your data</a>: see, correct or erase what we hold about you.</p>`;
  return {
    ...mail,
    text: `${mail.text.trimEnd()}\n\n${yourDataLine(site)}\n`,
    html: mail.html.includes('</body>') ? mail.html.replace('</body>', `${html}</body>`) : `${mail.html}${html}`,
  };
}
