import { foldCounts } from '../../../src/server/indexes/stats/counterStore';
import { bookings } from '../../../src/server/leads/bookings';

const FOLD_EVERY = 1000;
import { contacts } from '../../../src/server/leads/contacts';
import { payments, rememberOrder } from '../../../src/server/leads/payments';
import { downloads } from '../../../src/server/leads/downloads';
import { subscribe } from '../../../src/server/leads/subscribers';
import { type DemoLead, type DemoPlan, demoLeads } from './demoLeads';

export interface SeedSummary {
  bookings: number;
  payments: number;
  contacts: number;
  downloads: number;
  subscribers: number;
}

// Demo leads are counted and indexed like real ones, but nobody is told about them.
const quiet = { announce: false };

/**
 * Writes one demo lead through the same collection code the site uses, so the admin's
 * counters and person index come out exactly as if visitors had sent them.
 */
async function write(lead: DemoLead, summary: SeedSummary): Promise<void> {
  switch (lead.kind) {
    case 'booking': {
      const booking = await bookings.create(lead.booking, lead.at, quiet);
      summary.bookings += 1;
      if (lead.payment) {
        const payment = await payments.create({ ...lead.payment, bookingId: booking.id }, new Date(lead.at.getTime() + 60_000), quiet);
        await rememberOrder(payment.razorpayOrderId, payment.id);
        summary.payments += 1;
      }
      return;
    }
    case 'contact':
      await contacts.create(lead.contact, lead.at, quiet);
      summary.contacts += 1;
      return;
    case 'download':
      await downloads.create(lead.download, lead.at, quiet);
      summary.downloads += 1;
      return;
    case 'subscriber':
      if ((await subscribe(lead.email, lead.at, undefined, quiet)).created) summary.subscribers += 1;
  }
}

export interface SeedOptions {
  /** Writes in flight at once. */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Fills the current Blobs store with a plan's demo leads. */
export async function seedDemoData(plan: DemoPlan, { concurrency = 24, onProgress }: SeedOptions = {}): Promise<SeedSummary> {
  const leads = demoLeads(plan);
  const summary: SeedSummary = { bookings: 0, payments: 0, contacts: 0, downloads: 0, subscribers: 0 };
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < leads.length) {
      const lead = leads[next++]!;
      await write(lead, summary);
      done += 1;
      if (done % FOLD_EVERY === 0) folding = folding.then(() => foldCounts()).then(() => undefined);
      if (onProgress && (done % 500 === 0 || done === leads.length)) onProgress(done, leads.length);
    }
  };
  // The counters' changes are folded as the minute job would, so a big seed leaves the
  // tiles with a short list of changes to add up, not one per record.
  let folding: Promise<void> = Promise.resolve();
  await Promise.all(Array.from({ length: Math.min(concurrency, leads.length) }, worker));
  await folding;
  await foldCounts();
  return summary;
}

export { demoPlan } from './demoLeads';
