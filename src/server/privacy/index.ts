export { erasureReach, erasePerson, type ErasureReport } from './erase';
export { erasureLog, type ErasureLogLine } from './erasureLog';
export { findPersonData, identityOf, type PersonData } from './find';
export { type PrivacyWorkReport, privacyMinuteWork } from './minuteWork';
export { adminPrivacyView } from './adminView';
export { ANSWER_WITHIN_DAYS, LINK_VALID_MS, readRequest } from './requests';
export {
  askErasure,
  correctMyData,
  myData,
  openRequest,
  ownerErasure,
  receiveRequest,
  withdrawConsent,
} from './service';
export { withdrawWhatsApp } from './withdraw';
export { holdChildBooking, holdChildCall, holdChildDownload } from './children';
export { confirmHold, holdOfLink, type ParentHold } from './parentHolds';
export { sendBreachNotices } from './breach';
export { consentsOf } from './view';
