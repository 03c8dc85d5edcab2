import { z } from '../schemas/zod';
import { consentFromOptIn, type WhatsappConsent } from '../whatsappConsent';

// What a person agreed to when they sent a form (docs/privacy.md, "Consent records"): the
// version of the privacy notice the site showed them, the purposes they agreed to, and the
// server's time. Stamped by the server on every submission, never taken from the browser.

export const consentPurposes = ['answer-request', 'whatsapp-updates', 'newsletter'] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];

export const submissionConsentSchema = z.object({
  /** The notice's version (src/lib/privacy/notice.ts, noticeVersion). */
  notice: z.string().regex(/^[0-9a-f]{16}$/),
  purposes: z.array(z.enum(consentPurposes)).min(1),
  at: z.string().min(1),
});
export type SubmissionConsent = z.infer<typeof submissionConsentSchema>;

/** The record's optional field (records stored before consent was recorded have none). */
export const submissionConsentField = { consent: submissionConsentSchema.optional() };

/**
 * What a submission stores about consent (pure): the form's own purpose, WhatsApp updates when
 * the box was ticked (with the words shown, as before), under the notice version given.
 */
export function submissionConsent(
  noticeVersion: string,
  purpose: Exclude<ConsentPurpose, 'whatsapp-updates'>,
  whatsappOptIn: boolean | undefined,
  now: Date = new Date(),
): { consent: SubmissionConsent; whatsappConsent?: WhatsappConsent } {
  const whatsapp = consentFromOptIn(whatsappOptIn, now);
  return {
    consent: {
      notice: noticeVersion,
      purposes: whatsapp.whatsappConsent ? [purpose, 'whatsapp-updates'] : [purpose],
      at: now.toISOString(),
    },
    ...whatsapp,
  };
}

/** What each purpose means, as the my-data page lists a person's consents. */
export const consentPurposeWords: Readonly<Record<ConsentPurpose, string>> = {
  'answer-request': 'Use my details to answer my request',
  'whatsapp-updates': 'Send me updates on WhatsApp',
  newsletter: 'Send me the newsletter',
};
