import { z } from './zod';

// What Meta's WhatsApp Cloud API posts to /api/whatsapp-webhook (docs/whatsapp.md,
// "The webhook"), parsed only as far as we act on it. Objects are loose: Meta adds fields
// without notice, and a field we do not read must never turn a genuine delivery into an error
// Meta retries for days. What we act on is bounded, so nothing oversized reaches a key or a mail.

/** GET /api/whatsapp-webhook?hub.mode=subscribe&hub.verify_token=...&hub.challenge=... */
export const verificationQuerySchema = z.object({
  'hub.mode': z.literal('subscribe', { error: 'hub.mode must be subscribe' }),
  'hub.verify_token': z
    .string({ error: 'hub.verify_token is required' })
    .min(1, 'hub.verify_token is required')
    .max(200, 'hub.verify_token is too long'),
  'hub.challenge': z
    .string({ error: 'hub.challenge is required' })
    .min(1, 'hub.challenge is required')
    .max(200, 'hub.challenge is too long'),
});

/** Meta's ids (wamid.…) and numbers, bounded so keys built from them always fit. */
const metaId = z.string().min(1).max(512);
const waNumber = z.string().regex(/^\d{6,20}$/);
const unixSeconds = z.string().regex(/^\d{1,12}$/);

export const whatsappStatuses = ['sent', 'delivered', 'read', 'failed'] as const;
export type WhatsappStatus = (typeof whatsappStatuses)[number];

/** A status of a message we sent. Meta's other values (e.g. deleted, warning) are not ours to store. */
export const statusUpdateSchema = z.looseObject({
  id: metaId,
  status: z.string().max(40),
  timestamp: unixSeconds,
  recipient_id: z.string().max(40).optional(),
  errors: z
    .array(z.looseObject({ code: z.number().int(), title: z.string().max(500).optional() }))
    .max(20)
    .optional(),
});
export type StatusUpdate = z.infer<typeof statusUpdateSchema>;

/** A message a visitor sent us: a template's quick-reply button, an interactive reply, text or anything else. */
export const inboundMessageSchema = z.looseObject({
  id: metaId,
  from: waNumber,
  timestamp: unixSeconds,
  type: z.string().max(40),
  /** The message this one answers (a quick-reply button names the template message it belongs to). */
  context: z.looseObject({ id: metaId.optional() }).optional(),
  text: z.looseObject({ body: z.string().max(4096) }).optional(),
  button: z.looseObject({ payload: z.string().max(256).optional(), text: z.string().max(256).optional() }).optional(),
  interactive: z
    .looseObject({
      type: z.string().max(40),
      button_reply: z.looseObject({ id: z.string().max(256), title: z.string().max(256).optional() }).optional(),
    })
    .optional(),
});
export type InboundMessage = z.infer<typeof inboundMessageSchema>;

const contactSchema = z.looseObject({
  wa_id: z.string().max(40).optional(),
  profile: z.looseObject({ name: z.string().max(256).optional() }).optional(),
});

const changeValueSchema = z.looseObject({
  messaging_product: z.string().optional(),
  metadata: z.looseObject({ phone_number_id: z.string().max(64).optional() }).optional(),
  contacts: z.array(contactSchema).max(100).optional(),
  // Each item is parsed on its own (statusUpdateSchema, inboundMessageSchema): one we cannot
  // read is skipped without losing the others of the same delivery.
  statuses: z.array(z.unknown()).max(1000).optional(),
  messages: z.array(z.unknown()).max(1000).optional(),
});

export const whatsappWebhookSchema = z.looseObject({
  object: z.literal('whatsapp_business_account'),
  entry: z
    .array(
      z.looseObject({
        id: z.string().max(64).optional(),
        changes: z.array(z.looseObject({ field: z.string().max(64), value: changeValueSchema })).max(100),
      }),
    )
    .max(100),
});
export type WhatsappWebhook = z.infer<typeof whatsappWebhookSchema>;

/** The quick-reply payloads our templates carry (W1's templates set them): `confirm:{appointmentId}`, `reschedule:{appointmentId}`. */
export const buttonPayloadSchema = z.string().regex(/^(confirm|reschedule):\d{13}-[0-9a-f]{10}$/);
export type ButtonAction = { action: 'confirm' | 'reschedule'; appointmentId: string };

/** The action a button reply asks for, or null when it is not one of ours (pure). */
export function buttonAction(message: InboundMessage): ButtonAction | null {
  const payload =
    message.type === 'button'
      ? message.button?.payload
      : message.type === 'interactive'
        ? message.interactive?.button_reply?.id
        : undefined;
  if (!payload || !buttonPayloadSchema.safeParse(payload).success) return null;
  const [action, appointmentId] = payload.split(':') as ['confirm' | 'reschedule', string];
  return { action, appointmentId };
}

/** The words that withdraw WhatsApp consent when a visitor sends them alone (docs/privacy.md, "Rights"). */
export const STOP_WORDS = ['stop', 'unsubscribe', 'stop all', 'opt out', 'optout'] as const;

/** Whether a message is a visitor's STOP (a text of a stop word alone, any case, any punctuation after). */
export function isStopMessage(message: InboundMessage): boolean {
  const body = message.text?.body ?? message.button?.text ?? '';
  const word = body
    .trim()
    .toLowerCase()
    .replace(/[.!\s]+$/, '');
  return (STOP_WORDS as readonly string[]).includes(word);
}
