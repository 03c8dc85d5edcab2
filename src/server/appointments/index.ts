export { backfillCallsBooked, type BackfillReport } from './callCountBackfill';
export { queueCallbackConfirmation } from './callbackConfirmation';
export {
  bookAppointment,
  cancelAppointment,
  cancelCallsOfPhone,
  moveAppointment,
  type BookingRef,
  type BookingToMake,
} from './calls';
export { calendarFeed, visitorIcs } from './invite';
export { manageUrl, publicAppointment } from './links';
export { countNewCall, pruneNewCallWindows } from './newCallLimit';
export { queueCallNotices } from './notices';
export { setAppointmentOutcome, setSessionOutcome } from './outcome';
export { countCallBooked, followUpOutcome } from './outcomeFollowUp';
export { countReminderRead, countReminderSent } from './reminderReads';
export {
  retryReminder,
  scheduleReminders,
  sendDueReminders,
  setAsideReminders,
  type ReminderReport,
} from './reminders';
export { handleInbound, type InboundOutcome, type InboundSender } from './whatsappInbound';
export { withWhatsAppStatuses } from './whatsappStatuses';
export { eraseAppointments, forgetUpcomingClaims } from './erase';
