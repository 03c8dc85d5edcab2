import { type Booking, bookingSchema } from '../../lib/schemas/booking';
import { BOOKED_TIME_SOURCE } from '../../lib/schemas/callRequest';
import { pickTimeUrl } from './links';
import { activeAppointmentOf } from '../booking';
import type { FollowUpEvent } from '../followUp/events';
import { enqueue, siteAddress } from '../notifications';
import { consentedNumber, whatsappCallbackEntry, whatsappEnabled } from '../whatsapp';
import { BOOKING_STORE } from '../leads';

// The call modal asks for no e-mail, so a free call request's only word back is WhatsApp
// (docs/whatsapp.md, ccc_callback_confirmation): queued by the request's follow-up event,
// after the answer, and sent by the outbox like every visitor message (retried through an
// outage, under the number's daily cap). Its entry is named by the request, so a follow-up
// done twice queues it once.

/** A free call asked for without a time (the call modal), not one booked with its time chosen (pure). */
export const isCallbackRequest = (booking: Pick<Booking, 'bookingType' | 'source'>) =>
  booking.bookingType === 'discovery_call' && booking.source !== BOOKED_TIME_SOURCE;

/**
 * The request as its event holds it: the record the request stored. Not read back from the
 * store, where a request that died after its event was stored has no record until the
 * event's own `record` effect, running beside this one, writes it.
 */
function requestOf(event: FollowUpEvent): (Booking & { id: string }) | null {
  if (event.lead?.kind !== 'discovery-call' || event.record?.collection !== BOOKING_STORE) return null;
  const parsed = bookingSchema.safeParse(event.record.value);
  return parsed.success && isCallbackRequest(parsed.data) ? { ...parsed.data, id: event.record.id } : null;
}

/** The follow-up's effect: queues the confirmation of a request whose visitor consented; the entry ids to send at once. */
export async function queueCallbackConfirmation(event: FollowUpEvent, now: Date = new Date()): Promise<string[]> {
  const request = requestOf(event);
  // Consent first: a request without it costs no read at all.
  if (!request || !whatsappEnabled() || !consentedNumber(request)) return [];
  // A time already booked for it (the modal's picker, before a late follow-up) speaks for itself,
  // as in the modal: no promise of a call back beside it.
  if (await activeAppointmentOf(request.id)) return [];
  const site = siteAddress();
  const entry = whatsappCallbackEntry(request, await pickTimeUrl(request.id, site), site, now);
  if (!entry) return [];
  await enqueue([entry]);
  return [entry.id];
}
