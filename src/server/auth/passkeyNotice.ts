import { formatDateTimeIST } from '../../lib/admin/istDates';
import { business } from '../../lib/business';
import { afterResponse } from '../http/afterResponse';
import { deliver, enqueue, newEntry, notificationSettings, siteAddress, escapeHtml, plainName } from '../notifications';
import { newestFirstKey } from '../storage/keys';

// Every passkey added tells the owner by e-mail (docs/admin.md), through the outbox
// like every other message (retries, the admin's Notifications panel). Someone who got
// hold of a session for a moment cannot quietly keep a way in. The mail carries our own
// words only: the passkey's name when it is a plain name, a browser named from a short
// list, never the User-Agent text itself.

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

/** "Chrome on macOS", "Safari on iPhone", or "an unknown browser": named from a fixed list only. */
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
 * (templates.ts `plainName`: letters, spaces, dots and hyphens, at most 4 words and 40
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

/** The owner's mail about a new passkey (pure). */
export function passkeyAddedMail(added: PasskeyAdded, site: string): { subject: string; text: string; html: string } {
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

/** Queues the owner's mail and sends it after the response (nothing when notifications are off). */
export async function tellOwnerPasskeyAdded(added: PasskeyAdded, now: Date = new Date()): Promise<void> {
  if (!notificationSettings().enabled) return;
  const mail = passkeyAddedMail(added, siteAddress());
  const entry = newEntry(
    {
      kind: 'passkey-added',
      leadId: newestFirstKey(now.getTime()),
      channel: 'email',
      subject: mail.subject,
      to: null,
      mail,
      webhook: null,
    },
    now,
  );
  await enqueue([entry]);
  await afterResponse(`passkey mail ${entry.id}`, () => deliver(entry.id));
}
