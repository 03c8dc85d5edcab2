import { getStore } from '@netlify/blobs';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import adminCalendar from '../../netlify/functions/admin-calendar.mts';
import adminClients from '../../netlify/functions/admin-clients.mts';
import adminPrivacy from '../../netlify/functions/admin-privacy.mts';
import appointmentsFn from '../../netlify/functions/appointments.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import type { PublicAppointment, Slot, SlotsAnswer } from '../../src/lib/schemas/appointment';
import type { SessionMoveAnswer } from '../../src/lib/schemas/client';
import type { GoogleCalendarAnswer } from '../../src/lib/schemas/googleCalendar';
import { runFollowUpJob } from '../../src/server/app/minuteJob';
import { derivedKey } from '../../src/server/auth';
import { readAppointment } from '../../src/server/booking/store';
import { clients } from '../../src/server/clients/store';
import { googleBusySource } from '../../src/server/googleCalendar';
import { forgetBusyTimes } from '../../src/server/googleCalendar/busySource';
import { eventIdOf } from '../../src/server/googleCalendar/eventBody';
import { signState } from '../../src/server/googleCalendar/oauthState';
import { openToken } from '../../src/server/googleCalendar/tokenBox';
import { newestFirstKey } from '../../src/server/storage/keys';
import { adminCookie } from './support/admin';
import { openAllDay } from './support/availability';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import {
  type FakeGoogle,
  TEST_GOOGLE_ACCOUNT,
  TEST_GOOGLE_CLIENT_ID,
  googleEnv,
  startFakeGoogle,
} from './support/fake-google';

// The owner's Google Calendar (docs/scheduling.md, decision 43), through the real handlers, a
// real Blobs server and a local fake of Google's OAuth and Calendar endpoints: connecting with
// a signed state, the refresh token sealed at rest, busy times, every session and call written
// into the calendar through the follow-up queue (a Meet link for sessions), Google down, and
// disconnecting.

let google: FakeGoogle;
let cookie: string;
const HOUR = 3_600_000;
const FAMILY = 'family0123@group.calendar.google.com';

beforeAll(async () => {
  google = await startFakeGoogle();
  Object.assign(process.env, googleEnv(google));
  cookie = await adminCookie();
  await openAllDay(cookie);
});
afterAll(async () => {
  for (const name of Object.keys(googleEnv(google))) delete process.env[name];
  await google.stop();
});
beforeEach(() => {
  google.failWith(null);
  forgetBusyTimes();
});

const sessionIdOf = (sessionCookie: string) => sessionCookie.split('=')[1]!.split('.')[1]!;
const connection = () => getStore({ name: 'google-calendar', consistency: 'strong' });
const status = async () => {
  const response = await call(adminCalendar, '/api/admin/calendar', { cookie });
  expect(response.status).toBe(200);
  return jsonOf<GoogleCalendarAnswer>(response);
};
const complete = (query: string, as = cookie) =>
  call(adminCalendar, `/api/admin/calendar/complete?${query}`, { cookie: as });

/**
 * Connect, the consent page (the fake agrees at once), Google's redirect back to the callback
 * (no cookie comes with it: the page it answers moves on to `complete`, which the cookie reaches).
 */
async function connectCalendar(): Promise<Response> {
  const started = await call(adminCalendar, '/api/admin/calendar/connect', { cookie });
  expect(started.status).toBe(302);
  const consent = await fetch(started.headers.get('location')!, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${SITE}/api/admin/calendar/callback`);
  const page = await call(adminCalendar, `${back.pathname}${back.search}`);
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  const next = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(await page.text())?.[1];
  expect(next).toBeDefined();
  const onward = new URL(next!.replaceAll('&amp;', '&'), SITE);
  expect(onward.pathname).toBe('/api/admin/calendar/complete');
  expect(onward.searchParams.get('code')).toBe(back.searchParams.get('code'));
  return complete(onward.search.slice(1));
}

async function freeSlots(query: string): Promise<Slot[]> {
  const response = await call(slotsFn, `/api/slots?${query}`);
  expect(response.status).toBe(200);
  return (await jsonOf<SlotsAnswer>(response)).slots;
}

const handedOut: Array<[number, number]> = [];
/** A free start for `minutes` at least a day ahead, clear of every time handed out in this file. */
async function freeStart(minutes: number, query: string): Promise<string> {
  const slot = (await freeSlots(query)).find((candidate) => {
    const start = Date.parse(candidate.start);
    return start - Date.now() > 30 * HOUR && handedOut.every(([a, b]) => start + minutes * 60_000 <= a || start >= b);
  });
  if (!slot) throw new Error('no free start');
  const start = Date.parse(slot.start);
  handedOut.push([start - 60 * 60_000, start + (minutes + 60) * 60_000]);
  return slot.start;
}

let clientCount = 0;
/** A paying client with three 60-minute sessions, as a captured payment leaves one. */
async function aClient(): Promise<string> {
  clientCount += 1;
  const id = newestFirstKey(Date.now());
  await clients.insert(
    id,
    {
      paymentId: id,
      packageId: null,
      packageName: 'Ascend Plus',
      sessionsTotal: 3,
      sessionMinutes: 60,
      name: 'Meera Iyer',
      phone: `+91984500${String(clientCount).padStart(4, '0')}`,
      email: `meera.${clientCount}@example.com`,
      seats: [],
      endedAt: null,
    },
    new Date(),
  );
  return id;
}

async function bookSession(clientId: string): Promise<{ id: string; start: string; status: number }> {
  const start = await freeStart(60, 'days=7&kind=session&minutes=60');
  const response = await call(adminClients, `/api/admin/clients/${clientId}/sessions`, {
    cookie,
    body: { start },
    params: { id: clientId },
  });
  const answer = await jsonOf<SessionMoveAnswer>(response);
  await settleAfterResponse();
  return { id: answer.session?.id, start, status: response.status };
}

const eventOf = (appointmentId: string) => google.events.get(`${TEST_GOOGLE_ACCOUNT}/${eventIdOf(appointmentId)}`);
const requestsTo = (method: string, pathPart: string) =>
  google.requests.filter((request) => request.method === method && request.path.includes(pathPart));

describe('connecting the calendar', () => {
  test('the admin routes need the owner signed in', async () => {
    expect((await call(adminCalendar, '/api/admin/calendar')).status).toBe(401);
    expect((await call(adminCalendar, '/api/admin/calendar/connect')).status).toBe(401);
    expect((await call(adminCalendar, '/api/admin/calendar/disconnect', { method: 'POST' })).status).toBe(401);
  });

  test('before connecting: not connected, and Connect sends the owner to Google with offline access and a signed state', async () => {
    expect(await status()).toMatchObject({ configured: true, connected: false, account: null, calendars: [] });
    const response = await call(adminCalendar, '/api/admin/calendar/connect', { cookie });
    expect(response.status).toBe(302);
    const to = new URL(response.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    const query = to.searchParams;
    expect(query.get('client_id')).toBe(TEST_GOOGLE_CLIENT_ID);
    expect(query.get('redirect_uri')).toBe(`${SITE}/api/admin/calendar/callback`);
    expect(query.get('response_type')).toBe('code');
    expect(query.get('access_type')).toBe('offline');
    expect(query.get('prompt')).toBe('consent');
    expect(query.get('scope')!.split(' ').sort()).toEqual([
      'https://www.googleapis.com/auth/calendar.events',
      'https://www.googleapis.com/auth/calendar.readonly',
    ]);
    expect(query.get('state')).toMatch(/^\d{13}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  });

  test("a missing, tampered, expired or another session's state is 400 naming state, and nothing is stored", async () => {
    const started = await call(adminCalendar, '/api/admin/calendar/connect', { cookie });
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const tampered = `${state.slice(0, -2)}${state.endsWith('AA') ? 'BB' : 'AA'}`;
    const expired = signState(derivedKey('google-oauth-state'), sessionIdOf(cookie), Date.now() - 11 * 60_000);
    const otherSession = await adminCookie();
    const namesState = async (refused: Response, what: string) => {
      expect(refused.status, what).toBe(400);
      expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(refused)).fields)).toEqual(['state']);
    };
    // Google's redirect, without the cookie: what it can tell, a missing or expired state.
    for (const query of ['code=4%2F0Aabc', `code=4%2F0Aabc&state=${encodeURIComponent(expired)}`, 'state=x.y'])
      await namesState(await call(adminCalendar, `/api/admin/calendar/callback?${query}`), `callback ${query}`);
    // The session's own step: the state must be the one this session was given.
    for (const [query, as] of [
      ['code=4%2F0Aabc', cookie],
      [`code=4%2F0Aabc&state=${encodeURIComponent(tampered)}`, cookie],
      [`code=4%2F0Aabc&state=${encodeURIComponent(expired)}`, cookie],
      [`code=4%2F0Aabc&state=${encodeURIComponent(state)}`, otherSession],
    ] as const)
      await namesState(await complete(query, as), `complete ${query}`);
    expect((await call(adminCalendar, `/api/admin/calendar/complete?code=x&state=${state}`)).status).toBe(401);
    expect(requestsTo('POST', '/token')).toEqual([]);
    expect(await connection().get('connection')).toBeNull();
  });

  test('Google sends the owner back with a code: connected, the main calendar picked for busy times, the refresh token sealed at rest', async () => {
    const done = await connectCalendar();
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/admin/bookings?calendar=connected#settings');

    const answer = await status();
    expect(answer).toMatchObject({
      connected: true,
      account: TEST_GOOGLE_ACCOUNT,
      calendars: [
        { id: TEST_GOOGLE_ACCOUNT, name: TEST_GOOGLE_ACCOUNT, primary: true, busy: true },
        { id: FAMILY, name: 'Family', primary: false, busy: false },
      ],
      meetLinkForCalls: false,
      error: null,
    });
    expect(Date.now() - Date.parse(answer.lastSyncAt!)).toBeLessThan(60_000);

    const [refreshToken] = [...google.refreshTokens];
    expect(refreshToken).toBeTruthy();
    const raw = (await connection().get('connection', { type: 'text' }))!;
    expect(raw).not.toContain(refreshToken!);
    expect(raw).not.toContain(refreshToken!.slice(4, 20));
    const stored = JSON.parse(raw) as { refreshTokenBox: string };
    expect(stored.refreshTokenBox).toMatch(/^v1\./);
    expect(openToken(derivedKey('google-token-box'), stored.refreshTokenBox)).toBe(refreshToken);
    // Never to the browser.
    expect(JSON.stringify(answer)).not.toContain('v1.');
  });

  test('the owner picks busy calendars among their own; anything else is 400 naming the field', async () => {
    const put = (body: unknown) => call(adminCalendar, '/api/admin/calendar', { method: 'PUT', cookie, body });
    const refused = await put({ busyCalendarIds: ['someone.else@gmail.com'] });
    expect(refused.status).toBe(400);
    expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(refused)).fields)).toEqual([
      'busyCalendarIds',
    ]);
    expect((await put({ busyCalendarIds: 'all' })).status).toBe(400);
    expect((await put({ busyCalendarIds: [], extra: 1 })).status).toBe(400);
    const chosen = await put({ busyCalendarIds: [TEST_GOOGLE_ACCOUNT, FAMILY] });
    expect(chosen.status).toBe(200);
    expect((await jsonOf<GoogleCalendarAnswer>(chosen)).calendars.map((calendar) => calendar.busy)).toEqual([
      true,
      true,
    ]);
    expect((await status()).calendars.every((calendar) => calendar.busy)).toBe(true);
  });
});

describe('busy times', () => {
  test("the Google source answers the picked calendars' busy times, from one read kept for 5 minutes", async () => {
    const day = Math.ceil((Date.now() + 3 * 24 * HOUR) / (24 * HOUR)) * 24 * HOUR;
    google.busy.set(TEST_GOOGLE_ACCOUNT, [
      { start: new Date(day + 5 * HOUR).toISOString(), end: new Date(day + 6 * HOUR).toISOString() },
    ]);
    google.busy.set(FAMILY, [
      { start: new Date(day + 8 * HOUR).toISOString(), end: new Date(day + 9 * HOUR).toISOString() },
    ]);
    const reads = requestsTo('POST', '/freeBusy').length;
    const busy = await googleBusySource.busy(new Date(), new Date(Date.now() + 14 * 24 * HOUR));
    expect(busy.map((interval) => [interval.start.getTime(), interval.end.getTime()]).sort()).toEqual([
      [day + 5 * HOUR, day + 6 * HOUR],
      [day + 8 * HOUR, day + 9 * HOUR],
    ]);
    const asked = requestsTo('POST', '/freeBusy').at(-1)!.body as { items: Array<{ id: string }> };
    expect(asked.items.map((item) => item.id)).toEqual([TEST_GOOGLE_ACCOUNT, FAMILY]);
    // A narrower question within 5 minutes is answered from memory.
    const later = await googleBusySource.busy(new Date(day), new Date(day + 7 * HOUR));
    expect(later.map((interval) => interval.start.getTime())).toEqual([day + 5 * HOUR]);
    expect(requestsTo('POST', '/freeBusy').length).toBe(reads + 1);
  });

  test('Google down: the source throws, and the admin shows since when the calendar is behind', async () => {
    google.failWith(503);
    await expect(googleBusySource.busy(new Date(), new Date(Date.now() + 24 * HOUR))).rejects.toThrow(/503/);
    const behind = await status();
    expect(behind.error).toMatchObject({ message: expect.stringContaining('503') });
    expect(Date.now() - Date.parse(behind.error!.since)).toBeLessThan(60_000);
    google.failWith(null);
    await googleBusySource.busy(new Date(), new Date(Date.now() + 24 * HOUR));
    expect((await status()).error).toBeNull();
    // Settings reads the calendar list afresh: a failure shows in that very answer.
    google.failWith(503);
    const refreshed = await call(adminCalendar, '/api/admin/calendar?refresh=1', { cookie });
    expect((await jsonOf<GoogleCalendarAnswer>(refreshed)).error).toMatchObject({
      message: expect.stringContaining('calendar list: 503'),
    });
    google.failWith(null);
    const back = await call(adminCalendar, '/api/admin/calendar?refresh=1', { cookie });
    expect(await jsonOf<GoogleCalendarAnswer>(back)).toMatchObject({ connected: true, error: null });
    expect((await call(adminCalendar, '/api/admin/calendar?refresh=yes', { cookie })).status).toBe(400);
  });

  test('a busy hour in Google is not offered in /api/slots', async () => {
    const slot = (await freeSlots('days=7')).find((candidate) => Date.parse(candidate.start) - Date.now() > 30 * HOUR)!;
    google.busy.set(TEST_GOOGLE_ACCOUNT, [{ start: slot.start, end: slot.end }]);
    forgetBusyTimes();
    const offered = await freeSlots('days=7');
    expect(offered.map((candidate) => candidate.start)).not.toContain(slot.start);
  });
});

describe('every call and session in the calendar', () => {
  test('a session booked: its event inserted with a Meet link, stored on the appointment; a move patches it; a cancel deletes it', async () => {
    const clientId = await aClient();
    const booked = await bookSession(clientId);
    expect(booked.status).toBe(201);

    const event = eventOf(booked.id);
    expect(event).toMatchObject({ status: 'confirmed', summary: 'Ascend Plus session: Meera Iyer', writes: 1 });
    expect(Date.parse(event!.start.dateTime)).toBe(Date.parse(booked.start));
    const insert = requestsTo('POST', '/events').at(-1)!;
    expect(insert.query.conferenceDataVersion).toBe('1');
    expect(insert.body).toMatchObject({
      id: eventIdOf(booked.id),
      conferenceData: { createRequest: { conferenceSolutionKey: { type: 'hangoutsMeet' } } },
    });
    expect(event!.hangoutLink).toMatch(/^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
    expect((await readAppointment(booked.id))!.meetingUrl).toBe(event!.hangoutLink);

    const start = await freeStart(60, 'days=7&kind=session&minutes=60');
    const moved = await call(adminClients, `/api/admin/sessions/${booked.id}/move`, {
      cookie,
      body: { start },
      params: { id: booked.id },
    });
    expect(moved.status).toBe(200);
    await settleAfterResponse();
    expect(requestsTo('PATCH', eventIdOf(booked.id))).toHaveLength(1);
    expect(Date.parse(eventOf(booked.id)!.start.dateTime)).toBe(Date.parse(start));
    expect([...google.events.values()].filter((item) => item.summary.includes('Meera'))).toHaveLength(1);
    // The link stays the one Google gave.
    expect((await readAppointment(booked.id))!.meetingUrl).toBe(event!.hangoutLink);

    const cancelled = await call(adminClients, `/api/admin/sessions/${booked.id}/cancel`, {
      cookie,
      method: 'POST',
      params: { id: booked.id },
    });
    expect(cancelled.status).toBe(200);
    await settleAfterResponse();
    expect(requestsTo('DELETE', eventIdOf(booked.id))).toHaveLength(1);
    expect(eventOf(booked.id)!.status).toBe('cancelled');
  });

  test('a discovery call stays a phone call; with Meet links for calls on, it gets one too', async () => {
    const book = async (index: number) => {
      const start = await freeStart(30, 'days=7');
      const response = await call(appointmentsFn, '/api/appointments', {
        body: {
          start,
          name: 'Asha Rao',
          phone: `98450 7${String(index).padStart(4, '0')}`,
          email: `asha.google.${index}@example.com`,
        },
        ip: `10.77.0.${index}`,
      });
      expect(response.status).toBe(201);
      await settleAfterResponse();
      return (await jsonOf<{ appointment: PublicAppointment }>(response)).appointment.id;
    };
    const phoneCall = await book(1);
    expect(eventOf(phoneCall)).toMatchObject({ summary: 'Discovery call: Asha Rao' });
    expect(eventOf(phoneCall)!.hangoutLink).toBeUndefined();
    expect(requestsTo('POST', '/events').at(-1)!.body).not.toHaveProperty('conferenceData');
    expect((await readAppointment(phoneCall))!.meetingUrl).toBeUndefined();

    const on = await call(adminCalendar, '/api/admin/calendar', {
      method: 'PUT',
      cookie,
      body: { busyCalendarIds: [TEST_GOOGLE_ACCOUNT], meetLinkForCalls: true },
    });
    expect((await jsonOf<GoogleCalendarAnswer>(on)).meetLinkForCalls).toBe(true);
    const videoCall = await book(2);
    expect(eventOf(videoCall)!.hangoutLink).toMatch(/^https:\/\/meet\.google\.com\//);
    expect((await readAppointment(videoCall))!.meetingUrl).toBe(eventOf(videoCall)!.hangoutLink);
    await call(adminCalendar, '/api/admin/calendar', {
      method: 'PUT',
      cookie,
      body: { busyCalendarIds: [TEST_GOOGLE_ACCOUNT], meetLinkForCalls: false },
    });
  });

  test('Google down: the booking still answers 201; the event is written once Google is back, by the minute job', async () => {
    const clientId = await aClient();
    google.failWith(503);
    const booked = await bookSession(clientId);
    expect(booked.status).toBe(201);
    expect(eventOf(booked.id)).toBeUndefined();
    expect((await readAppointment(booked.id))!.meetingUrl).toBeUndefined();
    expect((await status()).error).toMatchObject({ message: expect.stringContaining('503') });

    google.failWith(null);
    // The event backs off a minute after its failed try; the job runs it then.
    await runFollowUpJob({ now: () => new Date(Date.now() + 3 * 60_000), budgetMs: 10_000 });
    expect(eventOf(booked.id)).toMatchObject({ status: 'confirmed', writes: 1 });
    expect((await readAppointment(booked.id))!.meetingUrl).toBe(eventOf(booked.id)!.hangoutLink);
    expect((await status()).error).toBeNull();
  });

  test('an insert whose answer was lost is not made twice: the retry meets its event (409) and patches it', async () => {
    const clientId = await aClient();
    const booked = await bookSession(clientId);
    const first = eventOf(booked.id)!;
    // As if the answer never came: the site forgets it, Google keeps the event.
    await connection().delete(`events/${booked.id}`);
    const { syncCalendarEvent } = await import('../../src/server/googleCalendar');
    expect(await syncCalendarEvent(booked.id)).toBe('patched');
    expect(requestsTo('POST', '/events').at(-1)!.status).toBe(409);
    expect([...google.events.values()].filter((item) => item.id === first.id)).toHaveLength(1);
    expect(eventOf(booked.id)!.writes).toBe(2);
  });
});

describe("a person's erasure", () => {
  test('deletes the events of their calls from the calendar before their records go', async () => {
    const start = await freeStart(30, 'days=7');
    const phone = '98450 66661';
    const booked = await call(appointmentsFn, '/api/appointments', {
      body: { start, name: 'Kavya Menon', phone, email: 'kavya.erase@example.com' },
      ip: '10.78.0.1',
    });
    expect(booked.status).toBe(201);
    await settleAfterResponse();
    const { id } = (await jsonOf<{ appointment: PublicAppointment }>(booked)).appointment;
    expect(eventOf(id)).toMatchObject({ status: 'confirmed', summary: 'Discovery call: Kavya Menon' });

    const erased = await call(adminPrivacy, '/api/admin/privacy/erase', { cookie, body: { phone } });
    expect(erased.status).toBe(202);
    await settleAfterResponse();
    expect(await readAppointment(id)).toBeNull();
    expect(eventOf(id)!.status).toBe('cancelled');
    expect(await connection().get(`events/${id}`)).toBeNull();
  });
});

describe('a session moving', () => {
  test("a session's own event, busy in Google, does not keep it off a time that overlaps its own", async () => {
    const clientId = await aClient();
    const booked = await bookSession(clientId);
    expect(booked.status).toBe(201);
    const startMs = Date.parse(booked.start);
    // Google's freeBusy answers the session's own event (and a neighbour after it) as one busy time.
    google.busy.set(TEST_GOOGLE_ACCOUNT, [{ start: booked.start, end: new Date(startMs + 90 * 60_000).toISOString() }]);
    forgetBusyTimes();
    const half = new Date(startMs + 30 * 60_000).toISOString();
    const move = () =>
      call(adminClients, `/api/admin/sessions/${booked.id}/move`, {
        cookie,
        body: { start: half },
        params: { id: booked.id },
      });
    // Half an hour later would reach into the neighbour: refused.
    expect((await move()).status).toBe(409);
    google.busy.set(TEST_GOOGLE_ACCOUNT, [{ start: booked.start, end: new Date(startMs + 60 * 60_000).toISOString() }]);
    forgetBusyTimes();
    // Only its own event busy: the move is free to overlap it.
    expect((await move()).status).toBe(200);
    google.busy.set(TEST_GOOGLE_ACCOUNT, []);
    forgetBusyTimes();
  });
});

describe('disconnecting', () => {
  test('Disconnect revokes and forgets the tokens; later bookings write nothing to Google', async () => {
    const [refreshToken] = [...google.refreshTokens];
    const response = await call(adminCalendar, '/api/admin/calendar/disconnect', { method: 'POST', cookie });
    expect(response.status).toBe(200);
    expect(await jsonOf<GoogleCalendarAnswer>(response)).toMatchObject({ connected: false, account: null });
    expect(google.refreshTokens.has(refreshToken!)).toBe(false);
    expect(await connection().get('connection')).toBeNull();
    expect(await status()).toMatchObject({ connected: false, lastSyncAt: null, error: null });
    // Connected again at once: the new connection says when Google answered (its status was removed).
    expect((await connectCalendar()).status).toBe(302);
    expect((await status()).lastSyncAt).not.toBeNull();
    await call(adminCalendar, '/api/admin/calendar/disconnect', { method: 'POST', cookie });

    const writes = google.requests.length;
    const booked = await bookSession(await aClient());
    expect(booked.status).toBe(201);
    expect(google.requests.length).toBe(writes);
    expect(await googleBusySource.busy(new Date(), new Date(Date.now() + HOUR))).toEqual([]);
  });
});
