export { readAvailability, saveAvailability } from './availability';
export {
  SlotTakenError,
  bookAppointment,
  calendarNow,
  cancelAppointment,
  cancelCallsOfPhone,
  cancelledAppointment,
  currentSlots,
  lateChangeMessage,
  moveAppointment,
  recordAppointmentNotice,
  visitorMayChange,
  type BookingRef,
  type BookingToMake,
  type SlotsNow,
} from './book';
export { syncCallTodo, withCallDue } from './callTodo';
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
  appointmentStore,
  appointmentsOnDates,
  claimSlotKey,
  readAppointment,
  readAppointmentForUpdate,
  releaseSlotKey,
  removeAppointment,
  replaceAppointment,
  slotKey,
  writeNewAppointment,
  type VersionedAppointment,
} from './store';
