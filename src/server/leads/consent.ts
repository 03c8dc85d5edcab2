import { type ConsentPurpose, submissionConsent } from '../../lib/privacy/consent';
import { noticeVersion, privacyContactFrom } from '../../lib/privacy/notice';

// The consent every visitor submission stores (docs/privacy.md): under the version of the
// notice this deploy shows. The notice is built with the same PRIVACY_CONTACT_* variables the
// functions read, so the version is the page's; it is worked out once per process.

let version: string | null = null;

export const currentNoticeVersion = (): string => (version ??= noticeVersion(privacyContactFrom(process.env)));

/** The consent fields of a record a visitor's form creates: its purpose, and WhatsApp when the box was ticked. */
export const consentOfSubmission = (
  purpose: Exclude<ConsentPurpose, 'whatsapp-updates'>,
  whatsappOptIn: boolean | undefined,
  now: Date = new Date(),
) => submissionConsent(currentNoticeVersion(), purpose, whatsappOptIn, now);
