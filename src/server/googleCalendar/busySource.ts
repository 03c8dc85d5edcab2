import type { BusyInterval, BusySource } from '../booking';
import { googleConfig } from './config';
import { freeBusy } from './googleApi';
import { accessToken, activeConnection, noteFailure, noteSuccess } from './access';

// The owner's Google Calendar as a source of busy times (docs/scheduling.md): Google's freeBusy
// of the calendars the owner picked. One read covers the next 62 days from the hour asked and
// is kept in this instance's memory for at most 5 minutes, so a visitor's list of times costs
// no call to Google most of the time. A failure throws: the engine then offers times as if
// nothing were busy elsewhere and the admin shows the calendar behind (decision 43).

export const BUSY_CACHE_MS = 5 * 60_000;
const WINDOW_MS = 62 * 24 * 3_600_000;
const HOUR_MS = 3_600_000;

interface Cached {
  calendars: string;
  from: number;
  to: number;
  until: number;
  busy: BusyInterval[];
}
let cache: Cached | null = null;

/** Forgets the busy times read (a change of the calendars picked, a test's new answer). */
export function forgetBusyTimes(): void {
  cache = null;
}

async function busyBetween(from: Date, to: Date, now: number): Promise<BusyInterval[]> {
  const connection = await activeConnection(now);
  if (!connection || connection.busyCalendarIds.length === 0) return [];
  const calendars = connection.busyCalendarIds.join('\n');
  const covered =
    cache &&
    cache.calendars === calendars &&
    cache.until > now &&
    cache.from <= from.getTime() &&
    cache.to >= to.getTime();
  if (!covered) {
    const start = Math.floor(from.getTime() / HOUR_MS) * HOUR_MS;
    const end = Math.max(to.getTime(), start + WINDOW_MS);
    try {
      const busy = await freeBusy(
        googleConfig(),
        await accessToken(connection, now),
        connection.busyCalendarIds,
        new Date(start),
        new Date(end),
      );
      cache = { calendars, from: start, to: end, until: now + BUSY_CACHE_MS, busy };
    } catch (error) {
      await noteFailure(error);
      throw error;
    }
    await noteSuccess();
  }
  return cache!.busy.filter((interval) => interval.end > from && interval.start < to);
}

export const googleBusySource: BusySource = {
  name: 'Google Calendar',
  busy: (from, to) => busyBetween(from, to, Date.now()),
};
