import type { LeadEvent } from '../../lib/schemas/leadEvent';
import { clientSpaceUrlOf } from './links';
import { ensureClient } from './store';
import { InvoiceConfigError, documentTitle, ensureInvoice } from '../invoices';
import { whatsappConfig, consentedNumber } from '../whatsapp';
import { bookings } from '../leads';

// What a captured payment's receipt carries besides the payment: the outbox
// stores a mail's content when it is queued (app/leadNotifications.ts), so whatever the
// receipt links to is made first, here, and put on the event. Each extra is idempotent
// (the same payment always gives the same client), so a retried effect adds the same.
// The payment's `leadId` is its record id.

type Extra = (
  lead: LeadEvent & { payment: NonNullable<LeadEvent['payment']> },
) => Promise<Partial<NonNullable<LeadEvent['payment']>>>;

const extras: readonly Extra[] = [
  // The client space: the sessions bought, booked from a private link.
  async (lead) => {
    const client = await ensureClient(lead.leadId);
    return { clientSpaceUrl: await clientSpaceUrlOf(client.id), sessions: client.sessionsTotal };
  },
  // The invoice (or plain receipt) PDF, attached when the mail is sent. Settings that would
  // print a defective invoice hold back the invoice, never the receipt: the capture's own
  // invoice effect keeps failing (and is set aside for the owner) until they are mended.
  async (lead) => {
    try {
      const document = await ensureInvoice(lead.leadId);
      return { invoice: { documentId: document.id, serial: document.serial, title: documentTitle(document) } };
    } catch (error) {
      if (error instanceof InvoiceConfigError) return {};
      throw error;
    }
  },
  // The payer's WhatsApp, when the checkout's box was ticked (the consent is stored on the booking).
  async (lead) => {
    if (!whatsappConfig().enabled) return {};
    const booking = await bookings.get(lead.payment.bookingId);
    const number = booking ? consentedNumber(booking) : null;
    return number ? { whatsappTo: number } : {};
  },
];

export async function withReceiptExtras(lead: LeadEvent): Promise<LeadEvent> {
  if (lead.kind !== 'payment-captured' || !lead.payment) return lead;
  const payment = lead.payment;
  const parts = await Promise.all(extras.map((extra) => extra({ ...lead, payment })));
  return { ...lead, payment: Object.assign({}, payment, ...parts) };
}
