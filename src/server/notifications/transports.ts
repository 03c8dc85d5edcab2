import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { NotificationSettings } from './settings';

// The two ways out: SMTP through nodemailer, and a JSON POST to an incoming webhook.
// Both give up quickly: the sweep retries, and a hung server must not hold a function.

const SMTP_TIMEOUT_MS = 15_000;
const WEBHOOK_TIMEOUT_MS = 10_000;

export interface OutgoingMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export async function sendMail(settings: NotificationSettings, mail: OutgoingMail): Promise<void> {
  const options: SMTPTransport.Options = {
    url: settings.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
  const transport = nodemailer.createTransport(options);
  try {
    await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  } finally {
    transport.close();
  }
}

export async function postWebhook(url: string, body: unknown): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
  });
  // Drain the body so the connection is released.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) throw new Error(`The webhook answered ${response.status}`);
}

/** An error as the admin may read it: no URL credentials, bounded length. */
export function describeFailure(error: unknown): string {
  const message = error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return message.replace(/\/\/[^/\s@]*@/g, '//***@').slice(0, 300);
}
