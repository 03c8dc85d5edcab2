import { business } from '../business';

// The to-do's WhatsApp action: a wa.me link to the lead's own number with the owner's
// greeting (business.contact.whatsappFollowUp) already typed.

/** wa.me takes the full international number in digits; ten digits is an Indian mobile as the forms take it. */
export function whatsappNumber(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  if (digits.length === 10) return `91${digits}`;
  return digits.length >= 8 && digits.length <= 15 ? digits : null;
}

export function followUpGreeting(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? '';
  return business.contact.whatsappFollowUp
    .replace('{name}', first)
    .replace('{founder}', business.founder.name.split(' ')[0] ?? business.founder.name)
    .replace('{brand}', business.brand)
    .replace(/\s+,/, ',');
}

/** The link, or null for a number WhatsApp cannot dial. */
export function leadWhatsappHref(phone: string, name: string): string | null {
  const number = whatsappNumber(phone);
  return number ? `https://wa.me/${number}?text=${encodeURIComponent(followUpGreeting(name))}` : null;
}
