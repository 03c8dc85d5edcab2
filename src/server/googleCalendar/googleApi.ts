import { z } from '../../lib/schemas/zod';
import type { GoogleConfig } from './config';

// The part of Google's OAuth 2.0 and Calendar API v3 the site uses, over fetch, every answer
// read through a zod schema (docs/scheduling.md says why not the googleapis package). A
// refusal or an answer of the wrong shape throws GoogleApiError: its message names the call
// and the status, never a token.

const CALL_TIMEOUT_MS = 10_000;

export class GoogleApiError extends Error {
  constructor(
    readonly call: string,
    readonly status: number,
    detail: string,
  ) {
    super(`Google ${call}: ${status === 0 ? detail : `${status} ${detail}`}`.slice(0, 300));
    this.name = 'GoogleApiError';
  }
}

const googleErrorSchema = z.object({
  error: z.union([z.string(), z.object({ message: z.string().optional(), status: z.string().optional() }).loose()]),
  error_description: z.string().optional(),
});

async function googleCall<S extends z.ZodType>(
  call: string,
  url: string,
  init: RequestInit,
  schema: S,
): Promise<z.infer<S>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    throw new GoogleApiError(call, 0, error instanceof Error ? error.message : 'not reachable');
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const said = googleErrorSchema.safeParse(body);
    const detail = said.success
      ? typeof said.data.error === 'string'
        ? [said.data.error, said.data.error_description].filter(Boolean).join(': ')
        : (said.data.error.message ?? said.data.error.status ?? '')
      : response.statusText;
    throw new GoogleApiError(call, response.status, detail);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new GoogleApiError(call, response.status, 'answered in an unexpected shape');
  return parsed.data;
}

const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const jsonHeaders = (accessToken: string) => ({ ...bearer(accessToken), 'content-type': 'application/json' });

const tokenAnswerSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
  scope: z.string().optional(),
  token_type: z.string(),
});
export type TokenAnswer = z.infer<typeof tokenAnswerSchema>;

const tokenRequest = (config: GoogleConfig, call: string, fields: Record<string, string>) =>
  googleCall(
    call,
    config.tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ client_id: config.clientId, client_secret: config.clientSecret, ...fields }),
    },
    tokenAnswerSchema,
  );

/** The authorization code for tokens (the refresh token comes with access_type=offline, prompt=consent). */
export const exchangeCode = (config: GoogleConfig, code: string, redirectUri: string) =>
  tokenRequest(config, 'token exchange', { grant_type: 'authorization_code', code, redirect_uri: redirectUri });

export const refreshAccess = (config: GoogleConfig, refreshToken: string) =>
  tokenRequest(config, 'token refresh', { grant_type: 'refresh_token', refresh_token: refreshToken });

/** Withdraws the site's access at Google (the owner's Disconnect). */
export async function revokeToken(config: GoogleConfig, token: string): Promise<void> {
  await googleCall(
    'revoke',
    config.revokeUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }),
    },
    z.unknown(),
  );
}

const calendarListSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string().min(1),
        summary: z.string().optional(),
        summaryOverride: z.string().optional(),
        primary: z.boolean().optional(),
        accessRole: z.string().optional(),
      }),
    )
    .default([]),
  nextPageToken: z.string().optional(),
});
export type GoogleCalendarEntry = z.infer<typeof calendarListSchema>['items'][number];

/** The owner's calendars (at most a few pages: the list is for picking busy calendars). */
export async function listCalendars(config: GoogleConfig, accessToken: string): Promise<GoogleCalendarEntry[]> {
  const found: GoogleCalendarEntry[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < 5; page += 1) {
    const query = new URLSearchParams({ maxResults: '250', ...(pageToken ? { pageToken } : {}) });
    const answer = await googleCall(
      'calendar list',
      `${config.apiUrl}/users/me/calendarList?${query}`,
      { headers: bearer(accessToken) },
      calendarListSchema,
    );
    found.push(...answer.items);
    pageToken = answer.nextPageToken;
    if (!pageToken) break;
  }
  return found;
}

const freeBusySchema = z.object({
  calendars: z.record(
    z.string(),
    z.object({
      busy: z
        .array(z.object({ start: z.iso.datetime({ offset: true }), end: z.iso.datetime({ offset: true }) }))
        .default([]),
      errors: z.array(z.object({ reason: z.string() }).loose()).optional(),
    }),
  ),
});

/** The busy intervals of these calendars between two instants; a calendar Google could not read throws. */
export async function freeBusy(
  config: GoogleConfig,
  accessToken: string,
  calendarIds: readonly string[],
  timeMin: Date,
  timeMax: Date,
): Promise<Array<{ start: Date; end: Date }>> {
  const answer = await googleCall(
    'freeBusy',
    `${config.apiUrl}/freeBusy`,
    {
      method: 'POST',
      headers: jsonHeaders(accessToken),
      body: JSON.stringify({
        timeMin: timeMin.toISOString(),
        timeMax: timeMax.toISOString(),
        items: calendarIds.map((id) => ({ id })),
      }),
    },
    freeBusySchema,
  );
  const busy: Array<{ start: Date; end: Date }> = [];
  for (const id of calendarIds) {
    const calendar = answer.calendars[id];
    // A calendar left out or answered with errors is not known to be free.
    if (!calendar || calendar.errors?.length)
      throw new GoogleApiError(
        'freeBusy',
        200,
        `calendar not readable (${calendar?.errors?.[0]?.reason ?? 'missing'})`,
      );
    for (const interval of calendar.busy) busy.push({ start: new Date(interval.start), end: new Date(interval.end) });
  }
  return busy;
}

const eventAnswerSchema = z.object({
  id: z.string().min(1),
  status: z.string().optional(),
  hangoutLink: z
    .url({ protocol: /^https$/ })
    .max(500)
    .optional(),
});
export type GoogleEventAnswer = z.infer<typeof eventAnswerSchema>;

/** What the site writes on an event (eventBody.ts builds it). */
export interface GoogleEventBody {
  id?: string;
  summary: string;
  description: string;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
  status?: 'confirmed';
  conferenceData?: { createRequest: { requestId: string; conferenceSolutionKey: { type: 'hangoutsMeet' } } };
}

const eventsUrl = (config: GoogleConfig, calendarId: string) =>
  `${config.apiUrl}/calendars/${encodeURIComponent(calendarId)}/events`;

/** Inserts an event with its own id (a retry of an insert that did land answers 409). */
export const insertEvent = (config: GoogleConfig, accessToken: string, calendarId: string, body: GoogleEventBody) =>
  googleCall(
    'event insert',
    `${eventsUrl(config, calendarId)}?conferenceDataVersion=1&sendUpdates=none`,
    { method: 'POST', headers: jsonHeaders(accessToken), body: JSON.stringify(body) },
    eventAnswerSchema,
  );

export const patchEvent = (
  config: GoogleConfig,
  accessToken: string,
  calendarId: string,
  eventId: string,
  body: Partial<GoogleEventBody>,
) =>
  googleCall(
    'event patch',
    `${eventsUrl(config, calendarId)}/${encodeURIComponent(eventId)}?conferenceDataVersion=1&sendUpdates=none`,
    { method: 'PATCH', headers: jsonHeaders(accessToken), body: JSON.stringify(body) },
    eventAnswerSchema,
  );

/** Deletes an event; one already gone (404, 410) is done. */
export async function deleteEvent(
  config: GoogleConfig,
  accessToken: string,
  calendarId: string,
  eventId: string,
): Promise<void> {
  try {
    await googleCall(
      'event delete',
      `${eventsUrl(config, calendarId)}/${encodeURIComponent(eventId)}?sendUpdates=none`,
      { method: 'DELETE', headers: bearer(accessToken) },
      z.unknown(),
    );
  } catch (error) {
    if (error instanceof GoogleApiError && (error.status === 404 || error.status === 410)) return;
    throw error;
  }
}
