import { ownerCallMail, ownerEmail, ownerRefundMail, passkeyAddedMail, whatsappInboundMail } from './owner';
import { breachNoticeMail, erasureDoneMail, parentConsentMail, privacyLinkMail, privacyVerifyMail } from './privacy';
import { reviewReceivedMail, reviewRequestMail } from './reviews';
import {
  briefReminderMail,
  clientDocumentMail,
  clientRefundMail,
  paymentLinkEmail,
  rebookMail,
  reminderMail,
  visitorCallMail,
  visitorEmail,
} from './visitor';

// Every e-mail the site sends, by who reads it. tests/unit/messages.test.ts renders each one
// listed here, and checks that a visitor's carries none of their own text but a plain name.

/** The owner's mails: they may quote what a lead typed, escaped. */
export const ownerMail = {
  ownerEmail,
  ownerCallMail,
  ownerRefundMail,
  passkeyAddedMail,
  whatsappInboundMail,
  privacyVerifyMail,
  erasureDoneMail,
  reviewReceivedMail,
} as const;

/** Visitors' and clients' mails: our words and at most a plain name (docs/decisions/0028-visitor-mail-carries-only-our-words.md). */
export const visitorMail = {
  visitorEmail,
  paymentLinkEmail,
  visitorCallMail,
  reminderMail,
  rebookMail,
  clientRefundMail,
  briefReminderMail,
  clientDocumentMail,
  privacyLinkMail,
  breachNoticeMail,
  parentConsentMail,
  reviewRequestMail,
} as const;

/** Every mail builder, once. */
export const mail = { ...ownerMail, ...visitorMail } as const;
