// Every message the site sends, one home per channel (docs/notifications.md): the e-mails
// (mail/), the owner's webhook and WhatsApp. Each builder is pure, typed input to words; the
// features that send keep the queueing (which entries, to whom, when) and call them here.
export { whatItIs } from './callWords';
export { adminUrl, plainName } from './format';
export { mail, ownerMail, visitorMail } from './mail';
export {
  ownerCallMail,
  ownerEmail,
  ownerRefundMail,
  passkeyAddedMail,
  whatsappInboundMail,
  type PasskeyAdded,
  type WhatsappInbound,
} from './mail/owner';
export {
  briefReminderMail,
  clientDocumentMail,
  clientRefundMail,
  paymentLinkEmail,
  rebookMail,
  reminderMail,
  visitorCallMail,
  visitorEmail,
} from './mail/visitor';
export {
  breachNoticeMail,
  erasureDoneMail,
  parentConsentMail,
  privacyLinkMail,
  privacyVerifyMail,
  type BreachNotice,
  type ErasureDone,
} from './mail/privacy';
export { reviewReceivedMail, reviewRequestMail, type ReviewReceived } from './mail/reviews';
export { ownerWebhook, refundWebhook, webhook } from './webhook';
export {
  callConfirmation,
  callbackConfirmation,
  confirmReply,
  ownerInboundAlert,
  ownerLeadAlert,
  parentConsentWhatsApp,
  privacyLinkWhatsApp,
  ownerWhatsapp,
  paymentReceipt,
  paymentRequest,
  rebook,
  reminder,
  reviewRequestWhatsApp,
  rescheduleReply,
  visitorWhatsapp,
  whatsapp,
} from './whatsapp';
