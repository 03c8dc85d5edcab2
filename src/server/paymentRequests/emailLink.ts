import { afterResponse } from '../http/afterResponse';
import { paymentLinkEmail } from '../messages';
import { deliver, enqueue, newEntry, notificationSettings } from '../notifications';
import { HttpError } from '../http/errors';
import type { StoredPaymentRequest } from './store';

/** Checked before a link is made: asked to e-mail it without mail settings, nothing is made. */
export function requireMailSettings(): void {
  const state = notificationSettings();
  if (!state.enabled)
    throw new HttpError(
      503,
      `E-mail is not set up (${state.reason}) No link was made: untick "E-mail it", then copy the link or share it on WhatsApp.`,
    );
}

/**
 * Puts the payment link in the customer's inbox through the outbox (one entry per
 * request, onlyIfNew, retried by the minute job like every other message), sent after
 * the response. Without mail settings the owner is told so: they share the link by hand.
 */
export async function emailPaymentLink(
  request: StoredPaymentRequest,
  to: string,
  now: Date = new Date(),
): Promise<void> {
  requireMailSettings();
  const mail = paymentLinkEmail(request);
  const entry = newEntry(
    {
      kind: 'payment-request',
      leadId: request.id,
      channel: 'visitor-email',
      subject: mail.subject,
      to,
      mail,
      webhook: null,
    },
    now,
  );
  await enqueue([entry]);
  await afterResponse(`payment link mail ${request.id}`, () => deliver(entry.id));
}
