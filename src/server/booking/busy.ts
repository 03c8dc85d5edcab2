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
  health.clear();
}

/** The installed sources, in the order they were installed. */
export function busySources(): readonly BusySource[] {
  return sources;
}

/**
 * How long a source may take. The site's own availability answers a visitor in well under a
 * second; a calendar slower than this is treated as having no busy times (the booking itself
 * still cannot clash with another booking, docs/scheduling.md).
 */
export const BUSY_TIMEOUT_MS = 2_500;

/** What this instance last saw of one source, for the admin to say the calendar is behind. */
export interface BusySourceHealth {
  name: string;
  /** The last answer in time, ISO. */
  lastSuccessAt: string | null;
  /** The last failure or timeout, ISO, and what it was. */
  lastFailureAt: string | null;
  lastFailure: string | null;
}

const health = new Map<string, BusySourceHealth>();

function noted(name: string): BusySourceHealth {
  let entry = health.get(name);
  if (!entry) {
    entry = { name, lastSuccessAt: null, lastFailureAt: null, lastFailure: null };
    health.set(name, entry);
  }
  return entry;
}

/**
 * Each installed source's last success and last failure as this instance saw them (in memory:
 * an instance that has read no source yet knows nothing). A source is behind when its last
 * failure is newer than its last success.
 */
export function busyHealth(): BusySourceHealth[] {
  return sources.map((source) => ({ ...noted(source.name) }));
}

class BusyTimeout extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms`);
  }
}

async function readSource(source: BusySource, from: Date, to: Date, timeoutMs: number): Promise<BusyInterval[]> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new BusyTimeout(timeoutMs)), timeoutMs);
  });
  try {
    const intervals = await Promise.race([source.busy(from, to), timeout]);
    noted(source.name).lastSuccessAt = new Date().toISOString();
    return intervals.filter((interval) => interval.end.getTime() > interval.start.getTime());
  } catch (error) {
    const entry = noted(source.name);
    entry.lastFailureAt = new Date().toISOString();
    entry.lastFailure = error instanceof Error ? error.message : String(error);
    console.warn(`Busy times from ${source.name} left out: ${entry.lastFailure}`);
    return [];
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The owner's busy times between two instants from every installed source, side by side. A
 * source that fails or takes longer than `timeoutMs` counts as no busy times and is noted in
 * `busyHealth()`: the site's own availability still serves.
 */
export async function busyBetween(from: Date, to: Date, timeoutMs = BUSY_TIMEOUT_MS): Promise<BusyInterval[]> {
  if (sources.length === 0) return [];
  const answers = await Promise.all(sources.map((source) => readSource(source, from, to, timeoutMs)));
  return answers.flat();
}
