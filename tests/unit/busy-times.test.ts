import { afterEach, describe, expect, test } from 'vitest';
import { freeSessionSlots } from '../../src/lib/schedule/sessionSlots';
import { clearOfBusy, freeSlots, withoutOwnTime } from '../../src/lib/schedule/slots';
import { type Availability, defaultAvailability } from '../../src/lib/schemas/appointment';
import { type BusySource, busyBetween, busyHealth, installBusySources } from '../../src/server/booking/busy';

// The owner's busy times elsewhere leave slots out (docs/scheduling.md, "Busy times"); a
// calendar that fails or is slow counts as no busy times and is noted for the admin.

// Wednesday 25 Nov 2026, 06:00 IST: before opening time (09:00-18:00 on weekdays).
const wednesdayMorning = new Date('2026-11-25T00:30:00Z');
const at = (iso: string) => Date.parse(iso);
const busyFrom = (start: string, minutes: number) => ({ start: at(start), end: at(start) + minutes * 60_000 });
const startsOn = (slots: { start: string }[], date: string) =>
  slots.filter((slot) => slot.start.startsWith(date)).map((slot) => slot.start.slice(11, 16));
const noNotice: Availability = { ...defaultAvailability, noticeHours: 0 };
const calls = freeSlots(noNotice, [], { now: wednesdayMorning, days: 1 });

describe('clearOfBusy', () => {
  test('a busy time overlapping a call slot removes it, and only it', () => {
    const free = startsOn(clearOfBusy(calls, [busyFrom('2026-11-25T10:10:00+05:30', 10)]), '2026-11-25');
    expect(free).not.toContain('10:00');
    expect(free).toContain('09:30');
    expect(free).toContain('10:30');
    expect(free).toHaveLength(startsOn(calls, '2026-11-25').length - 1);
  });

  test('edges are exact: a slot ending as the busy time starts, or starting as it ends, is kept', () => {
    const free = startsOn(clearOfBusy(calls, [busyFrom('2026-11-25T11:00:00+05:30', 60)]), '2026-11-25');
    expect(free).toContain('10:30');
    expect(free).not.toContain('11:00');
    expect(free).not.toContain('11:30');
    expect(free).toContain('12:00');
    // One millisecond more on either side takes the neighbour too.
    const wider = { start: at('2026-11-25T11:00:00+05:30') - 1, end: at('2026-11-25T12:00:00+05:30') + 1 };
    const fewer = startsOn(clearOfBusy(calls, [wider]), '2026-11-25');
    expect(fewer).not.toContain('10:30');
    expect(fewer).not.toContain('12:00');
  });

  test('a 90-minute session is removed when any part of it overlaps a busy time', () => {
    const sessions = freeSessionSlots(noNotice, [], { now: wednesdayMorning, days: 1, minutes: 90 });
    const free = startsOn(clearOfBusy(sessions, [busyFrom('2026-11-25T13:20:00+05:30', 5)]), '2026-11-25');
    // 12:00-13:30, 12:30-14:00 and 13:00-14:30 each hold 13:20.
    expect(free).not.toContain('12:00');
    expect(free).not.toContain('12:30');
    expect(free).not.toContain('13:00');
    expect(free).toContain('11:30'); // ends at 13:00
    expect(free).toContain('13:30');
    expect(free).toHaveLength(startsOn(sessions, '2026-11-25').length - 3);
  });

  test('the buffer keeps the owner’s gap after a busy time as after a call', () => {
    const free = startsOn(clearOfBusy(calls, [busyFrom('2026-11-25T11:00:00+05:30', 60)], 15), '2026-11-25');
    expect(free).not.toContain('10:30');
    expect(free).not.toContain('12:00');
    expect(free).toContain('12:30');
  });

  test('a busy time spanning days removes every slot of those days', () => {
    const days = freeSlots(noNotice, [], { now: wednesdayMorning, days: 3 });
    const free = clearOfBusy(days, [{ start: at('2026-11-25T00:00:00+05:30'), end: at('2026-11-27T00:00:00+05:30') }]);
    expect(startsOn(free, '2026-11-25')).toEqual([]);
    expect(startsOn(free, '2026-11-26')).toEqual([]);
    expect(startsOn(free, '2026-11-27')).toEqual(startsOn(days, '2026-11-27'));
    expect(startsOn(free, '2026-11-27').length).toBeGreaterThan(0);
  });
});

describe('busyBetween', () => {
  afterEach(() => installBusySources([]));
  const from = new Date('2026-11-25T00:00:00Z');
  const to = new Date('2026-11-26T00:00:00Z');
  const interval = { start: new Date('2026-11-25T05:00:00Z'), end: new Date('2026-11-25T06:00:00Z') };

  test('reads every installed source once, side by side, and notes each success', async () => {
    const asked: string[] = [];
    const source = (name: string): BusySource => ({
      name,
      busy: async (start, end) => {
        asked.push(`${name} ${start.toISOString()} ${end.toISOString()}`);
        return [interval];
      },
    });
    installBusySources([source('one'), source('two')]);
    expect(await busyBetween(from, to)).toEqual([interval, interval]);
    expect(asked).toEqual([
      `one ${from.toISOString()} ${to.toISOString()}`,
      `two ${from.toISOString()} ${to.toISOString()}`,
    ]);
    expect(busyHealth().map((entry) => [entry.name, entry.lastSuccessAt !== null, entry.lastFailure])).toEqual([
      ['one', true, null],
      ['two', true, null],
    ]);
  });

  test('a failing source and one slower than the timeout count as no busy times and are noted', async () => {
    let release: () => void = () => undefined;
    installBusySources([
      { name: 'broken', busy: async () => Promise.reject(new Error('feed answered 500')) },
      { name: 'slow', busy: () => new Promise((resolve) => (release = () => resolve([interval]))) },
      { name: 'fine', busy: async () => [interval] },
    ]);
    const started = Date.now();
    expect(await busyBetween(from, to, 50)).toEqual([interval]);
    expect(Date.now() - started).toBeLessThan(2_000);
    release();
    const [broken, slow, fine] = busyHealth();
    expect(broken).toMatchObject({ name: 'broken', lastSuccessAt: null, lastFailure: 'feed answered 500' });
    expect(broken?.lastFailureAt).not.toBeNull();
    expect(slow).toMatchObject({ name: 'slow', lastSuccessAt: null, lastFailure: 'No answer within 50 ms' });
    expect(fine).toMatchObject({ name: 'fine', lastFailure: null });
  });

  test('no source, no busy times', async () => {
    expect(await busyBetween(from, to)).toEqual([]);
    expect(busyHealth()).toEqual([]);
  });
});

describe('withoutOwnTime', () => {
  const h = (hours: number) => Date.parse('2026-12-01T04:30:00.000Z') + hours * 3_600_000;
  test("cuts a moving appointment's own time out of the busy times, keeping what is busy around it", () => {
    const own = { start: h(1), end: h(2.5) };
    expect(withoutOwnTime([{ start: h(1), end: h(2.5) }], own)).toEqual([]);
    // Google merges a neighbouring event into one busy time: the neighbour stays busy.
    expect(withoutOwnTime([{ start: h(0.5), end: h(3) }], own)).toEqual([
      { start: h(0.5), end: h(1) },
      { start: h(2.5), end: h(3) },
    ]);
    expect(withoutOwnTime([{ start: h(3), end: h(4) }], own)).toEqual([{ start: h(3), end: h(4) }]);
  });
});
