// The owner's mailbox and chat webhook, as real local servers: an SMTP server (the
// smtp-server package) that nodemailer talks to over TCP, and an HTTP receiver for the
// incoming webhook. Outages are real too: the SMTP port is closed, the webhook refuses.
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Attachments and calendar parts (`method` for text/calendar), content as text. */
  attachments: Array<{
    mimeType: string;
    filename: string | null;
    method: string | null;
    content: string;
    bytes: Uint8Array;
  }>;
}

export interface SmtpReceiver {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Holds every accepted message this long before answering (a slow mail server). */
  delayMs: number;
  /** Closes the port: connections are refused until recover(). */
  outage(): Promise<void>;
  recover(): Promise<void>;
  stop(): Promise<void>;
}

function listen(server: SMTPServer, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port));
  });
}

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const create = () =>
    new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no certificate to trust, no login.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks)).then(
            async (parsed) => {
              if (receiver.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, receiver.delayMs));
              mails.push({
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                subject: parsed.subject ?? '',
                text: parsed.text ?? '',
                html: parsed.html ?? '',
                attachments: parsed.attachments.map((part) => ({
                  mimeType: part.mimeType,
                  filename: part.filename ?? null,
                  method: part.method ?? null,
                  content: typeof part.content === 'string' ? part.content : new TextDecoder().decode(part.content),
                  bytes:
                    typeof part.content === 'string'
                      ? new TextEncoder().encode(part.content)
                      : new Uint8Array(part.content),
                })),
              });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
  let server = create();
  const port = await listen(server, 0);
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const receiver: SmtpReceiver = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    delayMs: 0,
    outage: close,
    async recover() {
      server = create();
      await listen(server, port);
    },
    stop: close,
  };
  return receiver;
}

export interface WebhookReceiver {
  url: string;
  bodies: Array<Record<string, unknown>>;
  /** Answers 503 to every call until recover(). */
  outage(): void;
  recover(): void;
  stop(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const bodies: Array<Record<string, unknown>> = [];
  let refusing = false;
  const server: Server = createServer(async (req, res) => {
    const text = await bodyOf(req);
    if (refusing) {
      res.writeHead(503).end('down');
      return;
    }
    if (req.method !== 'POST' || !req.headers['content-type']?.includes('application/json')) {
      res.writeHead(400).end();
      return;
    }
    bodies.push(JSON.parse(text) as Record<string, unknown>);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    bodies,
    outage: () => {
      refusing = true;
    },
    recover: () => {
      refusing = false;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export const OWNER_ADDRESS = 'owner@cccedu.example';
export const SENDER = 'CCC Edu Leads <leads@cccedu.example>';

/** Points the notification settings at the receivers. */
export function useNotificationEnv(smtp: SmtpReceiver, webhook: WebhookReceiver | null): Record<string, string> {
  const env: Record<string, string> = { SMTP_URL: smtp.url, NOTIFY_EMAIL_TO: OWNER_ADDRESS, NOTIFY_EMAIL_FROM: SENDER };
  if (webhook) env.NOTIFY_WEBHOOK_URL = webhook.url;
  Object.assign(process.env, env);
  if (!webhook) delete process.env.NOTIFY_WEBHOOK_URL;
  return env;
}

export function clearNotificationEnv(): void {
  for (const name of ['SMTP_URL', 'NOTIFY_EMAIL_TO', 'NOTIFY_EMAIL_FROM', 'NOTIFY_WEBHOOK_URL'])
    delete process.env[name];
}
