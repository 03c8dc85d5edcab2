import { type OutboxEntry, PermanentFailure, siteAddress } from '../notifications';
import { yourDataLine } from '../../lib/privacy/links';
import { type Accepted, WhatsAppApiError, sendTemplate, sendText } from './client';
import { whatsappConfig } from './config';
import { rememberSent } from './messages';

// The outbox's WhatsApp channels (docs/whatsapp.md, "How it is sent"): one entry is one template message (or one
// free-form reply to a visitor's tap), claimed, retried, dead-lettered and listed like any
// mail (notifications/deliver.ts). Only what is particular to WhatsApp lives here.

/** Meta's refusals that no retry can fix fail the entry at once; anything else is retried. */
async function finalIfRefused(sending: Promise<Accepted>): Promise<Accepted> {
  try {
    return await sending;
  } catch (error) {
    if (error instanceof WhatsAppApiError && error.permanent) throw new PermanentFailure(error.message);
    throw error;
  }
}

/**
 * Sends one WhatsApp entry. `admit` takes the entry's place in the visitor number's daily
 * count (it throws to hold the message back), after everything that could fail before
 * sending, so a failed attempt takes no place. Once Meta accepted the message it is
 * recorded by its wamid; a failure to record it is logged, never retried: a retry would
 * send the message twice. Says the wamid Meta gave it and whether it is recorded.
 */
export async function sendWhatsAppEntry(
  entry: OutboxEntry,
  admit: () => Promise<void>,
  now: Date = new Date(),
): Promise<{ wamid: string; recorded: boolean }> {
  const config = whatsappConfig();
  // The variables removed or broken after the entry was queued: a failed attempt with the reason.
  if (!config.enabled) throw new Error(config.reason);
  if (!entry.whatsapp) throw new Error('The entry has no WhatsApp message');
  const to = entry.channel === 'owner-whatsapp' ? config.ownerNumber : entry.to;
  if (!to) throw new Error('No WhatsApp number');
  await admit();
  const message = entry.whatsapp;
  // A visitor's free-form text ends with the "Your data" line (a template's footer says it: docs/whatsapp.md).
  const text =
    'text' in message && entry.channel === 'whatsapp' ? `${message.text}\n\n${yourDataLine(siteAddress())}` : null;
  const accepted = await finalIfRefused(
    'text' in message ? sendText(to, text ?? message.text, config) : sendTemplate({ to, ...message }, config),
  );
  try {
    await rememberSent({
      wamid: accepted.wamid,
      to,
      template: 'text' in message ? 'text' : config.templates[message.purpose],
      purpose: entry.kind,
      appointmentId: entry.appointmentId,
      leadId: entry.leadId,
      outboxEntryId: entry.id,
      at: now,
    });
  } catch (error) {
    console.error(`[whatsapp] ${entry.id} was sent as ${accepted.wamid} but could not be recorded`, error);
    return { wamid: accepted.wamid, recorded: false };
  }
  return { wamid: accepted.wamid, recorded: true };
}
