import type { SearchAnswer, SearchHit, SearchRecordType } from '../../../lib/schemas/adminApi';
import { bookings } from '../../bookings';
import { contacts } from '../../contacts';
import { payments } from '../../payments';
import { resourceDownloads } from '../../resourceDownloads';
import type { RecordMeta } from '../../storage/collection';
import { subscribers } from '../../subscribers';
import { type LeadProfile, bookingProfile, contactProfile, downloadProfile, paymentProfile, subscriberProfile } from '../leadProfiles';
import { entriesUnder } from './personIndex';
import { type Person, planSearch } from './personKeys';

/** A name start such as "pr" can match thousands: the newest this many are shown. */
export const MAX_HITS = 100;
const READ_BATCH = 25;

interface Found {
  person: Person;
  hit: SearchHit;
}

function source<Rec extends RecordMeta>(collection: { get(id: string): Promise<Rec | null> }, profile: LeadProfile<Rec>) {
  return async (id: string): Promise<Found | null> => {
    const record = await collection.get(id);
    return record ? { person: profile.person(record), hit: profile.hit(record) } : null;
  };
}

const sources: Record<SearchRecordType, (id: string) => Promise<Found | null>> = {
  booking: source(bookings, bookingProfile),
  contact: source(contacts, contactProfile),
  payment: source(payments, paymentProfile),
  download: source(resourceDownloads, downloadProfile),
  subscriber: source(subscribers, subscriberProfile),
};

/**
 * Every record of the person a query names (a phone in any formatting, an e-mail, or
 * the start of a name), across the five lead collections, newest first: one timeline.
 * One index listing, then reads of the records it points at, newest first, each
 * checked against the query (an entry may be stale after an edit), until MAX_HITS.
 */
export async function findPerson(q: string): Promise<SearchAnswer> {
  const plan = planSearch(q);
  const entries = plan.prefix ? await entriesUnder(plan.prefix) : [];
  // Ids of every collection sort newest first, so this is the timeline order.
  entries.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.type.localeCompare(b.type)));
  const hits: SearchHit[] = [];
  let truncated = false;
  for (let next = 0; next < entries.length && !truncated; next += READ_BATCH) {
    const batch = entries.slice(next, next + READ_BATCH);
    const found = await Promise.all(batch.map((entry) => sources[entry.type](entry.id)));
    for (const item of found) {
      if (!item || !plan.matches(item.person)) continue;
      if (hits.length === MAX_HITS) truncated = true;
      else hits.push(item.hit);
    }
  }
  return { q, matchedBy: plan.matchedBy, hits, truncated };
}
