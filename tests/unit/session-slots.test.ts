import { describe, expect, test } from 'vitest';
import { freeSessionSlots, sessionHeldStarts } from '../../src/lib/schedule/sessionSlots';
import { istClock } from '../../src/lib/schedule/istClock';
import { type Availability, defaultAvailability } from '../../src/lib/schemas/appointment';
import { lateChangeMessage, visitorMayChange } from '../../src/server/booking/engine';
import { linkToken } from '../../src/server/booking/secrets';
import { business } from '../../src/lib/business';

// Wednesday 25 Nov 2026, 06:00 IST: before opening time (09:00-18:00 on weekdays).
const wednesdayMorning = new Date('2026-11-25T00:30:00Z');
const at = (iso: string) => Date.parse(iso);
const taken = (start: string, minutes = 30) => ({ start: at(start), end: at(start) + minutes * 60_000 });
const startsOn = (slots: { start: string }[], date: string) =>
  slots.filter((slot) => slot.start.startsWith(date)).map((slot) => slot.start.slice(11, 16));
const noNotice: Availability = { ...defaultAvailability, noticeHours: 0 };

describe('freeSessionSlots', () => {
  test('a 90-minute session starts on the half hours and ends by closing time', () => {
    const slots = freeSessionSlots(noNotice, [], { now: wednesdayMorning, minutes: 90 });
    const wednesday = startsOn(slots, '2026-11-25');
    expect(wednesday[0]).toBe('09:00');
    expect(wednesday.at(-1)).toBe('16:30');
    expect(wednesday).toHaveLength(16);
    expect(slots[0]).toEqual({ start: '2026-11-25T09:00:00+05:30', end: '2026-11-25T10:30:00+05:30' });
    expect(startsOn(freeSessionSlots(noNotice, [], { now: wednesdayMorning, minutes: 60 }), '2026-11-25').at(-1)).toBe(
      '17:00',
    );
    expect(startsOn(slots, '2026-11-28')).toEqual([]); // Saturday
  });

  test('no start whose session would overlap a taken call, or come within the buffer of one', () => {
    const busy = [taken('2026-11-25T12:00:00+05:30')];
    const free = startsOn(freeSessionSlots(noNotice, busy, { now: wednesdayMorning, minutes: 90 }), '2026-11-25');
    expect(free).not.toContain('11:00');
    expect(free).not.toContain('11:30');
    expect(free).not.toContain('12:00');
    expect(free).toContain('10:30'); // ends as the call starts
    expect(free).toContain('12:30');
    const buffered = { ...noNotice, bufferMinutes: 15 };
    const withBuffer = startsOn(
      freeSessionSlots(buffered, [taken('2026-11-25T12:00:00+05:30')], { now: wednesdayMorning, minutes: 90 }),
      '2026-11-25',
    );
    // The grid is a call and the buffer apart: 09:00, 09:45, 10:30 ...; 10:30-12:00 ends within 15 minutes of the call.
    expect(withBuffer.slice(0, 2)).toEqual(['09:00', '09:45']);
    expect(withBuffer).not.toContain('10:30');
  });

  test('the minimum notice, blocked dates and the days asked for', () => {
    const noon = new Date('2026-11-25T06:30:00Z'); // 12:00 IST
    const withNotice = { ...noNotice, noticeHours: 2 };
    expect(startsOn(freeSessionSlots(withNotice, [], { now: noon, minutes: 90 }), '2026-11-25')[0]).toBe('14:00');
    const blocked = { ...noNotice, blockedDates: ['2026-11-26'] };
    expect(startsOn(freeSessionSlots(blocked, [], { now: wednesdayMorning, minutes: 90 }), '2026-11-26')).toEqual([]);
    expect(
      startsOn(freeSessionSlots(noNotice, [], { now: wednesdayMorning, minutes: 90, days: 1 }), '2026-11-26'),
    ).toEqual([]);
  });
});

describe('sessionHeldStarts', () => {
  test('a 90-minute session holds the three half hours it covers', () => {
    const held = sessionHeldStarts(noNotice, at('2026-11-25T10:00:00+05:30'), 90).map(istClock);
    expect(held).toEqual(['10:00', '10:30', '11:00']);
  });

  test('with a buffer it also holds the grid starts a call there would come too close from', () => {
    const buffered = { ...noNotice, bufferMinutes: 15 };
    // Grid 09:00, 09:45, 10:30, 11:15, 12:00 ...; a session 10:30-12:00 clashes with calls at 10:30, 11:15 and 12:00 (within
    // 15 minutes of its end); one at 09:45 ends at 10:15, the buffer before it.
    expect(sessionHeldStarts(buffered, at('2026-11-25T10:30:00+05:30'), 90).map(istClock)).toEqual([
      '10:30',
      '11:15',
      '12:00',
    ]);
    expect(sessionHeldStarts(buffered, at('2026-11-25T10:30:00+05:30'), 60).map(istClock)).toEqual(['10:30', '11:15']);
  });
});

describe('the client link token and the 24-hour rule', () => {
  const key = Buffer.alloc(32, 7);
  test('a client token is the HMAC of its id under its own purpose: the same id gives the same token, a manage token opens no client space', () => {
    const token = linkToken(key, 'client', '8235000000000-0123456789');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(linkToken(key, 'client', '8235000000000-0123456789')).toBe(token);
    expect(linkToken(key, 'manage', '8235000000000-0123456789')).not.toBe(token);
    expect(linkToken(key, 'client', '8235000000000-0123456788')).not.toBe(token);
    expect(linkToken(Buffer.alloc(32, 8), 'client', '8235000000000-0123456789')).not.toBe(token);
  });

  test('a session may be changed online until 24 hours before its start, and the refusal names the phone and WhatsApp', () => {
    const start = '2026-11-27T10:00:00+05:30';
    const hours = business.promises.rescheduleNoticeHours;
    expect(visitorMayChange({ status: 'confirmed', start }, new Date(at(start) - hours * 3_600_000))).toBe(true);
    expect(visitorMayChange({ status: 'confirmed', start }, new Date(at(start) - hours * 3_600_000 + 1))).toBe(false);
    expect(visitorMayChange({ status: 'cancelled', start }, wednesdayMorning)).toBe(false);
    expect(lateChangeMessage('Sessions')).toContain(business.contact.phone);
    expect(lateChangeMessage('Sessions')).toContain(`WhatsApp +${business.contact.whatsappNumber}`);
  });
});
