import nodemailer, { type Transporter } from 'nodemailer';
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
  /** An invite: sent as `text/calendar; method=...` (and as an .ics attachment) by nodemailer. */
  icalEvent?: { method: string; filename: string; content: string } | undefined;
  /** Files, e.g. an invoice PDF. */
  attachments?: Array<{ filename: string; content: Uint8Array; contentType: string }> | undefined;
}

// A burst of leads sends hundreds of mails a minute. One pooled connection set per mail
// server is reused while mails keep coming and closed after a few idle seconds (a
// function instance may be frozen between requests, and the server drops idle clients
// anyway). A mail that fails on a reused connection is tried once more on a fresh one.
const IDLE_CLOSE_MS = 5_000;
const POOL_CONNECTIONS = 4;

interface Pool {
  transport: Transporter;
  sending: number;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

const pools = new Map<string, Pool>();

function transportOptions(settings: NotificationSettings, pooled: boolean): SMTPTransport.Options {
  return {
    url: settings.smtpUrl,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
    ...(pooled ? { pool: true, maxConnections: POOL_CONNECTIONS, maxMessages: 200 } : {}),
  } as SMTPTransport.Options;
}

function poolFor(settings: NotificationSettings): Pool {
  let pool = pools.get(settings.smtpUrl);
  if (!pool) {
    pool = { transport: nodemailer.createTransport(transportOptions(settings, true)), sending: 0, idleTimer: null };
    pools.set(settings.smtpUrl, pool);
  }
  if (pool.idleTimer) clearTimeout(pool.idleTimer);
  pool.idleTimer = null;
  return pool;
}

function release(url: string, pool: Pool): void {
  pool.sending -= 1;
  if (pool.sending > 0 || pools.get(url) !== pool) return;
  pool.idleTimer = setTimeout(() => {
    if (pool.sending > 0) return;
    pools.delete(url);
    pool.transport.close();
  }, IDLE_CLOSE_MS);
  pool.idleTimer.unref?.();
}

function retire(url: string, pool: Pool): void {
  if (pools.get(url) === pool) pools.delete(url);
  if (pool.idleTimer) clearTimeout(pool.idleTimer);
  // Mails in flight on it finish; it closes when they have.
  setTimeout(() => pool.transport.close(), SMTP_TIMEOUT_MS).unref?.();
}

export async function sendMail(settings: NotificationSettings, mail: OutgoingMail): Promise<void> {
  const message = {
    from: settings.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.icalEvent ? { icalEvent: mail.icalEvent } : {}),
    ...(mail.attachments?.length
      ? {
          attachments: mail.attachments.map((file) => ({
            filename: file.filename,
            content: Buffer.from(file.content),
            contentType: file.contentType,
          })),
        }
      : {}),
  };
  const pool = poolFor(settings);
  pool.sending += 1;
  try {
    await pool.transport.sendMail(message);
    return;
  } catch {
    retire(settings.smtpUrl, pool);
  } finally {
    release(settings.smtpUrl, pool);
  }
  // Once more on a connection of its own: a refusal now is the mail server's answer.
  const fresh = nodemailer.createTransport(transportOptions(settings, false));
  try {
    await fresh.sendMail(message);
  } finally {
    fresh.close();
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
  const message =
    error instanceof Error ? `${error.name === 'Error' ? '' : `${error.name}: `}${error.message}` : String(error);
  return message.replace(/\/\/[^/\s@]*@/g, '//***@').slice(0, 300);
}
