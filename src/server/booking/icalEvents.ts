import ical, { type VEvent } from 'node-ical';
import { addDays, istMidnight } from '../../lib/schedule/istClock';
import type { BusyInterval } from './busy';
import { isSiteAppointmentUid } from './calendarUid';

// A private iCal feed's events as busy times (pure; docs/scheduling.md, "Busy times"), parsed by
// node-ical, whose expansion handles RRULE, EXDATE and moved instances (RECURRENCE-ID).

/** The VEVENTs of an iCalendar text (RECURRENCE-ID overrides stay under their series). */
export function parseFeed(text: string): VEvent[] {
  if (!/BEGIN:VCALENDAR/i.test(text)) throw new Error('The answer is not an iCalendar feed');
  const parsed = ical.sync.parseICS(text);
  return Object.values(parsed).filter((item): item is VEvent => item?.type === 'VEVENT');
}

/** An all-day value's calendar date: node-ical gives a floating date as local midnight (or midnight in its TZID). */
function calendarDate(value: Date & { tz?: string }): string {
  const timeZone = value.tz && value.tz !== 'floating' ? value.tz : undefined;
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return parts.format(value);
}

const ignored = (event: Pick<VEvent, 'status' | 'transparency'>) =>
  event.status === 'CANCELLED' || event.transparency === 'TRANSPARENT';

/**
 * The busy intervals of parsed events between two instants (pure): each recurring event
 * expanded (EXDATE left out, moved instances at their new time), an all-day event blocking its
 * whole days in IST (the slots are IST), free (TRANSP:TRANSPARENT) and cancelled events and
 * instances ignored, and the site's own calls and sessions (their invites' UID) left to the slot keys.
 */
export function busyOfEvents(events: readonly VEvent[], from: Date, to: Date): BusyInterval[] {
  const busy: BusyInterval[] = [];
  for (const event of events) {
    if (isSiteAppointmentUid(event.uid)) continue;
    if (ignored(event) && !event.recurrences) continue;
    const instances = ical.expandRecurringEvent(event, { from, to, expandOngoing: true });
    for (const instance of instances) {
      if (ignored(instance.event)) continue;
      if (instance.isFullDay) {
        const first = calendarDate(instance.start);
        const last = instance.end ? calendarDate(instance.end) : addDays(first, 1);
        busy.push({
          start: new Date(istMidnight(first)),
          end: new Date(istMidnight(last > first ? last : addDays(first, 1))),
        });
      } else if (instance.end) {
        busy.push({ start: new Date(instance.start.getTime()), end: new Date(instance.end.getTime()) });
      }
    }
  }
  return busy.filter((interval) => interval.end > from && interval.start < to);
}
