import { describe, expect, test } from 'vitest';
import { freeSlots, offeredSlot } from '../../src/lib/schedule/slots';
import { groupSlotsByDay } from '../../src/lib/schedule/slotDays';
import { type Availability, defaultAvailability } from '../../src/lib/schemas/appointment';

// Wednesday 25 Nov 2026, 06:00 IST (00:30 UTC): before opening time.
const wednesdayMorning = new Date('2026-11-25T00:30:00Z');
const at = (iso: string) => Date.parse(iso);
const taken = (start: string, minutes = 30) => ({ start: at(start), end: at(start) + minutes * 60_000 });
const startsOn = (slots: { start: string }[], date: string) =>
  slots.filter((slot) => slot.start.startsWith(date)).map((slot) => slot.start.slice(11, 16));

const noNotice: Availability = { ...defaultAvailability, noticeHours: 0 };

describe('freeSlots', () => {
  test('weekday hours 09:00-18:00 IST give 18 half-hour slots a day, ISO with +05:30, none at the weekend', () => {
    const slots = freeSlots(noNotice, [], { now: wednesdayMorning });
    const wednesday = startsOn(slots, '2026-11-25');
    expect(wednesday).toHaveLength(18);
    expect(wednesday[0]).toBe('09:00');
    expect(wednesday.at(-1)).toBe('17:30');
    expect(slots[0]).toEqual({ start: '2026-11-25T09:00:00+05:30', end: '2026-11-25T09:30:00+05:30' });
    expect(startsOn(slots, '2026-11-28')).toEqual([]); // Saturday
    expect(startsOn(slots, '2026-11-29')).toEqual([]); // Sunday
    expect(startsOn(slots, '2026-11-30')).toHaveLength(18); // Monday
  });

  test('own hours per weekday: a short Saturday and a closed Monday', () => {
    const weekly = [...noNotice.weekly];
    weekly[6] = { open: '10:00', close: '11:30' };
    weekly[1] = null;
    const slots = freeSlots({ ...noNotice, weekly }, [], { now: wednesdayMorning });
    expect(startsOn(slots, '2026-11-28')).toEqual(['10:00', '10:30', '11:00']);
    expect(startsOn(slots, '2026-11-30')).toEqual([]);
  });

  test('a buffer spaces the slots and keeps clear of a taken call on both sides', () => {
    const withBuffer = { ...noNotice, bufferMinutes: 15 };
    const free = startsOn(freeSlots(withBuffer, [], { now: wednesdayMorning }), '2026-11-25');
    expect(free.slice(0, 4)).toEqual(['09:00', '09:45', '10:30', '11:15']);
    const around = startsOn(
      freeSlots(withBuffer, [taken('2026-11-25T10:30:00+05:30')], { now: wednesdayMorning }),
      '2026-11-25',
    );
    // 09:45-10:15 ends exactly 15 minutes before 10:30: allowed; 11:15 starts 15 after 11:00: allowed.
    expect(around.slice(0, 4)).toEqual(['09:00', '09:45', '11:15', '12:00']);
    const tight = startsOn(
      freeSlots({ ...withBuffer, bufferMinutes: 20 }, [taken('2026-11-25T10:00:00+05:30')], { now: wednesdayMorning }),
      '2026-11-25',
    );
    // Slots at 09:00, 09:50, 10:40, 11:30...; a call at 10:00-10:30 keeps 09:40-10:50 clear.
    expect(tight.slice(0, 3)).toEqual(['09:00', '11:30', '12:20']);
  });

  test('minimum notice: nothing starts sooner than the notice from now', () => {
    const now = new Date('2026-11-25T05:40:00Z'); // 11:10 IST
    const slots = freeSlots({ ...defaultAvailability, noticeHours: 4 }, [], { now });
    expect(slots[0]!.start).toBe('2026-11-25T15:30:00+05:30');
    const none = freeSlots({ ...defaultAvailability, noticeHours: 0 }, [], { now });
    expect(none[0]!.start).toBe('2026-11-25T11:30:00+05:30');
  });

  test('horizon: days from today up to the horizon, and ?days= asks for fewer', () => {
    const slots = freeSlots({ ...noNotice, horizonDays: 3 }, [], { now: wednesdayMorning });
    expect(new Set(slots.map((slot) => slot.start.slice(0, 10)))).toEqual(
      new Set(['2026-11-25', '2026-11-26', '2026-11-27']),
    );
    const one = freeSlots(noNotice, [], { now: wednesdayMorning, days: 1 });
    expect(new Set(one.map((slot) => slot.start.slice(0, 10)))).toEqual(new Set(['2026-11-25']));
    const capped = freeSlots({ ...noNotice, horizonDays: 2 }, [], { now: wednesdayMorning, days: 30 });
    expect(new Set(capped.map((slot) => slot.start.slice(0, 10))).size).toBe(2);
  });

  test('blocked dates have no slots', () => {
    const slots = freeSlots({ ...noNotice, blockedDates: ['2026-11-26'] }, [], { now: wednesdayMorning });
    expect(startsOn(slots, '2026-11-26')).toEqual([]);
    expect(startsOn(slots, '2026-11-27')).toHaveLength(18);
  });

  test('taken slots are left out, whatever offset the stored time was written in', () => {
    const slots = freeSlots(noNotice, [taken('2026-11-25T04:30:00Z'), taken('2026-11-25T17:00:00+05:30')], {
      now: wednesdayMorning,
    });
    const wednesday = startsOn(slots, '2026-11-25');
    expect(wednesday).toHaveLength(16);
    expect(wednesday).not.toContain('10:00');
    expect(wednesday).not.toContain('17:00');
    expect(offeredSlot(slots, '2026-11-25T04:30:00Z')).toBeNull();
    expect(offeredSlot(slots, '2026-11-25T05:00:00Z')).toEqual({
      start: '2026-11-25T10:30:00+05:30',
      end: '2026-11-25T11:00:00+05:30',
    });
  });

  test('near midnight UTC the IST date is the one counted', () => {
    // 23:00 UTC on Friday 27 Nov is 04:30 IST on Saturday 28 Nov: today is the Saturday.
    const slots = freeSlots({ ...noNotice, horizonDays: 3 }, [], { now: new Date('2026-11-27T23:00:00Z') });
    expect(slots[0]!.start).toBe('2026-11-30T09:00:00+05:30');
  });
});

describe('groupSlotsByDay', () => {
  const slots = freeSlots({ ...noNotice, horizonDays: 2 }, [], { now: wednesdayMorning });

  test('a visitor in India sees IST only, grouped by day', () => {
    const days = groupSlotsByDay(slots, 'Asia/Kolkata');
    expect(days.map((day) => day.date)).toEqual(['2026-11-25', '2026-11-26']);
    expect(days[0]!.label).toBe('Wednesday, 25 November');
    expect(days[0]!.choices[0]).toMatchObject({ ist: '9:00 am', local: null });
  });

  test('a visitor in another time zone also sees their own time, and their own day when it differs', () => {
    const london = groupSlotsByDay(slots, 'Europe/London');
    expect(london[0]!.choices[0]).toMatchObject({ ist: '9:00 am', local: '3:30 am' });
    const newYork = groupSlotsByDay(slots, 'America/New_York');
    // 09:00 IST on Wednesday is 22:30 on Tuesday in New York.
    expect(newYork[0]!.choices[0]!.local).toBe('Tue, 24 Nov, 10:30 pm');
    expect(newYork[0]!.choices[0]!.ist).toBe('9:00 am');
  });
});
