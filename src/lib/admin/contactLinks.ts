// Links that start a call or an e-mail from the admin, on a phone or a laptop.

/**
 * A dialable tel: address. Ten digits is an Indian mobile as the forms take it, so
 * +91 is added and the link works from any phone; anything else keeps its own
 * country code.
 */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `tel:+91${digits}`;
  return `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${encodeURIComponent(email.trim()).replace(/%40/g, '@')}`;
}
