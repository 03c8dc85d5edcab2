import { formatRupees } from '../../lib/format';
import type { Attribution } from '../../lib/schemas/attribution';
import type { Booking } from '../../lib/schemas/booking';
import { type ContactRecord, whoIsThisForOptions } from '../../lib/schemas/contact';
import type { Payment } from '../../lib/schemas/payment';
import type { Download } from '../../lib/schemas/download';
import type { Subscriber } from '../../lib/schemas/subscriber';
import type { RecordMeta } from '../../lib/schemas/recordMeta';

export { leadEventSchema, type LeadEvent } from '../../lib/schemas/leadEvent';
import type { LeadEvent } from '../../lib/schemas/leadEvent';

type Stored<T> = T & RecordMeta;

export function bookingEvent(booking: Stored<Booking>): LeadEvent {
  const isCall = booking.bookingType === 'discovery_call' && booking.source !== 'package-popup';
  const details = [{ label: 'Current stage', value: booking.currentStage }];
  if (booking.source) details.push({ label: 'Booked from', value: booking.source });
  if (booking.quizScore != null) details.push({ label: 'Quiz score', value: String(booking.quizScore) });
  if (booking.amount != null) details.push({ label: 'Price', value: formatRupees(booking.amount) });
  return {
    kind: isCall ? 'discovery-call' : 'package-booking',
    leadId: booking.id,
    at: booking.createdAt,
    person: { name: booking.fullName, phone: booking.mobile, email: booking.email ?? null },
    choice: booking.packageName,
    details,
    attribution: booking.attribution ?? null,
  };
}

export function contactEvent(contact: Stored<ContactRecord>): LeadEvent {
  const audience =
    whoIsThisForOptions.find((option) => option.value === contact.whoIsThisFor)?.label ?? contact.whoIsThisFor;
  return {
    kind: 'contact',
    leadId: contact.id,
    at: contact.createdAt,
    person: { name: contact.name, phone: contact.phone, email: contact.email },
    choice: `Contact form: ${audience}`,
    details: [{ label: 'Who it is for', value: audience }],
    attribution: contact.attribution ?? null,
  };
}

export function downloadEvent(download: Stored<Download>): LeadEvent {
  return {
    kind: 'resource-download',
    leadId: download.id,
    at: download.createdAt,
    person: { name: download.fullName, phone: download.mobile, email: download.email },
    choice: download.resourceTitle,
    details: [{ label: 'Current stage', value: download.currentStage }],
    attribution: download.attribution ?? null,
    download: { resourceId: download.resourceId, title: download.resourceTitle },
  };
}

export function subscriberEvent(subscriber: Stored<Subscriber>): LeadEvent {
  return {
    kind: 'newsletter',
    leadId: subscriber.id,
    at: subscriber.createdAt,
    person: { name: null, phone: null, email: subscriber.email },
    choice: 'Newsletter subscription',
    details: [],
    attribution: subscriber.attribution ?? null,
  };
}

/** A payment that was captured or failed (the event follows the stored status). */
export function paymentEvent(payment: Stored<Payment>, attribution: Attribution | null = null): LeadEvent {
  const capturedNow = payment.status === 'captured';
  return {
    kind: capturedNow ? 'payment-captured' : 'payment-failed',
    leadId: payment.id,
    at: (capturedNow ? payment.paidAt : payment.updatedAt) ?? payment.createdAt,
    person: { name: payment.customerName, phone: payment.customerPhone, email: payment.customerEmail },
    choice: payment.packageName,
    details: capturedNow ? [] : [{ label: 'Reason', value: payment.failureReason ?? 'Payment failed' }],
    attribution,
    payment: {
      packageName: payment.packageName,
      amount: payment.amount,
      paymentId: payment.razorpayPaymentId,
      bookingId: payment.bookingId,
      failureReason: capturedNow ? null : payment.failureReason,
    },
  };
}
