// How far a promise is from now, in words the owner scans: "2 d 5 h", "3 h 10 min", "12 min".

const MINUTE = 60_000;

export function spanLabel(ms: number): string {
  const minutes = Math.max(1, Math.round(Math.abs(ms) / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/** "Overdue by 2 d 5 h" or "Due in 3 h 10 min". */
export function dueLabel(dueAt: string, overdue: boolean, now: number): string {
  const gap = Date.parse(dueAt) - now;
  return overdue || gap < 0 ? `Overdue by ${spanLabel(gap)}` : `Due in ${spanLabel(gap)}`;
}
