// The owner's Google Calendar (docs/scheduling.md, decision 43): connecting it once, its busy
// times for the booking engine, and every call and session written into it.
export { googleBusySource } from './busySource';
export { COMPLETE_PATH, callbackPage } from './callbackPage';
export { googleConfigured } from './config';
export {
  CALLBACK_PATH,
  calendarStatus,
  checkState,
  checkStateFresh,
  chooseCalendars,
  completeConnection,
  connectUrl,
  disconnect,
  settingsHref,
} from './connection';
export { eraseCalendarEvents, syncCalendarEvent, type SyncOutcome } from './eventSync';
export { GOOGLE_STORE } from './store';
