export { RETRY_WINDOW_MS } from './backoff';
export { installOutboxChannels, type OutboxChannels } from './channels';
export { claimable, deliver, pruneOutbox, sweepOutbox, type SweepReport } from './deliver';
export {
  dropFailedMarker,
  dropHeldMarker,
  dueIds,
  enqueue,
  entriesAbout,
  entriesWithIds,
  entryIds,
  entryId,
  forgetEntries,
  forgetEntriesMentioning,
  failedIds,
  heldIds,
  markDue,
  newEntry,
  ownerEntries,
  readEntry,
  replaceEntry,
  toItem,
  type IcalEvent,
  type MailContent,
  type OutboxEntry,
} from './outbox';
export { PermanentFailure } from './permanentFailure';
export { notificationSettings, siteAddress } from './settings';
export {
  OWNER_ALERTS_PER_SENDER_PER_DAY,
  WHATSAPP_MESSAGES_PER_DAY,
  allowanceFor,
  inboundAlertAllowance,
  placeOf,
  takePlace,
} from './visitorQuota';
export { defaultTemplateNames, type TemplatePurpose, type WhatsAppMessage } from './whatsappMessage';
