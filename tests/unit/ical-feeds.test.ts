import { afterEach, describe, expect, test } from 'vitest';
import { busyOfEvents, parseFeed } from '../../src/server/booking/icalEvents';
import { icalFeedUrls } from '../../src/server/booking/icalFeeds';

// CALENDAR_BUSY_ICS_URLS and the events of a feed as busy times (docs/scheduling.md, "Busy times").

const local = process.env.NETLIFY_LOCAL;
afterEach(() => {
  if (local === undefined) delete process.env.NETLIFY_LOCAL;
  else process.env.NETLIFY_LOCAL = local;
});

describe('icalFeedUrls', () => {
  test('commas, spaces and new lines separate the addresses', () => {
    delete process.env.NETLIFY_LOCAL;
    const urls = icalFeedUrls(
      'https://calendar.google.com/calendar/ical/a%40b/private-x/basic.ics, https://outlook.office365.com/owa/calendar/y/reachcalendar.ics\nhttps://p01-caldav.icloud.com/published/2/z',
    );
    expect(urls.map((url) => url.hostname)).toEqual([
      'calendar.google.com',
      'outlook.office365.com',
      'p01-caldav.icloud.com',
    ]);
    expect(icalFeedUrls(undefined)).toEqual([]);
  });

  test('a plain http or malformed address stops with a message naming the variable and never the address', () => {
    delete process.env.NETLIFY_LOCAL;
    expect(() => icalFeedUrls('https://calendar.google.com/a.ics http://calendar.example/secret-1.ics')).toThrow(
      /CALENDAR_BUSY_ICS_URLS: address 2 is not an https URL/,
    );
    expect(() => icalFeedUrls('webcal://secret-2')).not.toThrow(/secret-2/);
    expect(() => icalFeedUrls('webcal://secret-2')).toThrow(/address 1/);
    // The local server's own test feeds may be plain http.
    process.env.NETLIFY_LOCAL = 'true';
    expect(icalFeedUrls('http://127.0.0.1:9/a.ics')).toHaveLength(1);
  });
});

const calendar = (...events: string[][]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:x', ...events.flat(), 'END:VCALENDAR'].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', 'DTSTAMP:20261101T000000Z', ...lines, 'END:VEVENT'];
const from = new Date('2026-11-30T00:00:00+05:30');
const to = new Date('2027-01-01T00:00:00+05:30');
const iso = (intervals: { start: Date; end: Date }[]) =>
  intervals.map((interval) => [interval.start.toISOString(), interval.end.toISOString()]);

describe('busyOfEvents', () => {
  test('an all-day event blocks its whole IST days, a multi-day one each of them', () => {
    const events = parseFeed(
      calendar(
        event('UID:a', 'DTSTART;VALUE=DATE:20261203', 'DTEND;VALUE=DATE:20261204'),
        event('UID:b', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261212'),
      ),
    );
    expect(iso(busyOfEvents(events, from, to))).toEqual([
      ['2026-12-02T18:30:00.000Z', '2026-12-03T18:30:00.000Z'],
      ['2026-12-09T18:30:00.000Z', '2026-12-11T18:30:00.000Z'],
    ]);
  });

  test('a weekly event repeats, an EXDATE is left out, a moved instance is at its new time, a cancelled one is not busy', () => {
    const events = parseFeed(
      calendar(
        event(
          'UID:w',
          'DTSTART;TZID=Asia/Kolkata:20261201T100000',
          'DTEND;TZID=Asia/Kolkata:20261201T110000',
          'RRULE:FREQ=WEEKLY;COUNT=5',
          'EXDATE;TZID=Asia/Kolkata:20261208T100000',
        ),
        event(
          'UID:w',
          'RECURRENCE-ID;TZID=Asia/Kolkata:20261215T100000',
          'DTSTART;TZID=Asia/Kolkata:20261215T150000',
          'DTEND;TZID=Asia/Kolkata:20261215T160000',
        ),
        event(
          'UID:w',
          'RECURRENCE-ID;TZID=Asia/Kolkata:20261222T100000',
          'DTSTART;TZID=Asia/Kolkata:20261222T100000',
          'DTEND;TZID=Asia/Kolkata:20261222T110000',
          'STATUS:CANCELLED',
        ),
        event('UID:t', 'DTSTART:20261202T050000Z', 'DTEND:20261202T060000Z', 'TRANSP:TRANSPARENT'),
      ),
    );
    expect(iso(busyOfEvents(events, from, to))).toEqual([
      ['2026-12-01T04:30:00.000Z', '2026-12-01T05:30:00.000Z'],
      ['2026-12-15T09:30:00.000Z', '2026-12-15T10:30:00.000Z'],
      ['2026-12-29T04:30:00.000Z', '2026-12-29T05:30:00.000Z'],
    ]);
  });

  test('the site’s own calls and sessions (their invites’ UID) are left to the slot keys', () => {
    const events = parseFeed(
      calendar(
        event('UID:appointment-1795660296427-0a1b2c3d4e@ccc-edu', 'DTSTART:20261202T050000Z', 'DTEND:20261202T060000Z'),
        event('UID:appointment-elsewhere@example.com', 'DTSTART:20261203T050000Z', 'DTEND:20261203T060000Z'),
      ),
    );
    expect(iso(busyOfEvents(events, from, to))).toEqual([['2026-12-03T05:00:00.000Z', '2026-12-03T06:00:00.000Z']]);
  });

  test('an answer that is not a calendar is a failure, not an empty calendar', () => {
    expect(() => parseFeed('<html>Sign in</html>')).toThrow(/not an iCalendar feed/);
  });
});
