// A small local server that speaks the part of Google the site uses for the owner's calendar
// (docs/scheduling.md, "Google Calendar"): OAuth 2.0's consent page (it sends the browser
// straight back to redirect_uri with a code and the state, as Google does once the owner
// agrees), the token endpoint (authorization_code and refresh_token grants, checking the
// client's id and secret), revoke, and Calendar API v3's calendarList, freeBusy and events
// insert/patch/delete, with a Meet link (`hangoutLink`) for an event that asks for conference
// data with conferenceDataVersion=1. Tests set the busy times, play an outage with
// `failWith(503)`, and read every request received. Port 0; no vitest here, so the e2e run can
// start it as its own process.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export const TEST_GOOGLE_CLIENT_ID = 'test-client-id.apps.googleusercontent.com';
export const TEST_GOOGLE_CLIENT_SECRET = 'test_google_client_secret_for_local_runs_only';
export const TEST_GOOGLE_ACCOUNT = 'owner.coach@gmail.com';

/** The four variables, pointing at this fake. */
export function googleEnv(fake: { url: string }): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: TEST_GOOGLE_CLIENT_SECRET,
    GOOGLE_OAUTH_URL: `${fake.url}/o/oauth2/v2/auth`,
    GOOGLE_TOKEN_URL: `${fake.url}/token`,
    GOOGLE_CALENDAR_API_URL: `${fake.url}/calendar/v3`,
  };
}

export interface FakeCalendar {
  id: string;
  summary: string;
  primary?: boolean;
}

export interface FakeEvent {
  id: string;
  calendarId: string;
  status: 'confirmed' | 'cancelled';
  summary: string;
  description: string;
  start: { dateTime: string; timeZone?: string };
  end: { dateTime: string; timeZone?: string };
  hangoutLink?: string;
  /** How many times this event was written (insert and patches). */
  writes: number;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  status: number;
}

export interface FakeGoogle {
  url: string;
  requests: ReceivedRequest[];
  calendars: FakeCalendar[];
  /** Busy intervals freeBusy answers, per calendar id. */
  busy: Map<string, Array<{ start: string; end: string }>>;
  events: Map<string, FakeEvent>;
  /** Refresh tokens Google issued and has not revoked. */
  refreshTokens: Set<string>;
  /** Makes every call but the consent page answer this status (503: Google down) until cleared with null. */
  failWith(status: number | null): void;
  /** The refresh token the next code exchange gives (default: a fresh random one). */
  nextRefreshToken: string | null;
  reset(): void;
  stop(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

const token = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
const meetCode = () => {
  const letters = () => Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join('');
  const code = letters();
  return `${code.slice(0, 3)}-${code.slice(3, 7)}-${code.slice(7, 10)}`;
};

/** Google's event id alphabet: base32hex (a-v, 0-9), 5 to 1024 characters. */
const EVENT_ID = /^[a-v0-9]{5,1024}$/;

export async function startFakeGoogle(port = 0): Promise<FakeGoogle> {
  const codes = new Map<string, { redirectUri: string }>();
  const accessTokens = new Set<string>();
  let failing: number | null = null;

  const fake: Omit<FakeGoogle, 'url' | 'stop'> = {
    requests: [],
    calendars: [],
    busy: new Map(),
    events: new Map(),
    refreshTokens: new Set(),
    nextRefreshToken: null,
    failWith(status) {
      failing = status;
    },
    reset() {
      failing = null;
      fake.requests.length = 0;
      fake.calendars.splice(0, fake.calendars.length, ...defaultCalendars());
      fake.busy.clear();
      fake.events.clear();
      fake.nextRefreshToken = null;
    },
  };
  const defaultCalendars = (): FakeCalendar[] => [
    { id: TEST_GOOGLE_ACCOUNT, summary: TEST_GOOGLE_ACCOUNT, primary: true },
    { id: 'family0123@group.calendar.google.com', summary: 'Family' },
  ];
  fake.reset();

  function send(res: ServerResponse, status: number, body?: unknown, record?: ReceivedRequest): void {
    if (record) record.status = status;
    if (body === undefined) {
      res.writeHead(status).end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
  const apiError = (status: number, message: string) => ({ error: { code: status, message, errors: [] } });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const text = await readBody(req);
    const isForm = (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    let body: unknown = null;
    try {
      body = isForm ? Object.fromEntries(new URLSearchParams(text)) : text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    const record: ReceivedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      status: 0,
    };
    if (url.pathname !== '/health') fake.requests.push(record);
    const reply = (status: number, answer?: unknown) => send(res, status, answer, record);

    if (url.pathname === '/health') return reply(200, { ok: true });

    // The consent page: the owner agrees at once.
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      const redirectUri = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('client_id') !== TEST_GOOGLE_CLIENT_ID || !redirectUri)
        return reply(400, { error: 'invalid_request' });
      const code = token('4/0A');
      codes.set(code, { redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      back.searchParams.set('scope', url.searchParams.get('scope') ?? '');
      record.status = 302;
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }

    if (failing !== null) return reply(failing, apiError(failing, 'The service is currently unavailable.'));

    if (req.method === 'POST' && url.pathname === '/token') {
      const form = (body ?? {}) as Record<string, string>;
      if (form.client_id !== TEST_GOOGLE_CLIENT_ID || form.client_secret !== TEST_GOOGLE_CLIENT_SECRET)
        return reply(401, { error: 'invalid_client', error_description: 'Unauthorized' });
      const access = token('ya29.');
      if (form.grant_type === 'authorization_code') {
        const issued = codes.get(form.code ?? '');
        if (!issued || issued.redirectUri !== form.redirect_uri)
          return reply(400, { error: 'invalid_grant', error_description: 'Bad Request' });
        codes.delete(form.code!);
        const refresh = fake.nextRefreshToken ?? token('1//0g');
        fake.refreshTokens.add(refresh);
        accessTokens.add(access);
        return reply(200, {
          access_token: access,
          expires_in: 3599,
          refresh_token: refresh,
          scope: 'https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.readonly',
          token_type: 'Bearer',
        });
      }
      if (form.grant_type === 'refresh_token') {
        if (!fake.refreshTokens.has(form.refresh_token ?? ''))
          return reply(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
        accessTokens.add(access);
        return reply(200, { access_token: access, expires_in: 3599, scope: '', token_type: 'Bearer' });
      }
      return reply(400, { error: 'unsupported_grant_type' });
    }

    if (req.method === 'POST' && url.pathname === '/revoke') {
      const given = ((body ?? {}) as Record<string, string>).token ?? '';
      if (!fake.refreshTokens.delete(given) && !accessTokens.delete(given))
        return reply(400, { error: 'invalid_token' });
      return reply(200, {});
    }

    const api = /^\/calendar\/v3(\/.*)$/.exec(url.pathname)?.[1];
    if (!api) return reply(404, apiError(404, 'Not Found'));
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!auth || !accessTokens.has(auth)) return reply(401, apiError(401, 'Invalid Credentials'));

    if (req.method === 'GET' && api === '/users/me/calendarList')
      return reply(200, {
        kind: 'calendar#calendarList',
        items: fake.calendars.map((calendar) => ({ ...calendar, accessRole: 'owner' })),
      });

    if (req.method === 'POST' && api === '/freeBusy') {
      const ask = (body ?? {}) as { timeMin?: string; timeMax?: string; items?: Array<{ id: string }> };
      if (!ask.timeMin || !ask.timeMax || !Array.isArray(ask.items))
        return reply(400, apiError(400, 'Missing timeMin, timeMax or items'));
      const from = Date.parse(ask.timeMin);
      const to = Date.parse(ask.timeMax);
      const calendars: Record<string, unknown> = {};
      for (const { id } of ask.items) {
        if (!fake.calendars.some((calendar) => calendar.id === id)) {
          calendars[id] = { errors: [{ domain: 'global', reason: 'notFound' }], busy: [] };
          continue;
        }
        calendars[id] = {
          busy: (fake.busy.get(id) ?? []).filter(
            (interval) => Date.parse(interval.end) > from && Date.parse(interval.start) < to,
          ),
        };
      }
      return reply(200, { kind: 'calendar#freeBusy', timeMin: ask.timeMin, timeMax: ask.timeMax, calendars });
    }

    const events = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(api);
    if (!events) return reply(404, apiError(404, 'Not Found'));
    const calendarId = decodeURIComponent(events[1]!);
    const eventId = events[2] ? decodeURIComponent(events[2]) : null;
    if (!fake.calendars.some((calendar) => calendar.id === calendarId)) return reply(404, apiError(404, 'Not Found'));
    const conference = url.searchParams.get('conferenceDataVersion') === '1';
    const given = (body ?? {}) as Partial<FakeEvent> & {
      conferenceData?: { createRequest?: { requestId?: string; conferenceSolutionKey?: { type?: string } } };
    };
    const wantsMeet = () =>
      conference &&
      given.conferenceData?.createRequest?.conferenceSolutionKey?.type === 'hangoutsMeet' &&
      Boolean(given.conferenceData.createRequest.requestId);
    const answer = (event: FakeEvent) => ({ kind: 'calendar#event', ...event });

    if (req.method === 'POST' && !eventId) {
      if (!given.start?.dateTime || !given.end?.dateTime) return reply(400, apiError(400, 'Missing start or end'));
      const id =
        given.id ??
        token('')
          .toLowerCase()
          .replace(/[^a-v0-9]/g, '0');
      if (!EVENT_ID.test(id)) return reply(400, apiError(400, 'Invalid resource id value.'));
      if (fake.events.has(`${calendarId}/${id}`))
        return reply(409, apiError(409, 'The requested identifier already exists.'));
      const event: FakeEvent = {
        id,
        calendarId,
        status: 'confirmed',
        summary: given.summary ?? '',
        description: given.description ?? '',
        start: given.start,
        end: given.end,
        writes: 1,
        ...(wantsMeet() ? { hangoutLink: `https://meet.google.com/${meetCode()}` } : {}),
      };
      fake.events.set(`${calendarId}/${id}`, event);
      return reply(200, answer(event));
    }
    const stored = eventId ? fake.events.get(`${calendarId}/${eventId}`) : undefined;
    if (!stored) return reply(404, apiError(404, 'Not Found'));
    if (req.method === 'PATCH') {
      const { conferenceData: _conference, id: _id, writes: _writes, ...fields } = given;
      Object.assign(stored, fields, { writes: stored.writes + 1 });
      if (!stored.hangoutLink && wantsMeet()) stored.hangoutLink = `https://meet.google.com/${meetCode()}`;
      return reply(200, answer(stored));
    }
    if (req.method === 'DELETE') {
      if (stored.status === 'cancelled') return reply(410, apiError(410, 'Resource has been deleted'));
      stored.status = 'cancelled';
      return reply(204);
    }
    return reply(405, apiError(405, 'Method not allowed'));
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${bound}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
