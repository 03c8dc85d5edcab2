export { bookingEtag, editBookingDetails, setBookingStatus, type StoredBooking } from './bookingEdits';
export { BOOKING_STORE, bookings } from './bookings';
export { consentOfSubmission, currentNoticeVersion } from './consent';
export { contactEtag, setContactStatus } from './contactEdits';
export { contacts } from './contacts';
export { corporateEnquiries } from './corporateEnquiries';
export { FREE_CALL_PACKAGE_NAME, createDiscoveryCall, discoveryCallBooking } from './discoveryCall';
export { downloads } from './downloads';
export { exportPlan, exportSliceRows, snapshotExportSlices } from './exportRows';
export { findPerson } from './findPerson';
export { paymentEvent, type LeadEvent } from './leadEvents';
export { payments } from './payments';
export { readAdminStats } from './readStats';
export { recountStats } from './recount';
export { subscribe, subscribers, unsubscribe } from './subscribers';
export {
  type Identity,
  type LeadRecord,
  changeLeadRecord,
  identityOf,
  correctLeadRecord,
  isPersonOf,
  leadRecordOf,
  leadRecordsBefore,
  leadRecordsOf,
  removeLeadRecord,
  restrictLeadRecord,
} from './personRecords';
export type { Correction } from './profiles';
export { type RecentRecord, hitOfLeadRecord, newestLeadRecords } from './recentRecords';
export { OPEN_CALL_BACK_DAYS, openCallBackOf } from './openCallBack';
