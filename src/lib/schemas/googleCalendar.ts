import { z } from './zod';

// The owner's Google Calendar, connected once in the admin
// (docs/decisions/0043-google-calendar-and-online-sessions.md, docs/scheduling.md):
//   GET  /api/admin/calendar/connect              -> 302 to Google's consent page
//   GET  /api/admin/calendar/callback?code=&state= -> a page moving on to .../complete (no cookie comes from Google)
//   GET  /api/admin/calendar/complete?code=&state= -> 302 back to Settings
//   GET  /api/admin/calendar[?refresh=1]          -> GoogleCalendarAnswer
//   PUT  /api/admin/calendar                      GoogleCalendarChoice -> GoogleCalendarAnswer
//   POST /api/admin/calendar/disconnect           -> GoogleCalendarAnswer

/** Google's calendar ids: an e-mail address or `…@group.calendar.google.com`, bounded for our keys. */
export const googleCalendarIdSchema = z.string().trim().min(1).max(255);

/** The most calendars read for busy times (Google's freeBusy takes at most 50 at once). */
export const MAX_BUSY_CALENDARS = 20;

export const googleCalendarChoiceSchema = z.strictObject({
  busyCalendarIds: z
    .array(googleCalendarIdSchema, { error: 'Pick the calendars as a list' })
    .max(MAX_BUSY_CALENDARS, { error: `Pick at most ${MAX_BUSY_CALENDARS} calendars` }),
  /** Discovery calls stay phone calls (decision 43) unless the owner wants a Meet link on them too. */
  meetLinkForCalls: z.boolean().optional(),
});
export type GoogleCalendarChoice = z.infer<typeof googleCalendarChoiceSchema>;

export const googleCalendarStatusQuerySchema = z.object({
  refresh: z.enum(['1'], { error: 'Refresh is 1 or absent' }).optional(),
});

/** The callback's query: Google sends `code` and our `state`, or `error` when the owner said no. */
export const googleCallbackQuerySchema = z.object({
  state: z.string({ error: 'The state is missing' }).min(1, { error: 'The state is missing' }).max(512),
  code: z.string().min(1).max(2048).optional(),
  error: z.string().max(200).optional(),
});

export interface GoogleCalendarListItem {
  id: string;
  name: string;
  primary: boolean;
  /** Read for busy times. */
  busy: boolean;
}

export interface GoogleCalendarAnswer {
  /** Whether GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set: without them nothing can be connected. */
  configured: boolean;
  connected: boolean;
  /** The connected Google account (its primary calendar's address). */
  account: string | null;
  calendars: GoogleCalendarListItem[];
  meetLinkForCalls: boolean;
  /** When Google last answered a read or a write. */
  lastSyncAt: string | null;
  /** Google's last failure since its last success: the calendar is behind. */
  error: { message: string; since: string } | null;
}
