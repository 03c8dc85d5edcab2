export { whatsappConfig } from './config';
export { consentedNumber } from './consent';
export {
  whatsappCallEntries,
  whatsappCallbackEntry,
  whatsappEnabled,
  whatsappLeadEntries,
  whatsappRebookEntry,
  whatsappReminderEntry,
} from './entries';
export {
  applyStatus,
  forgetMessagesTo,
  messagesOfAppointments,
  messagesOfEntries,
  pruneMessages,
  type SentMessage,
} from './messages';
export { sendWhatsAppEntry } from './send';
export { claimKey, whatsappClaims, type ClaimKind } from './webhookClaims';
