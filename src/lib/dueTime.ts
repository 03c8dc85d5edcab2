import { business } from './business';

// When a promise to call back falls due, counted in business hours
// (docs/decisions/0030-callback-promises-in-business-hours.md): the clock runs only while
// the business is open, starts at the next opening when a lead arrives outside hours, and
// skips closed days. Pure: the hours come in as data (by default
// `business.contact.businessHours`), so nothing here repeats them.

export interface BusinessHours {
  /** An IANA time zone; its wall clock is what `open` and `close` mean. */
  timeZone: string;
  /** Open days, 0 = Sunday ... 6 = Saturday. */
  weekdays: readonly number[];
  /** "HH:MM", 24-hour. */
  open: string;
  close: string;
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
// A year of calendar days: more than any promise needs, and a bound if no day is open.
const MAX_DAYS = 366;

function minutesOf(time: string): number {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) throw new Error(`Not an HH:MM time: ${time}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's wall clock at an instant, as if it were UTC (milliseconds). */
function wallClock(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return (
    Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!) +
    (((instant % 1000) + 1000) % 1000)
  );
}

/** The instant at which the zone's wall clock shows `wall` (twice corrected, so offsets that change mid-day work too). */
function instantOf(wall: number, timeZone: string): number {
  let instant = wall - (wallClock(wall, timeZone) - wall);
  instant += wall - wallClock(instant, timeZone);
  return instant;
}

/**
 * The instant `hours` business hours after `from`. A lead that comes in while the
 * business is closed starts the clock at the next opening; time after closing runs on
 * from the next open day's opening. Exactly at closing counts as closed.
 */
export function dueAfter(from: Date, hours: number, schedule: BusinessHours = business.contact.businessHours): Date {
  if (!(hours >= 0)) throw new Error(`Hours must be zero or more: ${hours}`);
  const open = minutesOf(schedule.open) * MINUTE;
  const close = minutesOf(schedule.close) * MINUTE;
  if (close <= open) throw new Error(`Business hours must close after they open: ${schedule.open}-${schedule.close}`);
  let remaining = hours * 60 * MINUTE;
  let cursor = from.getTime();
  const startWall = wallClock(cursor, schedule.timeZone);
  let day = startWall - (((startWall % DAY) + DAY) % DAY);
  for (let checked = 0; checked < MAX_DAYS; checked += 1, day += DAY) {
    if (!schedule.weekdays.includes(new Date(day).getUTCDay())) continue;
    const opensAt = instantOf(day + open, schedule.timeZone);
    const closesAt = instantOf(day + close, schedule.timeZone);
    cursor = Math.max(cursor, opensAt);
    if (cursor >= closesAt) continue;
    if (remaining <= closesAt - cursor) return new Date(cursor + remaining);
    remaining -= closesAt - cursor;
  }
  throw new Error('No business hours within a year: check business.contact.businessHours');
}

/** Whether a promise due at `dueAt` has run out at `now`. */
export function isOverdue(dueAt: Date, now: Date): boolean {
  return now.getTime() > dueAt.getTime();
}
