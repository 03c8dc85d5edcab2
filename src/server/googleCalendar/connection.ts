import type { GoogleCalendarAnswer, GoogleCalendarChoice } from '../../lib/schemas/googleCalendar';
import { derivedKey } from '../auth';
import { HttpError, badRequest, conflict } from '../http/errors';
import { GOOGLE_SCOPES, googleConfig, googleConfigured } from './config';
import { exchangeCode, listCalendars, revokeToken, type GoogleCalendarEntry } from './googleApi';
import {
  accessToken,
  forgetCachedConnection,
  noteFailure,
  noteSuccess,
  refreshTokenOf,
  rememberAccessToken,
} from './access';
import { forgetBusyTimes } from './busySource';
import { signState, stateFresh, stateValid } from './oauthState';
import {
  type CalendarSummary,
  type Connection,
  changeConnection,
  readConnection,
  readStatus,
  removeConnection,
  writeConnection,
} from './store';
import { sealToken } from './tokenBox';

// Connecting the owner's Google Calendar once (docs/scheduling.md): OAuth 2.0's authorization
// code flow with offline access, a signed state bound to the admin's session, the refresh
// token sealed at rest; the owner's choice of calendars for busy times; Disconnect.

/** Where Google sends the owner back, and where the callback sends them on. */
export const CALLBACK_PATH = '/api/admin/calendar/callback';
/** The admin's Settings view, saying how the connection went. */
export const settingsHref = (outcome: 'connected' | 'declined') => `/admin/bookings?calendar=${outcome}#settings`;

/** Google's consent page for this session: offline access, consent asked again so a refresh token comes. */
export function connectUrl(sessionId: string, redirectUri: string, now = Date.now()): string {
  const config = googleConfig();
  const query = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: GOOGLE_SCOPES.join(' '),
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state: signState(derivedKey('google-oauth-state'), sessionId, now),
  });
  return `${config.oauthUrl}?${query}`;
}

const stateRefused = () =>
  badRequest('This Google sign-in link is not valid or has expired. Connect the calendar again.', {
    state: 'Not valid or expired',
  });

/** Google's redirect, without the session: 400 naming `state` unless it is shaped as ours and not expired. */
export function checkStateFresh(state: string, now = Date.now()): void {
  if (!stateFresh(state, now)) throw stateRefused();
}

/** 400 naming `state` unless Google sent back the state this session was given, in time. */
export function checkState(state: string, sessionId: string, now = Date.now()): void {
  if (!stateValid(derivedKey('google-oauth-state'), state, sessionId, now)) throw stateRefused();
}

const summaryOf = (entry: GoogleCalendarEntry): CalendarSummary => ({
  id: entry.id,
  name: (entry.summaryOverride ?? entry.summary ?? entry.id).slice(0, 300),
  primary: entry.primary === true,
});

/** Exchanges the code, reads the calendars and stores the connection (the refresh token sealed). */
export async function completeConnection(code: string, redirectUri: string, now = new Date()): Promise<Connection> {
  const config = googleConfig();
  const tokens = await exchangeCode(config, code, redirectUri).catch(async (error: unknown) => {
    await noteFailure(error, now);
    throw new HttpError(502, 'Google did not accept the sign-in. Connect the calendar again.');
  });
  if (!tokens.refresh_token)
    throw new HttpError(502, 'Google gave no offline access. Connect the calendar again and allow access.');
  const entries = await listCalendars(config, tokens.access_token);
  const primary = entries.find((entry) => entry.primary);
  if (!primary) throw new HttpError(502, 'Google listed no primary calendar for this account.');
  const previous = await readConnection().catch(() => null);
  const calendars = entries.map(summaryOf);
  const sameAccount = previous?.account === primary.id;
  const connection: Connection = {
    account: primary.id,
    refreshTokenBox: sealToken(derivedKey('google-token-box'), tokens.refresh_token),
    calendars,
    // A reconnect of the same account keeps the owner's choice; a new account starts with its main calendar.
    busyCalendarIds: sameAccount
      ? previous.busyCalendarIds.filter((id) => calendars.some((calendar) => calendar.id === id))
      : [primary.id],
    meetLinkForCalls: sameAccount ? previous.meetLinkForCalls : false,
    eventCalendarId: primary.id,
    connectedAt: now.toISOString(),
  };
  await writeConnection(connection);
  forgetCachedConnection();
  forgetBusyTimes();
  rememberAccessToken(connection.refreshTokenBox, tokens.access_token, tokens.expires_in, now.getTime());
  await noteSuccess(now);
  return connection;
}

function answerOf(connection: Connection | null, status: Awaited<ReturnType<typeof readStatus>>): GoogleCalendarAnswer {
  return {
    configured: googleConfigured(),
    connected: connection != null,
    account: connection?.account ?? null,
    calendars: (connection?.calendars ?? []).map((calendar) => ({
      ...calendar,
      busy: connection!.busyCalendarIds.includes(calendar.id),
    })),
    meetLinkForCalls: connection?.meetLinkForCalls ?? false,
    lastSyncAt: connection ? status.lastSyncAt : null,
    error: connection && status.error ? { message: status.error.message, since: status.error.since } : null,
  };
}

/** The connection as the owner sees it; `refresh` reads the calendar list from Google again first. */
export async function calendarStatus({ refresh = false } = {}, now = new Date()): Promise<GoogleCalendarAnswer> {
  let connection = await readConnection();
  if (connection && refresh) {
    try {
      const entries = await listCalendars(googleConfig(), await accessToken(connection, now.getTime()));
      const calendars = entries.map(summaryOf);
      connection =
        (await changeConnection((current) => ({
          ...current,
          calendars,
          busyCalendarIds: current.busyCalendarIds.filter((id) => calendars.some((calendar) => calendar.id === id)),
        }))) ?? connection;
      await noteSuccess(now, 'now');
    } catch (error) {
      // The stored list is answered, and the failure in this very answer: the calendar is behind.
      if (error instanceof HttpError) throw error;
      await noteFailure(error, now, 'now');
    }
  }
  return answerOf(connection, await readStatus());
}

/** The owner's choice of busy calendars (each one of theirs) and of Meet links on calls. */
export async function chooseCalendars(choice: GoogleCalendarChoice): Promise<GoogleCalendarAnswer> {
  const connection = await readConnection();
  if (!connection) throw conflict('Google Calendar is not connected.');
  const unknown = choice.busyCalendarIds.filter((id) => !connection.calendars.some((calendar) => calendar.id === id));
  if (unknown.length > 0)
    throw badRequest('Pick calendars of the connected account.', { busyCalendarIds: 'Not a calendar of this account' });
  const changed = await changeConnection((current) => ({
    ...current,
    busyCalendarIds: [...new Set(choice.busyCalendarIds)],
    meetLinkForCalls: choice.meetLinkForCalls ?? current.meetLinkForCalls,
  }));
  forgetCachedConnection();
  forgetBusyTimes();
  return answerOf(changed, await readStatus());
}

/** Forgets the tokens (and withdraws them at Google, when it answers). */
export async function disconnect(): Promise<GoogleCalendarAnswer> {
  const connection = await readConnection();
  if (connection) {
    try {
      await revokeToken(googleConfig(), refreshTokenOf(connection));
    } catch (error) {
      // Forgotten here all the same: the owner can also remove the access in their Google account.
      console.error('[google-calendar] revoking the token failed; it is forgotten here', (error as Error).message);
    }
    await removeConnection();
  }
  forgetCachedConnection();
  forgetBusyTimes();
  return answerOf(null, { lastSyncAt: null, error: null });
}
