import { bookings } from '../bookings';
import { contacts } from '../contacts';
import { payments, rememberOrder } from '../payments';
import { resourceDownloads } from '../resourceDownloads';
import { subscribe } from '../subscribers';
import { type DemoLead, type DemoPlan, demoLeads } from './demoLeads';

export interface SeedSummary {
  bookings: number;
  payments: number;
  contacts: number;
  downloads: number;
  subscribers: number;
}

/**
 * Writes one demo lead through the same collection code the site uses, so the admin's
 * counters and person index come out exactly as if visitors had sent them.
 */
async function write(lead: DemoLead, summary: SeedSummary): Promise<void> {
  switch (lead.kind) {
    case 'booking': {
      const booking = await bookings.create(lead.booking, lead.at);
      summary.bookings += 1;
      if (lead.payment) {
        const payment = await payments.create({ ...lead.payment, bookingId: booking.id }, new Date(lead.at.getTime() + 60_000));
        await rememberOrder(payment.razorpayOrderId, payment.id);
        summary.payments += 1;
      }
      return;
    }
    case 'contact':
      await contacts.create(lead.contact, lead.at);
      summary.contacts += 1;
      return;
    case 'download':
      await resourceDownloads.create(lead.download, lead.at);
      summary.downloads += 1;
      return;
    case 'subscriber':
      if ((await subscribe(lead.email, lead.at)).created) summary.subscribers += 1;
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
      if (onProgress && (done % 500 === 0 || done === leads.length)) onProgress(done, leads.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, leads.length) }, worker));
  return summary;
}

export { demoPlan } from './demoLeads';
