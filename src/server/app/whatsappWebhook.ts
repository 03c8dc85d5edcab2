import { createHmac } from 'node:crypto';
import {
  type InboundMessage,
  type StatusUpdate,
  type WhatsappStatus,
  inboundMessageSchema,
  isStopMessage,
  statusUpdateSchema,
  whatsappStatuses,
  whatsappWebhookSchema,
  verificationQuerySchema,
} from '../../lib/schemas/whatsappWebhook';
import { safeEqualSecret } from '../auth';
import { HttpError, badRequest, forbidden } from '../http/errors';
import { signaturesMatch } from '../payments';
import { type InboundOutcome, type InboundSender, handleInbound, countReminderRead } from '../appointments';
import { applyStatus, type ClaimKind, claimKey, whatsappClaims } from '../whatsapp';
import { identityOf, withdrawWhatsApp } from '../privacy';

// Meta's WhatsApp webhook (docs/decisions/0037-whatsapp-with-consent.md): the subscription handshake, and the
// signed deliveries of our messages' statuses and of what visitors send us.

/** GET: Meta's handshake. The right verify token gets the challenge back; anything else 403. */
export function answerVerification(query: URLSearchParams, verifyToken: string): string {
  const parsed = verificationQuerySchema.safeParse(Object.fromEntries(query));
  if (!parsed.success) throw forbidden('Not a WhatsApp subscription request with the right verify token.');
  if (!safeEqualSecret(parsed.data['hub.verify_token'], verifyToken))
    throw forbidden('Not a WhatsApp subscription request with the right verify token.');
  return parsed.data['hub.challenge'];
}

/** X-Hub-Signature-256: 'sha256=' and the hex HMAC-SHA256 of the raw body with the app secret. */
export function hubSignature(rawBody: string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex')}`;
}

/** Constant time, exact length: a digit added or dropped is no match (signaturesMatch). */
export function hubSignatureValid(rawBody: string, header: string | null, appSecret: string): boolean {
  if (!header?.startsWith('sha256=')) return false;
  return signaturesMatch(hubSignature(rawBody, appSecret).slice('sha256='.length), header.slice('sha256='.length));
}

export interface WebhookSummary {
  statuses: number;
  messages: number;
  duplicates: number;
  /** Items another request is handling at this moment: the delivery is answered 503 so Meta sends it again. */
  busy: number;
  ignored: number;
}

const IN_PARALLEL = 8;

/**
 * One signed delivery. The signature is checked over the raw bytes before anything is parsed
 * (401, nothing changes). Each status and message is claimed and handled on its own; one that
 * fails gives its claim back and the delivery answers with that error, so Meta retries it while
 * the items done already are skipped as duplicates.
 */
export async function handleWebhookDelivery(
  rawBody: string,
  signature: string | null,
  appSecret: string,
  now: Date = new Date(),
): Promise<WebhookSummary> {
  if (!hubSignatureValid(rawBody, signature, appSecret))
    throw new HttpError(401, 'Invalid webhook signature.', { 'x-hub-signature-256': 'Does not match' });
  let value: unknown;
  try {
    value = JSON.parse(rawBody);
  } catch {
    throw badRequest('The webhook body is not valid JSON.');
  }
  const summary: WebhookSummary = { statuses: 0, messages: 0, duplicates: 0, busy: 0, ignored: 0 };
  const parsed = whatsappWebhookSchema.safeParse(value);
  // Signed by Meta but not a WhatsApp delivery we read: acknowledged, so it is not retried for days.
  if (!parsed.success) return { ...summary, ignored: 1 };

  const work: Array<() => Promise<void>> = [];
  for (const entry of parsed.data.entry) {
    for (const change of entry.changes) {
      if (change.field !== 'messages') continue;
      const names = new Map(
        (change.value.contacts ?? []).flatMap((contact) =>
          contact.wa_id ? [[contact.wa_id, contact.profile?.name ?? null] as const] : [],
        ),
      );
      for (const item of change.value.statuses ?? []) {
        const status = statusUpdateSchema.safeParse(item);
        if (!status.success || !(whatsappStatuses as readonly string[]).includes(status.data.status))
          summary.ignored += 1;
        else
          work.push(() =>
            once('status', `${status.data.id}|${status.data.status}`, () => storeStatus(status.data), 'statuses'),
          );
      }
      for (const item of change.value.messages ?? []) {
        const message = inboundMessageSchema.safeParse(item);
        if (!message.success) summary.ignored += 1;
        else {
          const sender: InboundSender = {
            number: message.data.from,
            profileName: names.get(message.data.from) ?? null,
          };
          // STOP withdraws the sender's WhatsApp consent everywhere (docs/privacy.md, "Rights").
          const act = isStopMessage(message.data)
            ? async () => `whatsapp-withdrawn (${await withdrawWhatsApp(identityOf({ phone: sender.number }))} records)`
            : () => handleInbound(message.data, sender, now);
          work.push(() => once('message', message.data.id, act, 'messages'));
        }
      }
    }
  }

  async function once(
    kind: ClaimKind,
    itemId: string,
    act: () => Promise<string>,
    counter: 'statuses' | 'messages',
  ): Promise<void> {
    const key = claimKey(kind, itemId);
    const claim = await whatsappClaims.claim(key, now);
    if (claim === 'done') summary.duplicates += 1;
    if (claim === 'busy') summary.busy += 1;
    if (claim !== 'taken') return;
    let outcome: string;
    try {
      outcome = await act();
    } catch (error) {
      await whatsappClaims.release(key).catch(() => undefined);
      throw error;
    }
    await whatsappClaims.finish(key, { outcome }, now);
    summary[counter] += 1;
  }

  const failures: unknown[] = [];
  for (let start = 0; start < work.length; start += IN_PARALLEL) {
    const results = await Promise.allSettled(work.slice(start, start + IN_PARALLEL).map((run) => run()));
    for (const result of results) if (result.status === 'rejected') failures.push(result.reason);
  }
  if (failures.length > 0) throw failures[0];
  return summary;
}

async function storeStatus(update: StatusUpdate): Promise<string> {
  const at = new Date(Number(update.timestamp) * 1000).toISOString();
  const errorCode = update.status === 'failed' ? update.errors?.[0]?.code : undefined;
  const stored = await applyStatus(update.id, {
    status: update.status as WhatsappStatus,
    at,
    ...(errorCode === undefined ? {} : { errorCode }),
  });
  // What converts' reminder read rate: once per message, named by it.
  if (update.status === 'read') await countReminderRead(stored);
  return update.status;
}

export type { InboundMessage, InboundOutcome };
