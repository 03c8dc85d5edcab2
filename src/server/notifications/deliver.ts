import { nextAttemptAfterFailure, STALE_CLAIM_MS } from './backoff';
import { type OutboxEntry, allEntries, deleteEntry, dropDueMarker, dueIds, dueMarkerTime, readEntry, replaceEntry } from './outbox';
import { notificationSettings } from './settings';
import { describeFailure, postWebhook, sendMail } from './transports';

export type DeliveryOutcome = 'sent' | 'retry-later' | 'failed' | 'not-due' | 'claimed-elsewhere' | 'missing';

/** Whether an entry may be claimed now: pending and due, or a 'sending' claim abandoned long ago. */
export function claimable(entry: OutboxEntry, now: Date): boolean {
  if (entry.status === 'pending') return !entry.nextAttemptAt || new Date(entry.nextAttemptAt).getTime() <= now.getTime();
  if (entry.status === 'sending') return !entry.claimedAt || now.getTime() - new Date(entry.claimedAt).getTime() > STALE_CLAIM_MS;
  return false;
}

async function send(entry: OutboxEntry): Promise<void> {
  const state = notificationSettings();
  // Settings removed or broken after the entry was queued: a failed attempt with the reason.
  if (!state.enabled) throw new Error(state.reason);
  const { settings } = state;
  if (entry.channel === 'webhook') {
    if (!settings.webhookUrl) throw new Error('NOTIFY_WEBHOOK_URL is no longer set');
    await postWebhook(settings.webhookUrl, entry.webhook);
    return;
  }
  if (!entry.mail) throw new Error('The entry has no message');
  const to = entry.channel === 'visitor-email' ? (entry.to ? [entry.to] : []) : settings.ownerAddresses;
  if (to.length === 0) throw new Error('No recipient');
  await sendMail(settings, { to, ...entry.mail });
}

/**
 * Sends one entry at most once per successful claim: the claim (pending -> sending) is
 * written with onlyIfMatch, so of two senders racing (the request's waitUntil and the
 * sweep, or two sweeps) exactly one sends; the loser sees its write refused and stops.
 */
export async function deliver(id: string, now: () => Date = () => new Date()): Promise<DeliveryOutcome> {
  const found = await readEntry(id);
  if (!found) return 'missing';
  const { entry, etag } = found;
  if (entry.status === 'sent' || entry.status === 'failed') {
    await dropDueMarker(id);
    return 'not-due';
  }
  const claimTime = now();
  if (!claimable(entry, claimTime)) return 'not-due';
  const claim: OutboxEntry = { ...entry, status: 'sending', claimedAt: claimTime.toISOString(), attempts: entry.attempts + 1 };
  if (!(await replaceEntry(claim, etag))) return 'claimed-elsewhere';
  const claimed = await readEntry(id);
  // Our own write is there unless a later claimer took a stale claim of ours: then it is theirs.
  if (!claimed || claimed.entry.claimedAt !== claim.claimedAt || claimed.entry.status !== 'sending') return 'claimed-elsewhere';

  let failure: string | null = null;
  try {
    await send(claim);
  } catch (error) {
    failure = describeFailure(error);
  }
  const finishedAt = now();
  let next: OutboxEntry;
  let outcome: DeliveryOutcome;
  if (failure === null) {
    next = { ...claim, status: 'sent', sentAt: finishedAt.toISOString(), nextAttemptAt: null, lastError: null };
    outcome = 'sent';
  } else {
    const retryAt = nextAttemptAfterFailure(claim.attempts, finishedAt, new Date(claim.retryUntil));
    next = retryAt
      ? { ...claim, status: 'pending', nextAttemptAt: retryAt.toISOString(), lastError: failure }
      : { ...claim, status: 'failed', nextAttemptAt: null, lastError: failure };
    outcome = retryAt ? 'retry-later' : 'failed';
    console.error(`[notifications] ${id} attempt ${claim.attempts} failed: ${failure}${retryAt ? `; next try ${retryAt.toISOString()}` : '; giving up'}`);
  }
  if (!(await replaceEntry(next, claimed.etag))) {
    console.error(`[notifications] ${id}: the result could not be recorded (claimed again meanwhile)`);
    return outcome;
  }
  if (next.status === 'sent' || next.status === 'failed') await dropDueMarker(id);
  return outcome;
}

// A marker whose entry never appeared is a crash between the two writes; give a slow
// request this long before clearing it.
const ORPHAN_MARKER_MS = 10 * 60_000;

export interface SweepReport {
  examined: number;
  outcomes: Partial<Record<DeliveryOutcome, number>>;
}

/** The scheduled retry: every entry with a due marker, one after another. */
// Netlify stops a scheduled function after 30 seconds: start no new send after this, the
// next minute's sweep continues where this one stopped.
const SWEEP_BUDGET_MS = 20_000;

export async function sweepOutbox(now: () => Date = () => new Date()): Promise<SweepReport> {
  const started = Date.now();
  const ids = await dueIds();
  const outcomes: SweepReport['outcomes'] = {};
  for (const id of ids) {
    if (Date.now() - started > SWEEP_BUDGET_MS) break;
    let outcome: DeliveryOutcome;
    try {
      outcome = await deliver(id, now);
      if (outcome === 'missing') {
        const markedAt = await dueMarkerTime(id);
        if (!markedAt || now().getTime() - markedAt.getTime() > ORPHAN_MARKER_MS) await dropDueMarker(id);
      }
    } catch (error) {
      console.error(`[notifications] sweep: ${id} could not be processed`, error);
      continue;
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  }
  return { examined: ids.length, outcomes };
}

// History kept for the admin: a week of sent messages, a month of failed ones. Older
// entries are deleted so the outbox (and the admin's list of it) stays small.
export const KEEP_SENT_MS = 7 * 86_400_000;
export const KEEP_FAILED_MS = 30 * 86_400_000;

/** Whether an entry is old history the outbox no longer needs (pure). */
export function expired(entry: OutboxEntry, now: Date): boolean {
  const age = now.getTime() - new Date(entry.createdAt).getTime();
  if (entry.status === 'sent') return age > KEEP_SENT_MS;
  if (entry.status === 'failed') return age > KEEP_FAILED_MS;
  return false;
}

/** Deletes old history; the scheduled function runs it once an hour. */
export async function pruneOutbox(now: Date = new Date()): Promise<number> {
  let removed = 0;
  for (const entry of await allEntries()) {
    if (!expired(entry, now)) continue;
    await deleteEntry(entry.id);
    removed += 1;
  }
  return removed;
}
