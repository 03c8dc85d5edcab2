import { bookings } from '../bookings';
import { contacts } from '../contacts';
import { payments } from '../payments';
import { resourceDownloads } from '../resourceDownloads';
import type { RecordMeta } from '../storage/collection';
import { subscribers } from '../subscribers';
import { queueEvent } from './announce';
import { type LeadEvent, bookingEvent, contactEvent, downloadEvent, subscriberEvent } from './leadEvents';
import { paymentEventWithSource } from './paymentNotices';
import { notificationSettings, siteAddress } from './settings';

// A lead is queued in the request that stores it, but that request can die (or Blobs can
// fail) between storing the lead and writing its outbox entries. The scheduled sweep
// therefore looks back over the last hour's leads and queues whatever has no entries yet.
// Entries are created with onlyIfNew, so a lead queued by its request is left alone and
// nobody is told twice.

/** How far back the sweep looks: leads older than this were either queued or are history. */
export const CATCH_UP_WINDOW_MS = 60 * 60_000;
/** A lead this young may still be queued by its own request (which waits up to 4 s). */
export const CATCH_UP_GRACE_MS = 15_000;
const PAGE = 50;

interface Source<Rec extends RecordMeta> {
  list(options: { cursor?: string | null; limit?: number }): Promise<{ items: Rec[]; nextCursor: string | null }>;
}

/** Records created inside the window, newest first, reading pages only as far back as needed. */
async function recentRecords<Rec extends RecordMeta>(source: Source<Rec>, from: number, until: number): Promise<Rec[]> {
  const found: Rec[] = [];
  let cursor: string | null = null;
  for (;;) {
    const page = await source.list({ cursor, limit: PAGE });
    for (const record of page.items) {
      const at = new Date(record.createdAt).getTime();
      if (at < from) return found;
      if (at <= until) found.push(record);
    }
    if (!page.nextCursor) return found;
    cursor = page.nextCursor;
  }
}

/** Whether a record is inside the catch-up window at `now` (pure). */
export function catchUpRange(now: Date): { from: number; until: number } {
  return { from: now.getTime() - CATCH_UP_WINDOW_MS, until: now.getTime() - CATCH_UP_GRACE_MS };
}

async function recentEvents(now: Date): Promise<LeadEvent[]> {
  const { from, until } = catchUpRange(now);
  const [calls, messages, downloads, signups, paid] = await Promise.all([
    recentRecords(bookings, from, until),
    recentRecords(contacts, from, until),
    recentRecords(resourceDownloads, from, until),
    recentRecords(subscribers, from, until),
    recentRecords(payments, from, until),
  ]);
  const settled = paid.filter((payment) => payment.status === 'captured' || payment.status === 'failed');
  return [
    ...calls.map(bookingEvent),
    ...messages.map(contactEvent),
    ...downloads.map(downloadEvent),
    ...signups.map(subscriberEvent),
    ...(await Promise.all(settled.map(paymentEventWithSource))),
  ];
}

export interface CatchUpReport {
  checked: number;
  queued: number;
}

/** Queues the outbox entries of the last hour's leads that have none; the sweep then sends them. */
export async function catchUpRecentLeads(now: Date = new Date(), site: string = siteAddress()): Promise<CatchUpReport> {
  if (!notificationSettings().enabled) return { checked: 0, queued: 0 };
  const events = await recentEvents(now);
  let queued = 0;
  for (const event of events) {
    const created = await queueEvent(event, site, now);
    if (created.length > 0) console.error(`[notifications] ${event.kind} ${event.leadId} had not been queued by its request; queued now`);
    queued += created.length;
  }
  return { checked: events.length, queued };
}
