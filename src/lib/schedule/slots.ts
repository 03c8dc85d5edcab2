import type { Availability, Slot } from '../schemas/appointment';
import { SLOT_MINUTES } from '../schemas/appointment';
import { addDays, istDateOf, istIso, istMidnight, minutesOfClock, weekdayOf } from './istClock';

/** A booked call, as an interval of instants (ms). */
export interface TakenInterval {
  start: number;
  end: number;
}

export interface SlotOptions {
  now: Date;
  /** Fewer days than the horizon (GET /api/slots?days=). */
  days?: number;
}

/** The IST dates slots may fall on: today and the following days, up to the horizon. */
export function bookableDates(availability: Availability, { now, days }: SlotOptions): string[] {
  const count = Math.min(days ?? availability.horizonDays, availability.horizonDays);
  const today = istDateOf(now.getTime());
  return Array.from({ length: count }, (_, index) => addDays(today, index));
}

/**
 * The free slots (pure): every slot of the weekly hours on the bookable dates, a buffer
 * apart, that starts after the minimum notice, is not on a blocked date and does not
 * come within the buffer of a taken call. Times are IST; the answer is ISO with offset.
 */
export function freeSlots(availability: Availability, taken: readonly TakenInterval[], options: SlotOptions): Slot[] {
  const slotMs = SLOT_MINUTES * 60_000;
  const bufferMs = availability.bufferMinutes * 60_000;
  const earliest = options.now.getTime() + availability.noticeHours * 3_600_000;
  const blocked = new Set(availability.blockedDates);
  const slots: Slot[] = [];
  for (const date of bookableDates(availability, options)) {
    const hours = availability.weekly[weekdayOf(date)];
    if (!hours || blocked.has(date)) continue;
    const midnight = istMidnight(date);
    const close = midnight + minutesOfClock(hours.close) * 60_000;
    const dayTaken = taken.filter((call) => call.end + bufferMs > midnight && call.start - bufferMs < close);
    for (
      let start = midnight + minutesOfClock(hours.open) * 60_000;
      start + slotMs <= close;
      start += slotMs + bufferMs
    ) {
      const end = start + slotMs;
      if (start < earliest) continue;
      if (dayTaken.some((call) => call.start - bufferMs < end && call.end + bufferMs > start)) continue;
      slots.push({ start: istIso(start), end: istIso(end) });
    }
  }
  return slots;
}

/** Whether `start` (any ISO instant) is one of the slots offered; the offered slot if so. */
export function offeredSlot(slots: readonly Slot[], start: string): Slot | null {
  const at = Date.parse(start);
  return slots.find((slot) => Date.parse(slot.start) === at) ?? null;
}

/**
 * The slots clear of the owner's busy times elsewhere (pure; docs/scheduling.md, "Busy times"):
 * a slot (a call's half hour or a session's whole length) is left out when any part of it comes
 * within the buffer of a busy interval, as it would of a booked call. End instants are
 * exclusive, so a slot that starts where a busy time ends is kept.
 */
/**
 * Busy times less an appointment's own time (pure): the owner's calendar holds the site's own
 * calls and sessions too (written there after each booking), so an appointment that moves must
 * not be kept off a time by its own event.
 */
export function withoutOwnTime(busy: readonly TakenInterval[], own: TakenInterval): TakenInterval[] {
  return busy.flatMap((interval) => {
    if (interval.end <= own.start || interval.start >= own.end) return [interval];
    const left = interval.start < own.start ? [{ start: interval.start, end: own.start }] : [];
    const right = interval.end > own.end ? [{ start: own.end, end: interval.end }] : [];
    return [...left, ...right];
  });
}

export function clearOfBusy(slots: readonly Slot[], busy: readonly TakenInterval[], bufferMinutes = 0): Slot[] {
  if (busy.length === 0) return [...slots];
  const bufferMs = bufferMinutes * 60_000;
  return slots.filter((slot) => {
    const start = Date.parse(slot.start);
    const end = Date.parse(slot.end);
    return !busy.some((interval) => interval.start - bufferMs < end && interval.end + bufferMs > start);
  });
}
