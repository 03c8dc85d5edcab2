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
export { adminClientRow, clientSession, clientSpaceView } from './views';
