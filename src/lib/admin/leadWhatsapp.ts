import { business } from '../business';
import { firstName, internationalDigits, whatsappShareHref } from './paymentLinkShare';

// The to-do's WhatsApp action: a wa.me link to the lead's own number with the owner's
// greeting (business.contact.whatsappFollowUp) already typed.

/** The number wa.me can dial (international digits), or null for what cannot be a phone number. */
export function whatsappNumber(phone: string): string | null {
  const digits = internationalDigits(phone);
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

export function followUpGreeting(name: string): string {
  return business.contact.whatsappFollowUp
    .replace('{name}', firstName(name))
    .replace('{founder}', business.founder.name.split(' ')[0] ?? business.founder.name)
    .replace('{brand}', business.brand)
    .replace(/\s+,/, ',');
}

/** The link, or null for a number WhatsApp cannot dial. */
export function leadWhatsappHref(phone: string, name: string): string | null {
  return whatsappNumber(phone) ? whatsappShareHref(phone, followUpGreeting(name)) : null;
}
