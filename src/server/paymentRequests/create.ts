import { internationalDigits } from '../../lib/admin/paymentLinkShare';
import { findPackage } from '../../lib/packageCatalogue';
import type { Booking } from '../../lib/schemas/booking';
import type { createPaymentRequestSchema } from '../../lib/schemas/paymentRequest';
import { bookings } from '../leads';
import { HttpError, badRequest, notFound } from '../http/errors';
import { siteAddress } from '../notifications';
import { gatewayKeys, GatewayError, createRazorpayPaymentLink } from '../payments';
import { newestFirstKey } from '../storage/keys';
import { sourceOfNewClient } from './clientSource';
import { emailPaymentLink, requireMailSettings } from './emailLink';
import { whatsappPaymentLink } from './whatsappLink';
import { type StoredPaymentRequest, paymentRequests } from './store';
import type { z } from 'zod';

type NewRequest = z.output<typeof createPaymentRequestSchema>;

const DAY_MS = 86_400_000;
export const REQUESTED_STAGE = 'Payment requested by the owner';
export const PAYMENT_REQUEST_SOURCE = 'payment-request';

/** Where Razorpay sends the customer after paying (it adds its own query parameters). */
export const callbackUrl = (site: string) => `${site}/thank-you?type=payment-link`;

/**
 * A payment request: a Razorpay Payment Link for the agreed amount, in paise,
 * with our request id as reference_id, so the webhook finds the request without a scan.
 * Ids are chosen before Razorpay is asked and nothing is stored unless it answered: a
 * gateway failure leaves no request and no booking behind. A request for someone with
 * no booking (a contact message) gets one, so every payment belongs to a booking.
 */
export async function createPaymentRequest(input: NewRequest, now: Date = new Date()): Promise<StoredPaymentRequest> {
  const keys = gatewayKeys();
  if (input.emailCustomer) requireMailSettings();
  const item = input.packageId ? findPackage(input.packageId) : undefined;
  if (input.packageId && !item) throw badRequest('This package does not exist.', { packageId: 'Unknown package' });
  const existing = input.bookingId ? await bookings.get(input.bookingId) : null;
  if (input.bookingId && !existing) throw notFound('This booking does not exist.');

  const id = newestFirstKey(now.getTime());
  const bookingId = existing?.id ?? newestFirstKey(now.getTime());
  const amountPaise = input.amount * 100;
  const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const email = input.email ?? existing?.email ?? null;
  // Read before Razorpay is asked: a lookup that fails leaves no link behind.
  const source = existing ? null : await sourceOfNewClient({ phone: input.phone, email });

  let link;
  try {
    link = await createRazorpayPaymentLink(keys, {
      amount: amountPaise,
      currency: 'INR',
      accept_partial: false,
      description: input.description,
      reference_id: id,
      expire_by: Math.floor(expiresAt.getTime() / 1000),
      customer: { name: input.name, contact: `+${internationalDigits(input.phone)}`, ...(email ? { email } : {}) },
      notify: { sms: false, email: false },
      reminder_enable: false,
      notes: { requestId: id, bookingId },
      callback_url: callbackUrl(siteAddress()),
      callback_method: 'get',
    });
  } catch (error) {
    if (error instanceof GatewayError) {
      console.error('[razorpay payment link]', error.message);
      throw new HttpError(502, 'The payment gateway is not answering right now. No link was made; please try again.');
    }
    throw error;
  }
  if (link.amount !== amountPaise || link.currency !== 'INR' || link.reference_id !== id) {
    console.error('[razorpay payment link] unexpected link', link.id, link.amount, amountPaise);
    throw new HttpError(502, 'The payment gateway returned an unexpected link. Please try again.');
  }

  if (source) {
    const booking: Booking = {
      fullName: input.name,
      mobile: input.phone,
      ...(email ? { email } : {}),
      currentStage: REQUESTED_STAGE,
      packageId: item?.id ?? null,
      packageName: item?.name ?? input.description,
      bookingType: 'investment',
      amount: input.amount,
      status: 'contacted',
      paymentStatus: 'pending',
      notes: '',
      source: PAYMENT_REQUEST_SOURCE,
      attribution: source.attribution,
    };
    // Never announced: the owner made it. A lead in 'Leads by source' only when the person had
    // none (clientSource.ts), so its paying client is never one without a lead.
    await bookings.insert(bookingId, booking, now, { announce: false, countLead: source.newLead });
  }

  const { record } = await paymentRequests.insert(
    id,
    {
      bookingId,
      name: input.name,
      email,
      phone: input.phone,
      amount: input.amount,
      amountPaise,
      currency: 'INR',
      packageId: item?.id ?? null,
      description: input.description,
      sessions: input.sessions ?? null,
      customerState: input.customerState,
      status: 'created',
      linkId: link.id,
      url: link.short_url,
      expiresAt: expiresAt.toISOString(),
      paymentId: null,
      razorpayPaymentId: null,
      paidAt: null,
      closedAt: null,
    },
    now,
  );
  if (input.emailCustomer && email) await emailPaymentLink(record, email, now);
  // A booking whose visitor ticked the WhatsApp box gets the link there too (a booking made here holds no consent).
  if (existing) await whatsappPaymentLink(record, existing, now);
  return record;
}
