import { afterEach, describe, expect, test } from 'vitest';
import { reminder } from '../../src/server/messages/whatsapp';
import { meetingUrlOf, sessionMeetingUrl, withMeetingUrl } from '../../src/server/booking/meeting';
import type { Appointment } from '../../src/lib/schemas/appointment';

// Where a call or session is held (docs/scheduling.md, "The meeting link").

const ROOM = 'https://us02web.zoom.us/j/81234567890?pwd=AbC';
const MEET = 'https://meet.google.com/abc-defg-hij';
const session = {
  clientId: 'c1',
  packageName: 'Ascend',
  minutes: 60,
  slotKeys: ['slots/2026-12/01T1000'],
  outcome: null,
  note: null,
};
const appointment: Appointment = {
  id: '1795660296427-0a1b2c3d4e',
  bookingId: 'b1',
  start: '2026-12-01T10:00:00+05:30',
  end: '2026-12-01T11:00:00+05:30',
  status: 'confirmed',
  sequence: 0,
  version: 'v1',
  name: 'Asha Rao',
  phone: '9845012345',
  email: null,
  createdAt: '2026-11-20T00:00:00Z',
  updatedAt: '2026-11-20T00:00:00Z',
  cancelledBy: null,
};

afterEach(() => {
  delete process.env.SESSION_MEETING_URL;
});

describe('meetingUrlOf', () => {
  test('a session: its own link first, else SESSION_MEETING_URL, else none', () => {
    expect(meetingUrlOf({ ...appointment, session })).toBeUndefined();
    process.env.SESSION_MEETING_URL = ROOM;
    expect(meetingUrlOf({ ...appointment, session })).toBe(ROOM);
    expect(meetingUrlOf({ ...appointment, session, meetingUrl: MEET })).toBe(MEET);
  });

  test('a discovery call stays a phone call unless it carries a link itself', () => {
    process.env.SESSION_MEETING_URL = ROOM;
    expect(meetingUrlOf(appointment)).toBeUndefined();
    expect(meetingUrlOf({ ...appointment, meetingUrl: MEET })).toBe(MEET);
    expect(withMeetingUrl(appointment)).toBe(appointment);
    expect(withMeetingUrl({ ...appointment, session }).meetingUrl).toBe(ROOM);
  });

  test('SESSION_MEETING_URL must be https: otherwise a message naming the variable', () => {
    process.env.SESSION_MEETING_URL = 'http://zoom.us/j/1';
    expect(() => sessionMeetingUrl()).toThrow(/^SESSION_MEETING_URL must be an https address/);
    process.env.SESSION_MEETING_URL = 'zoom room 1';
    expect(() => sessionMeetingUrl()).toThrow(/SESSION_MEETING_URL/);
    process.env.SESSION_MEETING_URL = '  ';
    expect(sessionMeetingUrl()).toBeUndefined();
  });
});

describe('the WhatsApp reminders', () => {
  test('an online session’s name its own templates and carry the link as {{4}}; others are as before', () => {
    const online = reminder({ ...appointment, session, meetingUrl: MEET }, 'hour');
    expect(online.purpose).toBe('sessionReminderHourOnline');
    expect(online.body).toEqual(['Asha Rao', '60-minute coaching session', expect.stringContaining('IST'), MEET]);
    expect(reminder({ ...appointment, session, meetingUrl: MEET }, 'day').purpose).toBe('sessionReminderDayOnline');
    expect(reminder({ ...appointment, session }, 'day')).toMatchObject({ purpose: 'sessionReminderDay' });
    expect(reminder({ ...appointment, session }, 'day').body).toHaveLength(3);
    // A call with a link of its own keeps the call's template.
    expect(reminder({ ...appointment, meetingUrl: MEET }, 'day').purpose).toBe('callReminderDay');
  });
});
