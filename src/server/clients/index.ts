export { clientInvoicePdf } from './invoices';
export { clientOfLink, clientSpaceUrlOf } from './links';
export { withReceiptExtras } from './receiptExtras';
export {
  bookSession,
  cancelSession,
  currentSessionSlots,
  endRemainingSessions,
  markSessionOutcome,
  moveSession,
  sessionsOf,
} from './sessions';
export { clients, type Client } from './store';
export { eraseClient } from './erase';
export { adminBriefOf, briefOf, readBrief, saveBrief } from './brief';
export { scheduleBriefReminder, sendDueBriefReminders, type BriefReminderReport } from './briefReminder';
export { addDocument, documentsOf, readDocumentFile, removeDocument } from './documents';
export { completeUpload, pruneStaleUploads, putUploadPart, startUpload } from './documentUploads';
export { adminClientRow, clientSession, clientSpaceView } from './views';
