export { readAvailability, saveAvailability } from './availability';
export {
  CALL,
  SlotTakenError,
  calendarNow,
  cancel,
  cancelledAppointment,
  changeable,
  currentSlots,
  freeTime,
  freeTimes,
  holdTime,
  keysHeldBy,
  lateChangeMessage,
  moveTo,
  offeredTime,
  recordAppointmentNotice,
  visitorMayChange,
  type Length,
  type OfferedTime,
  type SlotsNow,
} from './engine';
export { syncCallTodo, withCallDue } from './callTodo';
export { appointmentUid } from './calendarUid';
export { icalFeedSources } from './icalFeeds';
export { SESSION_MEETING_URL_VARIABLE, joinLinkOf, meetingUrlOf, sessionMeetingUrl, withMeetingUrl } from './meeting';
export {
  BUSY_TIMEOUT_MS,
  busyBetween,
  busyHealth,
  busySources,
  installBusySources,
  type BusyInterval,
  type BusySource,
  type BusySourceHealth,
} from './busy';
export {
  feedSecret,
  feedSecretMatches,
  manageToken,
  manageTokenValid,
  pickTimeToken,
  rotateFeedSecret,
  signedLinkToken,
  signedLinkTokenValid,
} from './secrets';
export {
  APPOINTMENT_STORE,
  activeAppointmentOf,
  appointmentsWhere,
  claimBooking,
  releaseBooking,
  slotHolder,
  appointmentStore,
  appointmentsOnDates,
  claimSlotKey,
  activeAppointmentIdOf,
  readAppointment,
  readAppointmentForUpdate,
  releaseSlotKey,
  removeAppointment,
  replaceAppointment,
  slotKey,
  writeNewAppointment,
  type VersionedAppointment,
} from './store';
