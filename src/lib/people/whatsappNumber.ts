// The number WhatsApp knows a visitor by: the country code and the number,
// digits only, as the Cloud API's `to` and its webhooks' `wa_id` spell it. The forms take
// a phone as typed ("+91 98765 43210", "098765-43210", "9876543210"); only Indian mobile
// numbers (ten digits starting 6-9) are sent to, since that is who the business serves
// and a number read wrongly would message a stranger.

const INDIAN_MOBILE = /^[6-9]\d{9}$/;

/** '91XXXXXXXXXX' for an Indian mobile number however it was typed, else null. */
export function waNumberOf(phone: string | null | undefined): string | null {
  let digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 14 && digits.startsWith('0091')) digits = digits.slice(4);
  else if (digits.length === 13 && digits.startsWith('091')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return INDIAN_MOBILE.test(digits) ? `91${digits}` : null;
}
