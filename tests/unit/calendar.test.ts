import { describe, expect, it } from 'vitest';
import { discoveryCallSlot, googleCalendarUrl, icsContent } from '../../src/lib/calendar';

describe('discovery call calendar invite', () => {
  it('is tomorrow 10:00-10:30 in India', () => {
    expect(discoveryCallSlot(new Date('2026-11-21T05:00:00Z'))).toEqual({ date: '2026-11-22', start: '10:00', end: '10:30' });
  });

  it('uses the Indian date when it is already tomorrow in India', () => {
    // 20:00 UTC is 01:30 IST on the next day, so "tomorrow" is two UTC days on.
    expect(discoveryCallSlot(new Date('2026-11-21T20:00:00Z')).date).toBe('2026-11-23');
  });

  it('crosses month and year ends', () => {
    expect(discoveryCallSlot(new Date('2026-12-31T06:00:00Z')).date).toBe('2027-01-01');
  });

  it('builds a Google Calendar link in the Kolkata time zone', () => {
    const url = new URL(googleCalendarUrl({ date: '2026-11-22', start: '10:00', end: '10:30' }));
    expect(url.searchParams.get('dates')).toBe('20261122T100000/20261122T103000');
    expect(url.searchParams.get('ctz')).toBe('Asia/Kolkata');
    expect(url.searchParams.get('text')).toMatch(/Discovery Call.*tentative/);
  });

  it('marks the iCalendar event tentative', () => {
    const ics = icsContent({ date: '2026-11-22', start: '10:00', end: '10:30' }, new Date('2026-11-21T05:00:00Z'));
    expect(ics).toContain('STATUS:TENTATIVE');
    expect(ics).toContain('DTSTART;TZID=Asia/Kolkata:20261122T100000');
    expect(ics).toContain('DTEND;TZID=Asia/Kolkata:20261122T103000');
  });
});
