import { z } from 'zod';
import { env, isLocalServer } from '../env';

// Where notifications go (docs/decisions/0024-lead-notifications-and-attribution.md). Read
// at the start of every send and every enqueue, never at module load: the settings may
// change between deploys and tests.

const smtpUrl = z
  .url({ error: 'SMTP_URL must be a URL such as smtps://user:pass@smtp.example.com:465' })
  .refine((value) => /^smtps?:\/\//.test(value), 'SMTP_URL must start with smtp:// or smtps://');
const address = (name: string) => z.email({ error: `${name} must be an e-mail address` });
/** "Name <address>" or a bare address. */
const sender = z
  .string()
  .trim()
  .refine((value) => {
    const bare = /<([^<>]+)>\s*$/.exec(value)?.[1] ?? value;
    return z.email().safeParse(bare.trim()).success;
  }, 'NOTIFY_EMAIL_FROM must be an e-mail address, optionally as "Name <address>"');
const webhookUrl = z
  .url({ error: 'NOTIFY_WEBHOOK_URL must be an http(s) URL' })
  .refine((value) => /^https?:\/\//.test(value), 'NOTIFY_WEBHOOK_URL must be an http(s) URL');

const settingsSchema = z.object({
  SMTP_URL: smtpUrl,
  NOTIFY_EMAIL_TO: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(address('NOTIFY_EMAIL_TO')).min(1, 'NOTIFY_EMAIL_TO must name at least one address')),
  NOTIFY_EMAIL_FROM: sender,
  NOTIFY_WEBHOOK_URL: webhookUrl.optional(),
});

export interface NotificationSettings {
  smtpUrl: string;
  ownerAddresses: string[];
  from: string;
  webhookUrl: string | null;
}

export type SettingsState = { enabled: true; settings: NotificationSettings } | { enabled: false; reason: string };

export const NOT_CONFIGURED =
  'Notifications are off: SMTP_URL, NOTIFY_EMAIL_TO and NOTIFY_EMAIL_FROM are not set, so nobody is told about new leads (they are still stored).';

/** Whether notifications are on, and why not. Invalid settings are off with a message naming the variable. */
export function notificationSettings(): SettingsState {
  const raw = {
    SMTP_URL: env('SMTP_URL'),
    NOTIFY_EMAIL_TO: env('NOTIFY_EMAIL_TO'),
    NOTIFY_EMAIL_FROM: env('NOTIFY_EMAIL_FROM'),
    NOTIFY_WEBHOOK_URL: env('NOTIFY_WEBHOOK_URL'),
  };
  if (!raw.SMTP_URL && !raw.NOTIFY_EMAIL_TO && !raw.NOTIFY_EMAIL_FROM)
    return { enabled: false, reason: NOT_CONFIGURED };
  const missing = (['SMTP_URL', 'NOTIFY_EMAIL_TO', 'NOTIFY_EMAIL_FROM'] as const).filter((name) => !raw[name]);
  if (missing.length > 0)
    return {
      enabled: false,
      reason: `Notifications are off: ${missing.join(', ')} ${missing.length === 1 ? 'is' : 'are'} not set.`,
    };
  const parsed = settingsSchema.safeParse(raw);
  if (!parsed.success) {
    // Never echo the value: SMTP_URL carries the mail password.
    const problems = parsed.error.issues.map((issue) => issue.message).join('; ');
    return { enabled: false, reason: `Notifications are off: ${problems}.` };
  }
  const value = parsed.data;
  return {
    enabled: true,
    settings: {
      smtpUrl: value.SMTP_URL,
      ownerAddresses: value.NOTIFY_EMAIL_TO,
      from: value.NOTIFY_EMAIL_FROM,
      webhookUrl: value.NOTIFY_WEBHOOK_URL ?? null,
    },
  };
}

/** The site's main address as the platform knows it (Netlify's Context, also on the local server). */
function platformSiteUrl(): string | undefined {
  try {
    return (
      (globalThis as { Netlify?: { context?: { site?: { url?: string } } | null } }).Netlify?.context?.site?.url ||
      undefined
    );
  } catch {
    return undefined;
  }
}

/**
 * The site's address for links in messages
 * (docs/decisions/0028-visitor-mail-carries-only-our-words.md): Netlify's `URL`, else the
 * platform's own record of the site (the local server's own origin), never a request's
 * Host header, which whoever sends the request chooses.
 */
export function siteAddress(): string {
  const configured = env('URL') ?? platformSiteUrl();
  if (configured) return new URL(configured).origin;
  if (isLocalServer()) return `http://localhost:${env('PORT') ?? 8888}`;
  throw new Error(
    "The site address is unknown: set URL to the site's https address (Netlify sets it on every deploy).",
  );
}
