import { z } from 'zod';
import { type TemplatePurpose, type WhatsAppSettings, whatsappConfig } from './config';

// The Cloud API client: `fetch` and zod, no SDK (docs/whatsapp.md says why). Two calls:
// a template message (every message the site starts) and a free-form text (a reply inside
// the 24 hours after the visitor wrote). Both give up quickly: the outbox retries.

const TIMEOUT_MS = 10_000;

/** What Meta answers to an accepted message. */
const acceptedSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  contacts: z.array(z.object({ input: z.string().optional(), wa_id: z.string() })).min(1),
  messages: z.array(z.object({ id: z.string().min(1), message_status: z.string().optional() })).min(1),
});
const errorSchema = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
  }),
});

/**
 * Meta's error codes that no retry can fix (Meta's "Error codes" reference): the number cannot
 * get the message (131026 undeliverable or not on WhatsApp, 131021 the recipient is the sender),
 * the 24-hour window for a free-form reply is over (131047), the message is wrong for its
 * template or type (100 invalid parameter, 131008 a required parameter missing, 131009 a
 * parameter value invalid, 131051 an unsupported type, 132000 the parameter count, 132012 a
 * parameter's format), or the template cannot be used (132001 does not exist, 132005 text too
 * long, 132007 a policy refusal, 132015 paused, 132016 disabled). Everything else (429 and
 * 130429 rate limits, 131000 something went wrong, 131016 service unavailable, 5xx, no answer,
 * 190 an expired token the owner can replace) is retried.
 */
const PERMANENT_WHATSAPP_ERROR_CODES: ReadonlySet<number> = new Set([
  100, 131008, 131009, 131021, 131026, 131047, 131051, 132000, 132001, 132005, 132007, 132012, 132015, 132016,
]);

/** Whether Meta's refusal is final (pure): a 4xx other than 429 with one of the codes above. */
export function isPermanentRefusal(status: number | null, code: number | null): boolean {
  if (status === null || code === null || status < 400 || status >= 500 || status === 429) return false;
  return PERMANENT_WHATSAPP_ERROR_CODES.has(code);
}

/** Meta refused the message or could not be reached; `code` is Meta's error code when it gave one. */
export class WhatsAppApiError extends Error {
  /** Retrying cannot help (isPermanentRefusal). */
  readonly permanent: boolean;
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'WhatsAppApiError';
    this.permanent = isPermanentRefusal(status, code);
  }
}

export interface Accepted {
  wamid: string;
  /** The number WhatsApp delivers to (Meta's `wa_id`). */
  waId: string;
}

/**
 * Meta refuses a template parameter with a new line, a tab or more than four spaces in a
 * row, and an empty one: a name or a time is flattened to one line before it is sent.
 */
export function templateText(value: string, maxLength = 200): string {
  const flat = value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return (flat || '-').slice(0, maxLength);
}

export interface TemplateMessage {
  to: string;
  purpose: TemplatePurpose;
  /** The body's {{1}}, {{2}}, ... in order. */
  body: string[];
  /** One payload per quick-reply button, in the buttons' order (Confirm, Reschedule). */
  quickReplies?: string[] | undefined;
  /** The dynamic part of the template's URL button (index 0 among its buttons). */
  urlSuffix?: string | undefined;
}

/** The Cloud API payload of a template message (pure). */
export function templatePayload(message: TemplateMessage, settings: Pick<WhatsAppSettings, 'templates' | 'language'>) {
  const components: Array<Record<string, unknown>> = [];
  if (message.body.length > 0)
    components.push({
      type: 'body',
      parameters: message.body.map((text) => ({ type: 'text', text: templateText(text) })),
    });
  (message.quickReplies ?? []).forEach((payload, index) => {
    components.push({
      type: 'button',
      sub_type: 'quick_reply',
      index: String(index),
      parameters: [{ type: 'payload', payload }],
    });
  });
  if (message.urlSuffix) {
    const index = message.quickReplies?.length ?? 0;
    components.push({
      type: 'button',
      sub_type: 'url',
      index: String(index),
      parameters: [{ type: 'text', text: message.urlSuffix }],
    });
  }
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: { name: settings.templates[message.purpose], language: { code: settings.language }, components },
  };
}

async function post(settings: WhatsAppSettings, payload: unknown): Promise<Accepted> {
  let response: Response;
  try {
    response = await fetch(`${settings.apiBaseUrl}/${settings.phoneNumberId}/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${settings.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new WhatsAppApiError(
      `WhatsApp could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      null,
      null,
    );
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const refused = errorSchema.safeParse(body);
    const code = refused.success ? (refused.data.error.code ?? null) : null;
    // Meta's message names the problem (a template not approved, a number not on WhatsApp), never the token.
    const reason = refused.success && refused.data.error.message ? `: ${refused.data.error.message.slice(0, 200)}` : '';
    throw new WhatsAppApiError(
      `WhatsApp answered ${response.status}${code !== null ? ` (code ${code})` : ''}${reason}`,
      response.status,
      code,
    );
  }
  const accepted = acceptedSchema.safeParse(body);
  if (!accepted.success) throw new WhatsAppApiError('WhatsApp answered without a message id', response.status, null);
  return { wamid: accepted.data.messages[0]!.id, waId: accepted.data.contacts[0]!.wa_id };
}

function settingsOrThrow(): WhatsAppSettings {
  const config = whatsappConfig();
  if (!config.enabled) throw new WhatsAppApiError(config.reason, null, null);
  return config;
}

/** Sends a template message with the current settings. */
export async function sendTemplate(
  message: TemplateMessage,
  settings: WhatsAppSettings = settingsOrThrow(),
): Promise<Accepted> {
  return post(settings, templatePayload(message, settings));
}

/** Sends a free-form text: only allowed within 24 hours of the visitor's last message to us. */
export async function sendText(
  to: string,
  text: string,
  settings: WhatsAppSettings = settingsOrThrow(),
): Promise<Accepted> {
  const body = text.trim().slice(0, 4096);
  return post(settings, {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to,
    type: 'text',
    text: { preview_url: false, body },
  });
}
