import { business } from '../business';
import { formatRupees } from '../format';

// Sharing a payment link from the admin: a WhatsApp chat with the customer,
// the message written in, ready to send. Pure, so it is unit-tested alone.

/**
 * A phone number as digits with its country code (what wa.me wants, and Razorpay's
 * customer contact after a +): ten digits, a trunk 0 dropped, is an Indian mobile.
 */
export function internationalDigits(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length === 10 ? `91${digits}` : digits;
}

/** The first word of a name, for a greeting ('' for none). */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? '';
}

export function paymentLinkMessage(request: {
  name: string;
  amount: number;
  description: string;
  url: string;
}): string {
  return `Hello ${firstName(request.name)}, here is the secure link to pay ${formatRupees(request.amount)} for ${request.description} to ${business.brand}: ${request.url}`;
}

export function whatsappShareHref(phone: string, text: string): string {
  return `https://wa.me/${internationalDigits(phone)}?text=${encodeURIComponent(text)}`;
}
