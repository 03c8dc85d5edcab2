import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Appointment } from '../../src/lib/schemas/appointment';
import { callbackPage } from '../../src/server/googleCalendar/callbackPage';
import { eventBody, eventIdOf, wantsMeetLink } from '../../src/server/googleCalendar/eventBody';
import { STATE_TTL_MS, signState, stateValid } from '../../src/server/googleCalendar/oauthState';
import { openToken, sealToken } from '../../src/server/googleCalendar/tokenBox';

// The pure parts of the owner's Google Calendar (docs/scheduling.md): the sealed refresh token,
// the OAuth state, and the event a call or session becomes.

const key = randomBytes(32);

describe('the refresh token at rest', () => {
  it('is sealed with a fresh nonce each time and opens only with its key, untouched', () => {
    const token = '1//0gLongLivedRefreshToken-abc_123';
    const one = sealToken(key, token);
    const two = sealToken(key, token);
    expect(one).not.toBe(two);
    expect(one).not.toContain(token);
    expect(openToken(key, one)).toBe(token);
    expect(openToken(randomBytes(32), one)).toBeNull();
    const [version, nonce, sealed, tag] = one.split('.');
    const flipped = Buffer.from(sealed!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(openToken(key, [version, nonce, flipped.toString('base64url'), tag].join('.'))).toBeNull();
    expect(openToken(key, 'not a box')).toBeNull();
  });
});

describe('the OAuth state', () => {
  const now = 1_800_000_000_000;
  it('is good for its session for ten minutes, and for nothing else', () => {
    const state = signState(key, 'session-a', now);
    expect(stateValid(key, state, 'session-a', now + STATE_TTL_MS - 1)).toBe(true);
    expect(stateValid(key, state, 'session-a', now + STATE_TTL_MS)).toBe(false);
    expect(stateValid(key, state, 'session-b', now)).toBe(false);
    expect(stateValid(randomBytes(32), state, 'session-a', now)).toBe(false);
    const [expires, nonce, mac] = state.split('.');
    expect(stateValid(key, `${Number(expires) + 60_000}.${nonce}.${mac}`, 'session-a', now)).toBe(false);
    expect(stateValid(key, `${expires}.${nonce}x.${mac}`, 'session-a', now)).toBe(false);
    expect(stateValid(key, 'garbage', 'session-a', now)).toBe(false);
  });
});

const call: Appointment = {
  id: '1795911845819-80ecb979c1',
  bookingId: '1795911845000-aaaaaaaaaa',
  start: '2026-12-02T10:00:00+05:30',
  end: '2026-12-02T10:30:00+05:30',
  status: 'confirmed',
  sequence: 0,
  version: '1795911845819-80ecb979c1',
  name: 'Asha Rao',
  phone: '+919845012345',
  email: 'asha@example.com',
  createdAt: '2026-11-29T00:00:00.000Z',
  updatedAt: '2026-11-29T00:00:00.000Z',
  cancelledBy: null,
};
const session: Appointment = {
  ...call,
  end: '2026-12-02T11:30:00+05:30',
  session: {
    clientId: '1795911845000-bbbbbbbbbb',
    packageName: 'Ascend Plus',
    minutes: 90,
    slotKeys: [],
    outcome: null,
    note: null,
  },
};

describe('the Google event of a call or session', () => {
  it("has an id in Google's alphabet, the same for the same appointment, another for another", () => {
    const id = eventIdOf(call.id);
    expect(id).toMatch(/^[a-v0-9]{5,1024}$/);
    expect(eventIdOf(call.id)).toBe(id);
    expect(eventIdOf('1795911845819-80ecb979c2')).not.toBe(id);
  });

  it('asks for a Meet link for a session, for a call only when the owner says so', () => {
    expect(wantsMeetLink(session, false)).toBe(true);
    expect(wantsMeetLink(call, false)).toBe(false);
    expect(wantsMeetLink(call, true)).toBe(true);
    expect(eventBody(call, false)).not.toHaveProperty('conferenceData');
    expect(eventBody(session, true).conferenceData).toEqual({
      createRequest: { requestId: `ccc-${session.id}`, conferenceSolutionKey: { type: 'hangoutsMeet' } },
    });
  });

  it("names what it is and who, at the appointment's time in India, with no attendee", () => {
    const body = eventBody(session, true);
    expect(body.summary).toBe('Ascend Plus session: Asha Rao');
    expect(body.start).toEqual({ dateTime: session.start, timeZone: 'Asia/Kolkata' });
    expect(body.end).toEqual({ dateTime: session.end, timeZone: 'Asia/Kolkata' });
    expect(body.description).toContain('+919845012345');
    expect(body).not.toHaveProperty('attendees');
    expect(eventBody(call, false).summary).toBe('Discovery call: Asha Rao');
    expect(eventBody(call, false).description).toContain('A phone call');
  });
});

describe("the page Google's redirect lands on", () => {
  it("moves on to the session's step with the same answer, and nothing Google sends can break out of the address", () => {
    const page = callbackPage({ state: '1.abc.def', code: '4/0A"><script>alert(1)</script>&x=1' });
    const next = /<meta http-equiv="refresh" content="0;url=([^"]+)">/.exec(page)?.[1];
    expect(next).toBeDefined();
    const url = new URL(next!.replaceAll('&amp;', '&'), 'http://localhost');
    expect(url.pathname).toBe('/api/admin/calendar/complete');
    expect(url.searchParams.get('state')).toBe('1.abc.def');
    expect(url.searchParams.get('code')).toBe('4/0A"><script>alert(1)</script>&x=1');
    expect(url.searchParams.get('x')).toBeNull();
    expect(page).not.toContain('<script>');
    expect(callbackPage({ state: 's', error: 'access_denied' })).toContain('error=access_denied');
  });
});
