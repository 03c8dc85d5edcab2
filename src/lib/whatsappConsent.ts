import { z } from './schemas/zod';

// WhatsApp consent (docs/decisions/0037-whatsapp-with-consent.md): every lead form shows one
// unchecked box with these words; a ticked box sends `whatsappOptIn: true`, and the lead
// stores when it was given and the words the visitor saw. Without it the visitor gets no
// WhatsApp message.

/** The box's label on every form, and the words stored with the consent. */
export const WHATSAPP_CONSENT_WORDS = 'Send me updates on WhatsApp';

/** The optional body field every public lead request accepts: true when the box was ticked. */
export const whatsappOptInField = {
  whatsappOptIn: z.boolean({ error: 'WhatsApp opt-in must be true or false' }).optional(),
};

/** The consent as stored on a lead (and copied to the call it booked): when, and the words shown. */
export const whatsappConsentSchema = z.object({
  at: z.string().min(1),
  words: z.string().min(1).max(200),
});
export type WhatsappConsent = z.infer<typeof whatsappConsentSchema>;

/** The record's optional field, for each lead schema to spread in. */
export const whatsappConsentField = { whatsappConsent: whatsappConsentSchema.optional() };

/**
 * What a request's box means for the record: the consent, stamped with the server's time, when
 * ticked; nothing otherwise (an empty spread, so records without consent carry no field).
 */
export function consentFromOptIn(
  optIn: boolean | undefined,
  now: Date = new Date(),
): { whatsappConsent?: WhatsappConsent } {
  return optIn === true ? { whatsappConsent: { at: now.toISOString(), words: WHATSAPP_CONSENT_WORDS } } : {};
}
