import type { Booking } from '../../lib/schemas/booking';
import { afterResponse } from '../http/afterResponse';
import { paymentRequest } from '../messages';
import { deliver, enqueue, newEntry } from '../notifications';
import { whatsappConfig, consentedNumber } from '../whatsapp';
import type { StoredPaymentRequest } from './store';

/**
 * A payment link for a booking whose visitor opted in to WhatsApp also goes there:
 * the `ccc_payment_request` template with Razorpay's link as its Pay now button (or, for a link
 * that does not start with WHATSAPP_PAYMENT_URL_BASE, `ccc_payment_request_link` with it in the text), one outbox
 * entry per request (create-only, retried like every message), sent after the response.
 * Without WhatsApp's settings or the visitor's consent nothing is queued.
 */
export async function whatsappPaymentLink(
  request: StoredPaymentRequest,
  booking: Booking,
  now: Date = new Date(),
): Promise<boolean> {
  const to = consentedNumber(booking);
  const config = whatsappConfig();
  if (!to || !config.enabled) return false;
  const whatsapp = paymentRequest(
    request.name,
    request.description,
    request.amount,
    request.url,
    config.paymentUrlBase,
  );
  const entry = newEntry(
    {
      kind: 'payment-request',
      leadId: request.id,
      channel: 'whatsapp',
      subject: `WhatsApp: payment link for ${request.description}`,
      to,
      mail: null,
      webhook: null,
      whatsapp,
    },
    now,
  );
  await enqueue([entry]);
  await afterResponse(`payment link WhatsApp ${request.id}`, () => deliver(entry.id));
  return true;
}
