import type { Availability, Slot } from '../schemas/appointment';
import { SLOT_MINUTES } from '../schemas/appointment';
import { istDateOf, istIso, istMidnight, minutesOfClock, weekdayOf } from './istClock';
import { type SlotOptions, type TakenInterval, bookableDates } from './slots';

// Paid sessions in the one calendar (docs/scheduling.md): a session starts where a discovery
// call could (the same grid, from opening time, a call plus the buffer apart) and lasts
// longer, so it holds every grid start a call there would clash with. Those starts' slot keys
// are the ones it claims, create-only, so a call and a session can never both win one time.

export interface SessionSlotOptions extends SlotOptions {
  /** The session's length. */
  minutes: number;
}

interface DayGrid {
  open: number;
  close: number;
  step: number;
}

function dayGrid(availability: Availability, date: string): DayGrid | null {
  const hours = availability.weekly[weekdayOf(date)];
  if (!hours || availability.blockedDates.includes(date)) return null;
  const midnight = istMidnight(date);
  return {
    open: midnight + minutesOfClock(hours.open) * 60_000,
    close: midnight + minutesOfClock(hours.close) * 60_000,
    step: (SLOT_MINUTES + availability.bufferMinutes) * 60_000,
  };
}

/**
 * The free session starts (pure): grid starts on the bookable dates where the whole session
 * ends by closing time, after the minimum notice, clear of every taken interval by the buffer.
 */
export function freeSessionSlots(
  availability: Availability,
  taken: readonly TakenInterval[],
  options: SessionSlotOptions,
): Slot[] {
  const lengthMs = options.minutes * 60_000;
  const bufferMs = availability.bufferMinutes * 60_000;
  const earliest = options.now.getTime() + availability.noticeHours * 3_600_000;
  const slots: Slot[] = [];
  for (const date of bookableDates(availability, options)) {
    const grid = dayGrid(availability, date);
    if (!grid) continue;
    const dayTaken = taken.filter((busy) => busy.end + bufferMs > grid.open && busy.start - bufferMs < grid.close);
    for (let start = grid.open; start + lengthMs <= grid.close; start += grid.step) {
      const end = start + lengthMs;
      if (start < earliest) continue;
      if (dayTaken.some((busy) => busy.start - bufferMs < end && busy.end + bufferMs > start)) continue;
      slots.push({ start: istIso(start), end: istIso(end) });
    }
  }
  return slots;
}

/**
 * The grid starts (ms) a session from `startMs` holds: every start of that day's grid where a
 * call would come within the buffer of the session. With no buffer, the starts it covers.
 */
export function sessionHeldStarts(availability: Availability, startMs: number, minutes: number): number[] {
  const grid = dayGrid(availability, istDateOf(startMs));
  const slotMs = SLOT_MINUTES * 60_000;
  const bufferMs = availability.bufferMinutes * 60_000;
  const endMs = startMs + minutes * 60_000;
  // A day closed since (or a start off today's grid) still holds what it covers, on the half hours.
  const first = grid ? grid.open : startMs;
  const step = grid ? grid.step : slotMs;
  const last = grid ? grid.close : endMs;
  const held: number[] = [];
  for (let at = first; at + slotMs <= Math.max(last, endMs); at += step) {
    if (at - bufferMs < endMs && at + slotMs + bufferMs > startMs) held.push(at);
  }
  if (!held.includes(startMs)) held.unshift(startMs);
  return held.sort((a, b) => a - b);
}
