import type { Slot } from '../schemas/appointment';
import { istDateOf } from './istClock';

// The picker's view of the slots: grouped by their IST day, each time in IST and, for a
// visitor whose own time zone differs, in theirs too.

export interface SlotChoice {
  slot: Slot;
  /** "10:30 am" in IST. */
  ist: string;
  /** The same moment in the visitor's zone, or null when it reads the same. */
  local: string | null;
}

export interface SlotDay {
  date: string;
  /** "Thursday, 26 November" */
  label: string;
  choices: SlotChoice[];
}

const IST = 'Asia/Kolkata';

function timeFormat(timeZone: string) {
  return new Intl.DateTimeFormat('en-IN', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone });
}

const clean = (text: string) => text.replace(/\s/g, ' ');

/** The visitor's time zone as the browser reports it (IST when it cannot tell). */
export function visitorTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || IST;
  } catch {
    return IST;
  }
}

export function groupSlotsByDay(slots: readonly Slot[], visitorZone: string): SlotDay[] {
  const ist = timeFormat(IST);
  const local = timeFormat(visitorZone);
  const localDay = new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: visitorZone,
  });
  const istDay = new Intl.DateTimeFormat('en-IN', { weekday: 'short', day: 'numeric', month: 'short', timeZone: IST });
  const dayLabel = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', timeZone: IST });
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    const at = new Date(slot.start);
    const date = istDateOf(at.getTime());
    let day = days.get(date);
    if (!day) {
      day = { date, label: clean(dayLabel.format(at)), choices: [] };
      days.set(date, day);
    }
    const istText = clean(ist.format(at));
    let localText: string | null = clean(local.format(at));
    const sameDay = clean(localDay.format(at)) === clean(istDay.format(at));
    if (localText === istText && sameDay) localText = null;
    else if (!sameDay) localText = `${clean(localDay.format(at))}, ${localText}`;
    day.choices.push({ slot, ist: istText, local: localText });
  }
  return [...days.values()];
}

/** "Thursday, 26 November, 10:30 am IST" */
export function describeSlotIst(start: string): string {
  const at = new Date(start);
  const text = new Intl.DateTimeFormat('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: IST,
  }).format(at);
  return `${clean(text)} IST`;
}
