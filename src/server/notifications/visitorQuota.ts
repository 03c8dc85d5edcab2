import { createHash } from 'node:crypto';
import { z } from 'zod';
import { updateJson } from '../storage/atomicJson';

// At most a few confirmations per visitor address per day (DECISIONS 28): the lead forms
// take any e-mail address, so without a limit they would mail a stranger as often as
// someone submits the form. One small blob per address (named by a hash, so the store
// holds no address in its keys) lists the outbox entries that were let through; it is
// updated with a conditional write, so two senders in two processes cannot both take
// the last place. An entry let through once stays let through: a retry after a failed
// attempt does not use another place.

export const CONFIRMATIONS_PER_DAY = 3;
const WINDOW_MS = 86_400_000;
const QUOTA_STORE = 'visitor-mail-quota';

const sentSchema = z.array(z.object({ entryId: z.string(), at: z.string() }));
type Sent = z.infer<typeof sentSchema>;

/** The list after admitting `entryId` at `now`, or null when the address has had its share (pure). */
export function admit(sent: Sent, entryId: string, now: Date, limit = CONFIRMATIONS_PER_DAY): Sent | null {
  const recent = sent.filter((item) => now.getTime() - new Date(item.at).getTime() < WINDOW_MS);
  if (recent.some((item) => item.entryId === entryId)) return recent;
  if (recent.length >= limit) return null;
  return [...recent, { entryId, at: now.toISOString() }];
}

export const quotaKey = (address: string) => `sent/${createHash('sha256').update(address.trim().toLowerCase()).digest('hex')}`;

/** Takes a place for this entry in the address's day; false when all are taken. */
export async function takeConfirmationPlace(address: string, entryId: string, now: Date = new Date()): Promise<boolean> {
  let admitted = false;
  await updateJson(QUOTA_STORE, quotaKey(address), (current) => {
    const parsed = sentSchema.safeParse(current);
    const next = admit(parsed.success ? parsed.data : [], entryId, now);
    admitted = next !== null;
    if (next === null) return undefined;
    // Unchanged (a retry of an entry let through): nothing to write.
    if (parsed.success && next.length === parsed.data.length && next.every((item, index) => item === parsed.data[index])) return undefined;
    return next;
  });
  return admitted;
}
