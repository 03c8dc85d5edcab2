import type { GoogleCalendarAnswer, GoogleCalendarChoice } from '../../../lib/schemas/googleCalendar';
import { adminRequest } from './request';

/** The owner's Google Calendar (docs/scheduling.md); `refresh` reads the calendar list from Google again. */
export async function getGoogleCalendar({ refresh = false } = {}, signal?: AbortSignal): Promise<GoogleCalendarAnswer> {
  const path = refresh ? '/api/admin/calendar?refresh=1' : '/api/admin/calendar';
  return (await adminRequest<GoogleCalendarAnswer>('GET', path, signal ? { signal } : {})).data;
}

/** Which calendars give busy times, and whether calls get a Meet link too. */
export async function chooseGoogleCalendars(choice: GoogleCalendarChoice): Promise<GoogleCalendarAnswer> {
  return (await adminRequest<GoogleCalendarAnswer>('PUT', '/api/admin/calendar', { body: choice })).data;
}

export async function disconnectGoogleCalendar(): Promise<GoogleCalendarAnswer> {
  return (await adminRequest<GoogleCalendarAnswer>('POST', '/api/admin/calendar/disconnect', { body: {} })).data;
}
