import '../../../src/server/app';
import { type RecordKindPlural, recordKindPlurals, recordKinds } from '../../../src/lib/leads/kinds';
import { foldCounts } from '../../../src/server/indexes/stats/counterStore';
import { rememberOrder } from '../../../src/server/payments/orders';
import { leadRegistry } from '../../../src/server/leads/registry';
import { subscribe } from '../../../src/server/leads/subscribers';
import type { CreateOptions } from '../../../src/server/storage/collection';
import { type DemoData, type DemoKind, type DemoLead, type DemoPlan, demoLeads } from './demoLeads';

const FOLD_EVERY = 1000;

/** Records written, per kind (its plural). */
export type SeedSummary = Record<RecordKindPlural, number>;

// Demo leads are counted and indexed like real ones, but nobody is told about them.
const quiet = { announce: false };

type Writer<K extends DemoKind> = (data: DemoData<K>, at: Date, summary: SeedSummary) => Promise<void>;

/** A kind written as its form writes it: one record in its collection (src/server/leads/registry.ts). */
function created<K extends DemoKind>(kind: K): Writer<K> {
  // TypeScript widens a generic kind's collection to every kind's; this one stores the data of K.
  const { collection } = leadRegistry[kind] as unknown as {
    collection: { create(data: DemoData<K>, at: Date, options: CreateOptions): Promise<unknown> };
  };
  return async (data, at, summary) => {
    await collection.create(data, at, quiet);
    summary[recordKinds[kind].plural] += 1;
  };
}

/** The kinds written otherwise than one record each: a booking with its order, a subscriber once per address. */
const writers: { [K in DemoKind]?: Writer<K> } = {
  async booking({ booking, payment }, at, summary) {
    const stored = await leadRegistry.booking.collection.create(booking, at, quiet);
    summary.bookings += 1;
    if (!payment) return;
    const order = await leadRegistry.payment.collection.create(
      { ...payment, bookingId: stored.id },
      new Date(at.getTime() + 60_000),
      quiet,
    );
    await rememberOrder(order.razorpayOrderId, order.id);
    summary.payments += 1;
  },
  async subscriber({ email }, at, summary) {
    if ((await subscribe(email, at, undefined, quiet)).created) summary.subscribers += 1;
  },
};

/**
 * Writes one demo lead through the same collection code the site uses, so the admin's
 * counters and person index come out exactly as if visitors had sent them.
 */
function write(lead: DemoLead, summary: SeedSummary): Promise<void> {
  // TypeScript cannot pair a lead's kind with its data across the union; demoLeads made them together.
  const writer = (writers[lead.kind] ?? created(lead.kind)) as Writer<DemoKind>;
  return writer(lead.data, lead.at, summary);
}

export interface SeedOptions {
  /** Writes in flight at once. */
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}

/** Fills the current Blobs store with a plan's demo leads. */
export async function seedDemoData(
  plan: DemoPlan,
  { concurrency = 24, onProgress }: SeedOptions = {},
): Promise<SeedSummary> {
  const leads = demoLeads(plan);
  const summary = Object.fromEntries(recordKindPlurals.map((plural) => [plural, 0])) as SeedSummary;
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
