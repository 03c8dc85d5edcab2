import type { VEvent } from 'node-ical';
import { readCapped } from '../http/cappedBody';
import { z } from 'zod';
import { env, isLocalServer } from '../env';
import type { BusySource } from './busy';

// Private iCal feeds as busy times (docs/scheduling.md, "Busy times"; decision 43): the secret
// addresses Google Calendar, Outlook and Apple give a calendar, listed in CALENDAR_BUSY_ICS_URLS.
// Each feed is one busy source, fetched at most every five minutes per instance and parsed by
// node-ical (icalEvents.ts, loaded with the first feed: a site without feeds never loads it).

export const ICS_URLS_VARIABLE = 'CALENDAR_BUSY_ICS_URLS';
/** How long one fetched feed serves an instance (the owner's new event shows within this). */
export const FEED_CACHE_MS = 5 * 60_000;
/** How long a failed fetch is remembered, so a broken feed does not slow every request. */
const FAILURE_CACHE_MS = 60_000;
/** Under the engine's own timeout (busy.ts), so a slow feed is cut here and its failure named. */
const FETCH_TIMEOUT_MS = 2_000;
/** A calendar of years of events is well under this; a larger answer is not a calendar feed. */
export const FEED_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The feed addresses from CALENDAR_BUSY_ICS_URLS (commas or white space between them), https
 * only (plain http to the local server's own test feeds). A wrong one throws a message naming
 * the variable and the position, never the address: it is a secret.
 */
export function icalFeedUrls(value = env(ICS_URLS_VARIABLE)): URL[] {
  if (!value) return [];
  const protocol = isLocalServer() ? /^https?$/ : /^https$/;
  return value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((text, index) => {
      if (!z.url({ protocol }).safeParse(text).success)
        throw new Error(
          `${ICS_URLS_VARIABLE}: address ${index + 1} is not an https URL. List the private iCal addresses ` +
            'of the calendars to read, separated by commas or spaces (docs/deploy.md).',
        );
      return new URL(text);
    });
}

/** The body as text, refusing one over `maxBytes` without reading it all. */
async function cappedText(response: Response, maxBytes: number): Promise<string> {
  const tooLarge = () => new Error(`The feed is larger than ${maxBytes} bytes`);
  if (Number(response.headers.get('content-length')) > maxBytes) throw tooLarge();
  return (await readCapped(response.body, maxBytes, tooLarge)).toString('utf8');
}

interface Cached {
  at: number;
  events: Promise<VEvent[]>;
  failed: boolean;
}

/** One private iCal feed as a busy source; `name` says which without giving the secret address. */
export function icalFeedSource(url: URL, name: string): BusySource {
  let cached: Cached | null = null;
  const load = (): Promise<VEvent[]> => {
    const now = Date.now();
    if (cached && now - cached.at < (cached.failed ? FAILURE_CACHE_MS : FEED_CACHE_MS)) return cached.events;
    const entry: Cached = { at: now, failed: false, events: Promise.resolve([]) };
    entry.events = (async () => {
      const response = await fetch(url, {
        headers: { accept: 'text/calendar' },
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!response.ok) {
        await response.body?.cancel();
        throw new Error(`The feed answered ${response.status}`);
      }
      const text = await cappedText(response, FEED_MAX_BYTES);
      return (await import('./icalEvents')).parseFeed(text);
    })();
    entry.events.catch(() => {
      entry.failed = true;
    });
    cached = entry;
    return entry.events;
  };
  return {
    name,
    async busy(from, to) {
      const events = await load();
      return (await import('./icalEvents')).busyOfEvents(events, from, to);
    },
  };
}

/** A source for each feed in CALENDAR_BUSY_ICS_URLS (none when unset); throws on a wrong address. */
export function icalFeedSources(value?: string): BusySource[] {
  const urls = value === undefined ? icalFeedUrls() : icalFeedUrls(value);
  return urls.map((url, index) => icalFeedSource(url, `iCal feed ${index + 1} (${url.hostname})`));
}
