import { eachUntil } from '../storage/eachUntil';
import { timeFromKey } from '../storage/keys';
import { claimIsLive } from '../queue/lease';
import { isDue } from '../queue/retry';
import { nextAttemptAfterFailure, STALE_CLAIM_MS } from './backoff';
import {
  type OutboxEntry,
  claimEntry,
  deleteEntry,
  dropDueMarker,
  dueIds,
  dueMarkerTime,
  entriesWithIds,
  entryIds,
  failedIds,
  heldIds,
  markFailed,
  markHeld,
  readEntry,
  settleEntry,
} from './outbox';
import { PermanentFailure } from './permanentFailure';
import { notificationSettings, siteAddress } from './settings';
import { withYourDataLink } from './yourData';
import { outboxChannels } from './channels';
import { type OutgoingMail, describeFailure, postWebhook, sendMail } from './transports';
import { allowanceFor, takePlace } from './visitorQuota';
import { isWhatsAppChannel } from '../../lib/schemas/notifications';

export type DeliveryOutcome = 'sent' | 'retry-later' | 'failed' | 'held' | 'not-due' | 'claimed-elsewhere' | 'missing';

/** Sent, failed for good, or held back by the visitor mail cap: nothing more happens by itself. */
export const isFinal = (status: OutboxEntry['status']) => status === 'sent' || status === 'failed' || status === 'held';

/** Whether an entry may be claimed now: pending and due, or a 'sending' claim abandoned long ago. */
export function claimable(entry: OutboxEntry, now: Date): boolean {
  if (entry.status === 'pending') return isDue(entry.nextAttemptAt, now);
  if (entry.status === 'sending') return !claimIsLive(entry.claimedAt, now, STALE_CLAIM_MS);
  return false;
}

/**
 * The files an entry names, made now (by the channel src/server/app/ installs). A document
 * that is not there (yet) fails the attempt, which is retried: the mail never goes without
 * what it says is attached.
 */
async function attachmentsOf(entry: OutboxEntry): Promise<OutgoingMail['attachments']> {
  if (!entry.attachments?.length) return undefined;
  const { attachment } = outboxChannels();
  return Promise.all(entry.attachments.map((ref) => attachment(ref)));
}

/** A visitor mail the cap keeps back: recorded as held, never retried. */
class HeldBack extends Error {}

async function send(entry: OutboxEntry, now: Date): Promise<void> {
  // WhatsApp needs its own variables, not the mail settings, and counts the visitor's number, not a mailbox.
  if (isWhatsAppChannel(entry.channel)) {
    const allowance = allowanceFor(entry);
    await outboxChannels().whatsapp(
      entry,
      async () => {
        if (allowance && !(await takePlace(allowance, entry.id, now))) throw new HeldBack(allowance.reason);
      },
      now,
    );
    return;
  }
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
  // Made before the cap counts the mail: a failed attempt takes no place.
  const attachments = await attachmentsOf(entry);
  const allowance = allowanceFor(entry);
  if (allowance && !(await takePlace(allowance, entry.id, now))) throw new HeldBack(allowance.reason);
  const mail = entry.channel === 'visitor-email' ? withYourDataLink(entry.mail, siteAddress()) : entry.mail;
  await sendMail(settings, { to, ...mail, ...(attachments ? { attachments } : {}) });
}

/**
 * Sends one entry at most once per successful claim (the durable queue's claim,
 * docs/queue.md): of two senders racing (the request's follow-up and the sweep, or two
 * sweeps) exactly one sends; the loser sees its claim refused and stops. The result is
 * written over the claim, so a sender whose claim went stale and was taken over cannot
 * overwrite the newer claimer's result.
 */
export async function deliver(id: string, now: () => Date = () => new Date()): Promise<DeliveryOutcome> {
  const found = await readEntry(id);
  if (!found) return 'missing';
  if (isFinal(found.entry.status)) {
    await dropDueMarker(id);
    return 'not-due';
  }
  const claimTime = now();
  const lease = await claimEntry(found, claimTime, claimable);
  if (lease === 'missing') return 'missing';
  if (typeof lease === 'string') return lease;
  const claim = lease.value;

  let failure: string | null = null;
  let held = false;
  let permanent = false;
  try {
    await send(claim, claimTime);
  } catch (error) {
    failure = error instanceof HeldBack || error instanceof PermanentFailure ? error.message : describeFailure(error);
    held = error instanceof HeldBack;
    permanent = error instanceof PermanentFailure;
  }
  const finishedAt = now();
  let next: OutboxEntry;
  let outcome: DeliveryOutcome;
  if (failure === null) {
    next = { ...claim, status: 'sent', sentAt: finishedAt.toISOString(), nextAttemptAt: null, lastError: null };
    outcome = 'sent';
  } else if (held) {
    next = { ...claim, status: 'held', nextAttemptAt: null, lastError: failure };
    outcome = 'held';
    console.warn(`[notifications] ${id} not sent: ${failure}`);
  } else {
    // A refusal no retry can change (PermanentFailure) fails at once instead of for a day.
    const retryAt = permanent ? null : nextAttemptAfterFailure(claim.attempts, finishedAt, new Date(claim.retryUntil));
    next = retryAt
      ? { ...claim, status: 'pending', nextAttemptAt: retryAt.toISOString(), lastError: failure }
      : { ...claim, status: 'failed', nextAttemptAt: null, lastError: failure };
    outcome = retryAt ? 'retry-later' : 'failed';
    console.error(
      `[notifications] ${id} attempt ${claim.attempts} failed: ${failure}${retryAt ? `; next try ${retryAt.toISOString()}` : '; giving up'}`,
    );
  }
  if (!(await settleEntry(lease, next))) {
    console.error(`[notifications] ${id}: the result could not be recorded (claimed again meanwhile)`);
    return outcome;
  }
  if (next.status === 'failed') await markFailed(id);
  if (next.status === 'held') await markHeld(id);
  if (isFinal(next.status)) await dropDueMarker(id);
  return outcome;
}

// A marker whose entry never appeared is a crash between the two writes; give a slow
// request this long before clearing it.
const ORPHAN_MARKER_MS = 10 * 60_000;

export interface SweepOptions {
  now?: () => Date;
  /** Start no new delivery after this time (ms since the epoch). */
  deadline?: number;
  /** Deliveries at once. */
  concurrency?: number;
}

export interface SweepReport {
  examined: number;
  /** Due markers not looked at because the time was up. */
  left: number;
  outcomes: Partial<Record<DeliveryOutcome, number>>;
}

/** The scheduled retry: every entry with a due marker, oldest lead first, until the deadline. */
export async function sweepOutbox({
  now = () => new Date(),
  deadline = Infinity,
  concurrency = 8,
}: SweepOptions = {}): Promise<SweepReport> {
  // Ids start with newest-first lead ids: reversed, the oldest waiting lead goes first.
  const ids = (await dueIds()).reverse();
  const outcomes: SweepReport['outcomes'] = {};
  const started = await eachUntil(ids, concurrency, deadline, async (id) => {
    let outcome: DeliveryOutcome;
    try {
      outcome = await deliver(id, now);
      if (outcome === 'missing') {
        const markedAt = await dueMarkerTime(id);
        if (!markedAt || now().getTime() - markedAt.getTime() > ORPHAN_MARKER_MS) await dropDueMarker(id);
      }
    } catch (error) {
      console.error(`[notifications] sweep: ${id} could not be processed`, error);
      return;
    }
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  });
  return { examined: started, left: ids.length - started, outcomes };
}

// History kept for the admin: a week of sent messages, a month of failed and held ones
// (a held mail is kept like a failed one: the owner may want to see who was flooded, and
// resend it). Older entries are deleted so the outbox stays small.
export const KEEP_SENT_MS = 7 * 86_400_000;
export const KEEP_FAILED_MS = 30 * 86_400_000;

/** Whether an entry is old history the outbox no longer needs (pure). */
export function expired(entry: OutboxEntry, now: Date): boolean {
  const age = now.getTime() - new Date(entry.createdAt).getTime();
  if (entry.status === 'sent') return age > KEEP_SENT_MS;
  if (entry.status === 'failed' || entry.status === 'held') return age > KEEP_FAILED_MS;
  return false;
}

/** The lead time an entry id starts with (entries are queued as their lead comes in). */
function leadTimeOf(id: string): number | null {
  return timeFromKey(id.slice(0, id.indexOf('.')));
}

/**
 * Deletes old history (the scheduled function, once an hour). Only entries whose lead is
 * older than a week are read, found from their ids alone, so the cost follows the week's
 * leaving history, not everything kept.
 */
export async function pruneOutbox(now: Date = new Date(), deadline = Infinity): Promise<number> {
  const [ids, failed] = await Promise.all([
    entryIds(),
    Promise.all([failedIds(), heldIds()]).then((lists) => new Set(lists.flat())),
  ]);
  const candidates = ids.filter((id) => {
    const at = leadTimeOf(id);
    if (at === null) return false;
    const age = now.getTime() - at;
    return age > (failed.has(id) ? KEEP_FAILED_MS : KEEP_SENT_MS);
  });
  let removed = 0;
  for (let start = 0; start < candidates.length && Date.now() < deadline; start += 50) {
    const entries = await entriesWithIds(candidates.slice(start, start + 50));
    const old = entries.filter((entry) => expired(entry, now));
    await Promise.all(old.map((entry) => deleteEntry(entry.id)));
    removed += old.length;
  }
  return removed;
}
