// India has one offset all year (+05:30, no daylight saving), so IST wall-clock times are
// plain arithmetic on UTC milliseconds: no time-zone database needed, in the browser or
// in a function.

export const IST_OFFSET_MINUTES = 330;
const OFFSET_MS = IST_OFFSET_MINUTES * 60_000;
export const DAY_MS = 86_400_000;

const shifted = (ms: number) => new Date(ms + OFFSET_MS);

/** The IST calendar date of an instant, `YYYY-MM-DD`. */
export function istDateOf(ms: number): string {
  return shifted(ms).toISOString().slice(0, 10);
}

/** The instant an IST date begins. */
export function istMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) - OFFSET_MS;
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday ... 6 = Saturday, of an IST date. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export function minutesOfClock(time: string): number {
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** `2026-11-26T09:30:00+05:30`: ISO 8601 with India's offset. */
export function istIso(ms: number): string {
  return `${shifted(ms).toISOString().slice(0, 19)}+05:30`;
}

/** `HH:MM` of an instant in IST. */
export function istClock(ms: number): string {
  return shifted(ms).toISOString().slice(11, 16);
}
