import { waNumberOf } from '../../lib/people/whatsappNumber';
import type { WhatsappConsent } from '../../lib/whatsappConsent';

// The one question every WhatsApp send to a visitor asks first (docs/decisions/0037-whatsapp-with-consent.md): did
// this lead tick the box? Without a stored consent there is no number to send to.

/** A lead or a call as stored: its consent, if any, and its phone under whichever name the record uses. */
export interface ConsentHolder {
  whatsappConsent?: WhatsappConsent | null | undefined;
  phone?: string | null | undefined;
  mobile?: string | null | undefined;
  customerPhone?: string | null | undefined;
}

/** The WhatsApp number ('91XXXXXXXXXX') of a record that holds the visitor's consent; null without consent or a usable number. */
export function consentedNumber(record: ConsentHolder): string | null {
  if (!record.whatsappConsent) return null;
  return waNumberOf(record.phone ?? record.mobile ?? record.customerPhone ?? null);
}
