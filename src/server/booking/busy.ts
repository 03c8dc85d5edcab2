// Busy times from calendars outside the site (docs/decisions/0043-google-calendar-and-online-sessions.md):
// the owner's Google Calendar, or private iCal feeds. Each is a source the composition root
// installs (src/server/app/install.ts), so the booking engine offers and takes times without
// knowing where they come from.

/** A time the owner is busy elsewhere, end exclusive. */
export interface BusyInterval {
  start: Date;
  end: Date;
}

/** One outside calendar's busy times between two instants. */
export interface BusySource {
  readonly name: string;
  busy(from: Date, to: Date): Promise<BusyInterval[]>;
}

let sources: readonly BusySource[] = [];

/** The composition root's call: which outside calendars are read. */
export function installBusySources(list: readonly BusySource[]): void {
  sources = list;
}

/** The installed sources, in the order they were installed. */
export function busySources(): readonly BusySource[] {
  return sources;
}
