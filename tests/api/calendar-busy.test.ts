import { beforeAll, describe, expect, test, vi } from 'vitest';
import appointmentsFn from '../../netlify/functions/appointments.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import { addDays, istDateOf } from '../../src/lib/schedule/istClock';
import type { Slot, SlotsAnswer } from '../../src/lib/schemas/appointment';
import { busyHealth } from '../../src/server/booking';
import { adminCookie } from './support/admin';
import { openAllDay } from './support/availability';
import { call, jsonOf } from './support/call';

// The owner's private iCal feeds as busy times (docs/scheduling.md, "Busy times"): a local HTTP
// server speaks for Google Calendar's private address, CALENDAR_BUSY_ICS_URLS points at it before
// the composition root reads it, and the real /api/slots and /api/appointments answer.

const feeds = await vi.hoisted(async () => {
  const { createServer } = await import('node:http');
  const served = { calendar: '', asked: 0 };
  const server = createServer((req, res) => {
    if (req.url === '/calendar/ical/private-secret/basic.ics') {
      served.asked += 1;
      res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' });
      res.end(served.calendar);
      return;
    }
    res.writeHead(500);
    res.end('down');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  // Two feeds: the owner's calendar, and one whose server is failing.
  process.env.CALENDAR_BUSY_ICS_URLS = `http://127.0.0.1:${port}/calendar/ical/private-secret/basic.ics,\n http://127.0.0.1:${port}/broken.ics`;
  return { served, close: () => server.close() };
});

const today = istDateOf(Date.now());
const day = (offset: number) => addDays(today, offset);
const compact = (date: string) => date.replaceAll('-', '');
const event = (lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];

beforeAll(async () => {
  // Open every day round the clock for a week, so the feed alone decides what is missing.
  await openAllDay(await adminCookie());
  feeds.served.calendar = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    // Weekly since two weeks before in three days, 11:00-12:00 IST: in three days too.
    ...event([
      'UID:weekly@google.com',
      `DTSTART;TZID=Asia/Kolkata:${compact(day(3 - 14))}T110000`,
      `DTEND;TZID=Asia/Kolkata:${compact(day(3 - 14))}T120000`,
      'RRULE:FREQ=WEEKLY',
      'SUMMARY:Weekly review',
    ]),
    // Every other day at 15:00 IST (today, in two, four and six days), but not in two days (EXDATE),
    // and in four days moved to 18:00 (RECURRENCE-ID).
    ...event([
      'UID:weekly-except@google.com',
      `DTSTART;TZID=Asia/Kolkata:${compact(day(2 - 8))}T150000`,
      `DTEND;TZID=Asia/Kolkata:${compact(day(2 - 8))}T153000`,
      'RRULE:FREQ=DAILY;INTERVAL=2',
      `EXDATE;TZID=Asia/Kolkata:${compact(day(2))}T150000`,
      'SUMMARY:Every other day',
    ]),
    ...event([
      'UID:weekly-except@google.com',
      `RECURRENCE-ID;TZID=Asia/Kolkata:${compact(day(4))}T150000`,
      `DTSTART;TZID=Asia/Kolkata:${compact(day(4))}T180000`,
      `DTEND;TZID=Asia/Kolkata:${compact(day(4))}T183000`,
      'SUMMARY:Every other day, moved',
    ]),
    // All day in five days: the whole IST day.
    ...event([
      'UID:all-day@google.com',
      `DTSTART;VALUE=DATE:${compact(day(5))}`,
      `DTEND;VALUE=DATE:${compact(day(6))}`,
      'SUMMARY:Conference',
    ]),
    // Free (transparent) and cancelled events block nothing.
    ...event([
      'UID:free@google.com',
      `DTSTART;TZID=Asia/Kolkata:${compact(day(3))}T160000`,
      `DTEND;TZID=Asia/Kolkata:${compact(day(3))}T170000`,
      'TRANSP:TRANSPARENT',
      'SUMMARY:Reminder to self',
    ]),
    ...event([
      'UID:cancelled@google.com',
      `DTSTART;TZID=Asia/Kolkata:${compact(day(3))}T170000`,
      `DTEND;TZID=Asia/Kolkata:${compact(day(3))}T180000`,
      'STATUS:CANCELLED',
      'SUMMARY:Called off',
    ]),
    'END:VCALENDAR',
  ].join('\r\n');
  return feeds.close;
});

async function slotsOf(query: string): Promise<Slot[]> {
  const response = await call(slotsFn, `/api/slots?${query}`);
  expect(response.status).toBe(200);
  return (await jsonOf<SlotsAnswer>(response)).slots;
}
const at = (date: string, time: string) => `${date}T${time}:00+05:30`;
const startsOn = (slots: Slot[], date: string) =>
  slots.filter((slot) => slot.start.startsWith(date)).map((slot) => slot.start.slice(11, 16));

describe('busy times from private iCal feeds', () => {
  test('the free call slots leave out a weekly recurring event, an all-day event and a moved instance', async () => {
    const asked = feeds.served.asked;
    const slots = await slotsOf('days=7');
    const inThree = startsOn(slots, day(3));
    expect(inThree).not.toContain('11:00');
    expect(inThree).not.toContain('11:30');
    expect(inThree).toContain('10:30'); // ends as the event starts
    expect(inThree).toContain('12:00'); // starts as it ends
    // Transparent and cancelled events take nothing.
    expect(inThree).toContain('16:00');
    expect(inThree).toContain('17:30');
    // Every other day at 15:00, except the EXDATE in two days; in four days moved to 18:00.
    expect(startsOn(slots, day(2))).toContain('15:00');
    expect(startsOn(slots, day(4))).toContain('15:00');
    expect(startsOn(slots, day(4))).not.toContain('18:00');
    expect(startsOn(slots, day(6))).not.toContain('15:00');
    // The all-day event: nothing that IST day, the day after open as ever.
    expect(startsOn(slots, day(5))).toEqual([]);
    expect(startsOn(slots, day(6))).toContain('00:00');
    // One fetch for the whole horizon.
    expect(feeds.served.asked - asked).toBeLessThanOrEqual(1);
  });

  test('a 90-minute session is left out when any part of it is busy', async () => {
    const sessions = await slotsOf('days=7&kind=session&minutes=90');
    const inThree = startsOn(sessions, day(3));
    expect(inThree).not.toContain('10:00'); // 10:00-11:30 reaches into 11:00
    expect(inThree).not.toContain('11:30');
    expect(inThree).toContain('09:30'); // 09:30-11:00 ends as the event starts
    expect(inThree).toContain('12:00');
    expect(startsOn(sessions, day(5))).toEqual([]);
    // Every other day at 15:00-15:30: a session from 14:00 reaches it, one from 13:30 ends as it starts.
    expect(startsOn(sessions, day(6))).not.toContain('14:00');
    expect(startsOn(sessions, day(6))).toContain('13:30');
  });

  test('booking a time the feed says is busy is refused with the times free now', async () => {
    const response = await call(appointmentsFn, '/api/appointments', {
      body: { start: at(day(3), '11:30'), name: 'Asha Rao', phone: '98450 70001', email: 'asha.busy@example.com' },
      ip: '10.44.0.1',
    });
    expect(response.status).toBe(409);
    const body = await jsonOf<{ slots: Slot[] }>(response);
    expect(body.slots.length).toBeGreaterThan(0);
    expect(body.slots.some((slot) => slot.start === at(day(3), '11:30'))).toBe(false);
    expect(body.slots.some((slot) => slot.start === at(day(3), '12:00'))).toBe(true);
    // A free time is still booked.
    const booked = await call(appointmentsFn, '/api/appointments', {
      body: { start: at(day(3), '12:00'), name: 'Asha Rao', phone: '98450 70002', email: 'asha.free@example.com' },
      ip: '10.44.0.2',
    });
    expect(booked.status).toBe(201);
  });

  test('a failing feed counts as no busy times and is noted for the admin, the others still count', async () => {
    // The Google Calendar is installed too, and answers nothing while not connected.
    const health = busyHealth().filter((source) => source.name.startsWith('iCal'));
    expect(health.map((source) => source.name)).toEqual(['iCal feed 1 (127.0.0.1)', 'iCal feed 2 (127.0.0.1)']);
    expect(health[0]).toMatchObject({ lastFailure: null });
    expect(health[0]?.lastSuccessAt).not.toBeNull();
    expect(health[1]).toMatchObject({ lastSuccessAt: null, lastFailure: 'The feed answered 500' });
    // Never the secret address.
    expect(JSON.stringify(health)).not.toContain('private-secret');
  });
});
