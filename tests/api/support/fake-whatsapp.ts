// A small local server that speaks the part of Meta's WhatsApp Business Cloud API the site
// uses (docs/whatsapp.md): POST /{version}/{phone-number-id}/messages with a bearer token, for a
// template message or a free-form text. It checks the token and the payload's shape as
// Meta does, answers as Meta does (`messaging_product`, `contacts[].wa_id`,
// `messages[].id`) and records what it got. `failWith(status)` plays an outage. Tests point
// the site at it through WHATSAPP_API_BASE_URL.
//
// Its test hooks play Meta's side of the webhook: `sendStatus`, `pressButton` and
// `sendText` build the payload Meta sends, sign it (X-Hub-Signature-256 = 'sha256=' +
// HMAC-SHA256 of the raw body with the app secret) and deliver it to the site, either to a
// URL or straight to a handler function (API tests call handlers directly).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { REQUIRED_WHATSAPP_VARIABLES } from '../../../src/server/whatsapp/config';

export const TEST_WHATSAPP_TOKEN = 'test_whatsapp_token_for_local_runs_only';
export const TEST_WHATSAPP_APP_SECRET = 'test_whatsapp_app_secret_for_local_runs_only';
export const TEST_WHATSAPP_VERIFY_TOKEN = 'test_whatsapp_verify_token';
export const TEST_WHATSAPP_PHONE_NUMBER_ID = '109876543210987';
export const TEST_WHATSAPP_OWNER_NUMBER = '919811122233';
export const TEST_WHATSAPP_VERSION = 'v23.0';
const BUSINESS_DISPLAY_NUMBER = '15550001111';
const WABA_ID = '102290129340398';

/** The six variables, pointing at this fake. */
export function whatsappEnv(fake: FakeWhatsApp): Record<string, string> {
  return {
    WHATSAPP_TOKEN: TEST_WHATSAPP_TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: TEST_WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_APP_SECRET: TEST_WHATSAPP_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: TEST_WHATSAPP_VERIFY_TOKEN,
    WHATSAPP_OWNER_NUMBER: TEST_WHATSAPP_OWNER_NUMBER,
    WHATSAPP_API_BASE_URL: `${fake.url}/${TEST_WHATSAPP_VERSION}`,
  };
}

/** Deletes what whatsappEnv sets: WhatsApp is off. */
export function clearWhatsAppEnv(): void {
  for (const name of [...REQUIRED_WHATSAPP_VARIABLES, 'WHATSAPP_API_BASE_URL']) delete process.env[name];
}

/**
 * The fake for a test file: started before its tests, stopped (WhatsApp off) after them. Each
 * test starts with no message recorded, no outage, and WhatsApp on and pointing at the fake;
 * with `on: false` it starts with WhatsApp off, for the tests that turn it on themselves.
 */
export function useFakeWhatsApp({ on = true } = {}): () => FakeWhatsApp {
  let fake: FakeWhatsApp | undefined;
  const whatsapp = () => {
    if (!fake) throw new Error('The fake WhatsApp starts in beforeAll');
    return fake;
  };
  beforeAll(async () => {
    fake = await startFakeWhatsApp();
  });
  afterAll(async () => {
    clearWhatsAppEnv();
    await fake?.stop();
  });
  beforeEach(() => {
    if (on) Object.assign(process.env, whatsappEnv(whatsapp()));
    else clearWhatsAppEnv();
    whatsapp().failWith(null);
    whatsapp().messages.length = 0;
  });
  return whatsapp;
}

export interface TemplateParameter {
  type: string;
  text?: string;
  payload?: string;
}

export interface TemplateComponent {
  type: 'header' | 'body' | 'button';
  sub_type?: 'quick_reply' | 'url';
  index?: string;
  parameters?: TemplateParameter[];
}

/** One message the fake accepted. */
export interface ReceivedMessage {
  wamid: string;
  to: string;
  type: 'template' | 'text';
  template?: { name: string; language: { code: string }; components?: TemplateComponent[] };
  text?: { body: string; preview_url?: boolean };
  /** The body parameters' texts, in order (templates). */
  bodyTexts: string[];
  /** The quick-reply buttons' payloads, in button order (templates). */
  quickReplies: string[];
  /** The URL buttons' parameter texts (templates). */
  urlSuffixes: string[];
  at: string;
}

/** A webhook delivery as Meta sends it: the raw body and its headers. */
export interface FakeWhatsAppDelivery {
  rawBody: string;
  headers: Record<string, string>;
}

/** Where webhooks go: a URL, or the site's handler itself. */
export type WebhookTarget = string | ((request: Request) => Promise<Response>);

export interface FakeWhatsApp {
  url: string;
  /** Every message accepted, in order. */
  messages: ReceivedMessage[];
  /** Every request, accepted or not. */
  requests: { method: string; path: string; authorised: boolean; status: number; body?: unknown }[];
  /** Makes every next send fail with this status (e.g. 503: an outage) and Meta's error code (default 2, service unavailable) until cleared with null. */
  failWith(status: number | null, code?: number): void;
  /** Where the webhook hooks deliver (set once the site's handler is known). */
  setWebhookTarget(target: WebhookTarget | null, secret?: string): void;
  /** Meta reports a message's status (`failed` with its error code). */
  sendStatus(
    wamid: string,
    status: 'sent' | 'delivered' | 'read' | 'failed',
    errorCode?: number,
  ): Promise<{ delivery: FakeWhatsAppDelivery; status: number | null }>;
  /** The visitor taps a quick-reply button of the message `contextWamid`. */
  pressButton(
    fromNumber: string,
    contextWamid: string,
    payload: string,
    text?: string,
  ): Promise<{ delivery: FakeWhatsAppDelivery; status: number | null }>;
  /** The visitor writes to the business. */
  sendText(fromNumber: string, text: string): Promise<{ delivery: FakeWhatsAppDelivery; status: number | null }>;
  /** Signs and delivers any payload (a duplicate, a tampered body: tests pass their own). */
  deliver(rawBody: string, signature?: string): Promise<{ delivery: FakeWhatsAppDelivery; status: number | null }>;
  stop(): Promise<void>;
}

/** Meta's webhook signature: 'sha256=' + hex HMAC-SHA256 of the raw body with the app secret. */
export function signWhatsAppWebhook(rawBody: string, secret = TEST_WHATSAPP_APP_SECRET): string {
  return `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;
}

/** A message id shaped like Meta's (base64 of an opaque id, prefixed). */
export const fakeWamid = () =>
  `wamid.HBgM${randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'A')}`;

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

function metaError(message: string, code: number, type = 'OAuthException') {
  return { error: { message, type, code, fbtrace_id: randomBytes(8).toString('base64') } };
}

/** Meta's checks of a template's shape, the ones a wrong payload of ours would trip (null: fine). */
function templateProblem(template: unknown): string | null {
  if (!template || typeof template !== 'object') return 'template is required';
  const { name, language, components } = template as Record<string, unknown>;
  if (typeof name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(name))
    return 'template.name must be lower case letters, digits and underscores';
  if (!language || typeof language !== 'object' || typeof (language as { code?: unknown }).code !== 'string')
    return 'template.language.code is required';
  if (components === undefined) return null;
  if (!Array.isArray(components)) return 'template.components must be an array';
  for (const component of components as TemplateComponent[]) {
    if (!component || !['header', 'body', 'button'].includes(component.type))
      return 'component type must be header, body or button';
    const parameters = component.parameters ?? [];
    if (!Array.isArray(parameters)) return 'parameters must be an array';
    if (component.type === 'button') {
      if (component.sub_type !== 'quick_reply' && component.sub_type !== 'url')
        return 'button sub_type must be quick_reply or url';
      if (typeof component.index !== 'string' || !/^[0-9]$/.test(component.index))
        return 'button index must be a string 0-9';
      for (const parameter of parameters) {
        if (
          component.sub_type === 'quick_reply' &&
          (parameter.type !== 'payload' || typeof parameter.payload !== 'string' || parameter.payload.length > 256)
        ) {
          return 'a quick_reply parameter is { type: payload, payload } (at most 256 characters)';
        }
        if (
          component.sub_type === 'url' &&
          (parameter.type !== 'text' || typeof parameter.text !== 'string' || !parameter.text)
        )
          return 'a url parameter is { type: text, text }';
      }
      continue;
    }
    for (const parameter of parameters) {
      if (parameter.type !== 'text' || typeof parameter.text !== 'string')
        return 'a body parameter is { type: text, text }';
      // Meta refuses empty parameters, new lines, tabs and more than four spaces in a row.
      if (!parameter.text.trim() || /[\n\t]| {5}/.test(parameter.text) || parameter.text.length > 1024)
        return 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces';
    }
  }
  return null;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeWhatsApp({
  token = TEST_WHATSAPP_TOKEN,
  phoneNumberId = TEST_WHATSAPP_PHONE_NUMBER_ID,
  listenPort = 0,
} = {}): Promise<FakeWhatsApp> {
  const messages: ReceivedMessage[] = [];
  const requests: FakeWhatsApp['requests'] = [];
  let failure: number | null = null;
  let failureCode = 2;
  let target: WebhookTarget | null = null;
  let secret = TEST_WHATSAPP_APP_SECRET;

  const server: Server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://fake').pathname;
    const raw = await readBody(req);
    const authorised = req.headers.authorization === `Bearer ${token}`;
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    const answer = (status: number, value: unknown) => {
      requests.push({ method: req.method ?? '', path, authorised, status, body });
      send(res, status, value);
    };
    const match = /^\/(v\d+\.\d+)\/([^/]+)\/messages$/.exec(path);
    if (req.method !== 'POST' || !match) return answer(404, metaError('Unknown path components', 2500));
    if (!authorised) return answer(401, metaError('Invalid OAuth access token - Cannot parse access token', 190));
    if (match[2] !== phoneNumberId)
      return answer(
        400,
        metaError(`Unsupported post request. Object with ID '${match[2]}' does not exist`, 100, 'GraphMethodException'),
      );
    if (failure !== null)
      return answer(
        failure,
        metaError(
          failureCode === 2 ? 'Service temporarily unavailable' : `(#${failureCode}) Refused`,
          failureCode,
          'OAuthException',
        ),
      );
    const message = body as Record<string, unknown> | undefined;
    if (!message || message.messaging_product !== 'whatsapp')
      return answer(400, metaError('(#100) The parameter messaging_product is required.', 100));
    const to = message.to;
    if (typeof to !== 'string' || !/^\d{8,15}$/.test(to))
      return answer(400, metaError('(#100) Invalid parameter: to', 100));
    const wamid = fakeWamid();
    const at = new Date().toISOString();
    if (message.type === 'template') {
      const problem = templateProblem(message.template);
      if (problem) return answer(400, metaError(`(#132000) ${problem}`, 132000));
      const template = message.template as NonNullable<ReceivedMessage['template']>;
      const components = template.components ?? [];
      const bodyTexts = components
        .filter((c) => c.type === 'body')
        .flatMap((c) => (c.parameters ?? []).map((p) => p.text ?? ''));
      const buttons = components.filter((c) => c.type === 'button').sort((a, b) => Number(a.index) - Number(b.index));
      const quickReplies = buttons
        .filter((c) => c.sub_type === 'quick_reply')
        .flatMap((c) => (c.parameters ?? []).map((p) => p.payload ?? ''));
      const urlSuffixes = buttons
        .filter((c) => c.sub_type === 'url')
        .flatMap((c) => (c.parameters ?? []).map((p) => p.text ?? ''));
      messages.push({ wamid, to, type: 'template', template, bodyTexts, quickReplies, urlSuffixes, at });
    } else if (message.type === 'text') {
      const text = message.text as ReceivedMessage['text'];
      if (!text || typeof text.body !== 'string' || !text.body.trim() || text.body.length > 4096)
        return answer(400, metaError('(#100) Invalid parameter: text.body', 100));
      messages.push({ wamid, to, type: 'text', text, bodyTexts: [], quickReplies: [], urlSuffixes: [], at });
    } else {
      return answer(400, metaError('(#100) Unsupported message type', 100));
    }
    return answer(200, {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: to }],
      messages: [{ id: wamid, message_status: 'accepted' }],
    });
  });

  function envelope(value: Record<string, unknown>): string {
    return JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: WABA_ID,
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: BUSINESS_DISPLAY_NUMBER, phone_number_id: phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });
  }

  async function deliver(rawBody: string, signature = signWhatsAppWebhook(rawBody, secret)) {
    const delivery: FakeWhatsAppDelivery = {
      rawBody,
      headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    };
    if (!target) return { delivery, status: null };
    const request = (url: string) => new Request(url, { method: 'POST', headers: delivery.headers, body: rawBody });
    const response =
      typeof target === 'string'
        ? await fetch(request(target))
        : await target(request('http://localhost:8888/api/whatsapp-webhook'));
    await response.arrayBuffer().catch(() => undefined);
    return { delivery, status: response.status };
  }

  const contact = (from: string) => ({ contacts: [{ profile: { name: 'Visitor' }, wa_id: from }] });

  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    failWith(status, code = 2) {
      failure = status;
      failureCode = code;
    },
    setWebhookTarget(next, nextSecret = TEST_WHATSAPP_APP_SECRET) {
      target = next;
      secret = nextSecret;
    },
    sendStatus(wamid, status, errorCode) {
      const recipient = messages.find((message) => message.wamid === wamid)?.to ?? '910000000000';
      const item: Record<string, unknown> = { id: wamid, status, timestamp: nowSeconds(), recipient_id: recipient };
      if (status !== 'failed') item.pricing = { billable: true, pricing_model: 'PMP', category: 'utility' };
      if (status === 'failed')
        item.errors = [
          {
            code: errorCode ?? 131026,
            title: 'Message undeliverable',
            message: 'Message undeliverable',
            error_data: { details: 'Message Undeliverable.' },
          },
        ];
      return deliver(envelope({ statuses: [item] }));
    },
    pressButton(fromNumber, contextWamid, payload, text = payload.startsWith('confirm:') ? 'Confirm' : 'Reschedule') {
      return deliver(
        envelope({
          ...contact(fromNumber),
          messages: [
            {
              context: { from: BUSINESS_DISPLAY_NUMBER, id: contextWamid },
              from: fromNumber,
              id: fakeWamid(),
              timestamp: nowSeconds(),
              type: 'button',
              button: { payload, text },
            },
          ],
        }),
      );
    },
    sendText(fromNumber, text) {
      return deliver(
        envelope({
          ...contact(fromNumber),
          messages: [
            { from: fromNumber, id: fakeWamid(), timestamp: nowSeconds(), type: 'text', text: { body: text } },
          ],
        }),
      );
    },
    deliver,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
