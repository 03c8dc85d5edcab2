import { z } from 'zod';
import { blobCall, collectionStore } from '../storage/blobs';
import { conversionField } from './conversionMath';
import type { LeadEvent } from '../../lib/schemas/leadEvent';
import { LEAD_SOURCES_STORE, dayBucket, leadSourceTally, sourceKey } from './leadSources';

// Counting what converts at write time, from a captured payment's follow-up
// event, whichever path captured it (Checkout's verify, the webhook, a payment link).
// A payment is announced by every confirmation (verify and webhook, replays), each with
// an event of its own, so a plain tally change named by the event would count it again.
// Instead the first event to claim the payment (`claims/payment/{id}`, onlyIfNew) counts
// its revenue, and the first to claim the booking (`claims/client/{bookingId}`) counts a
// paying client; the claim keeps the event's id and day, so that same event done again
// (a retry after a crash) adds the same tally change, which the tally stores once. Every
// key is the payment's or the booking's own: concurrent payments never share one.

const claimSchema = z.object({ eventId: z.string(), day: z.string() });

/** Whether this event owns the claim, and on which day it counts. */
async function claim(key: string, eventId: string, at: Date): Promise<Date | null> {
  const store = collectionStore(LEAD_SOURCES_STORE);
  const mine = { eventId, day: at.toISOString() };
  const { modified } = await blobCall(() => store.setJSON(key, mine, { onlyIfNew: true }));
  if (modified) return at;
  const parsed = claimSchema.safeParse(await blobCall(() => store.get(key, { type: 'json' })));
  return parsed.success && parsed.data.eventId === eventId ? new Date(parsed.data.day) : null;
}

const changeId = (what: string, id: string) => `${what}-${id}`;

/** Counts a captured payment's revenue and, for its booking's first payment, a paying client. */
export async function countConversion(eventId: string, lead: LeadEvent): Promise<void> {
  if (lead.kind !== 'payment-captured' || !lead.payment) return;
  const { amount, bookingId } = lead.payment;
  const source = sourceKey(lead.attribution);
  const at = new Date(lead.at);
  const [revenueDay, clientDay] = await Promise.all([
    claim(`claims/payment/${lead.leadId}`, eventId, at),
    claim(`claims/client/${bookingId}`, eventId, at),
  ]);
  await Promise.all([
    revenueDay &&
      leadSourceTally.add(changeId('revenue', lead.leadId), dayBucket(revenueDay), {
        [conversionField(source, 'revenue')]: amount,
      }),
    clientDay &&
      leadSourceTally.add(changeId('client', bookingId), dayBucket(clientDay), {
        [conversionField(source, 'clients')]: 1,
      }),
  ]);
}

/**
 * A processed refund takes its amount off the revenue its payment counted: on the
 * day (and so the month) the payment's claim names, under the source of the payment's
 * booking. Once per refund (the change is named by the refund's record id). A payment whose
 * revenue was never counted (paid before revenue was counted) has nothing to take off.
 */
export async function countRefund(
  refund: { entryId: string; paymentId: string; bookingId: string; amountPaise: number },
  attribution: LeadEvent['attribution'],
): Promise<void> {
  const store = collectionStore(LEAD_SOURCES_STORE);
  const parsed = claimSchema.safeParse(
    await blobCall(() => store.get(`claims/payment/${refund.paymentId}`, { type: 'json' })),
  );
  if (!parsed.success) return;
  const field = conversionField(sourceKey(attribution), 'refundedPaise');
  await leadSourceTally.add(changeId('refund', refund.entryId), dayBucket(new Date(parsed.data.day)), {
    [field]: refund.amountPaise,
  });
}
