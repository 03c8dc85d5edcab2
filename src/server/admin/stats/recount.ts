import { bookingStatuses } from '../../../lib/schemas/booking';
import { storagePostCount } from '../../blog/storagePosts';
import { bookings } from '../../bookings';
import { contacts } from '../../contacts';
import { payments } from '../../payments';
import { resourceDownloads } from '../../resourceDownloads';
import { subscribers } from '../../subscribers';
import { restoreConversions } from '../../notifications/restoreConversions';
import { restorePendingTodo } from '../todo/restore';
import { addToCounts, oneOffChangeId, readCounts } from './counterStore';
import { type Counts, differenceOf, zeroCounts } from './counts';

export interface RecountResult {
  before: Counts;
  after: Counts;
  /** Records an earlier version stored without time folders, moved into place. */
  moved: number;
  /** Pending leads checked onto the to-do (those stored before it existed are added). */
  pendingLeads: number;
  /** Captured payments checked against what converts (a lost count is counted now). */
  capturedPayments: number;
}

const leadCollections = [bookings, contacts, payments, resourceDownloads, subscribers] as const;

/** The records the recount reads whole, once: the counters, the to-do and what converts all use them. */
export interface ScannedLeads {
  bookings: Awaited<ReturnType<typeof bookings.all>>;
  contacts: Awaited<ReturnType<typeof contacts.all>>;
  payments: Awaited<ReturnType<typeof payments.all>>;
}

async function scanLeads(): Promise<ScannedLeads> {
  const [everyBooking, everyContact, everyPayment] = await Promise.all([bookings.all(), contacts.all(), payments.all()]);
  return { bookings: everyBooking, contacts: everyContact, payments: everyPayment };
}

/**
 * Rebuilds the counters from the data: the one full scan, run by the owner when the
 * tiles have drifted (a count that could not be written after its record was). The
 * correction is added as one delta, so counts of writes that land during the scan are
 * kept; a record written while the scan passes it may be off by one until the next
 * recount.
 */
export async function recountStats(): Promise<RecountResult> {
  let moved = 0;
  for (const collection of leadCollections) moved += await collection.moveLegacyRecords();
  const scanned = await scanLeads();
  const target = await countStoredRecords(scanned);
  const before = await readCounts();
  await addToCounts(oneOffChangeId('recount'), differenceOf(target, before));
  const pendingLeads = await restorePendingTodo(scanned.bookings, scanned.contacts);
  const capturedPayments = await restoreConversions(scanned.payments, scanned.bookings);
  return { before, after: await readCounts(), moved, pendingLeads, capturedPayments };
}

/** What the counters should say, counted from the stored records themselves (a full scan). */
export async function countStoredRecords(scanned?: ScannedLeads): Promise<Counts> {
  const target = zeroCounts();
  const leads = scanned ?? (await scanLeads());
  target.bookings = leads.bookings.length;
  for (const status of bookingStatuses) target[status] = leads.bookings.filter((booking) => booking.status === status).length;
  target.contacts = leads.contacts.length;
  target.payments = leads.payments.length;
  [target.downloads, target.subscribers, target.storagePosts] = await Promise.all([
    resourceDownloads.count(),
    subscribers.count(),
    storagePostCount(),
  ]);
  return target;
}
