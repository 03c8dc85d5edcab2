import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { leadNotificationKinds } from '../../lib/leads/kinds';
import { searchRecordTypes } from '../../lib/schemas/adminApi';
import { attributionSchema } from '../../lib/schemas/attribution';
import { appointmentNoticeSchema, appointmentSchema, sessionOutcomes } from '../../lib/schemas/appointment';
import { leadEventSchema } from '../../lib/schemas/leadEvent';
import { refundNoticeSchema } from '../../lib/schemas/refund';
import { todoEntrySchema } from '../../lib/schemas/todo';
import { blobCall, collectionStore } from '../storage/blobs';
import { keysMentioning } from '../storage/mentions';
import { type Lease, type LeaseRefusal, type Versioned, claimIsLive, settleLease, takeLease } from '../queue/lease';
import { type RetryPolicy, isDue as sendAfterPassed, nextTry } from '../queue/retry';

// A lead's follow-up event (docs/decisions/0026-store-answer-follow-up.md): the one durable
// note a request writes besides the lead itself, saying what else must happen (counters,
// the person index, leads by source, notifications). Keys sort oldest first
// (`pending/{ms}-{hex}`), so the minute job lists the oldest unfinished work first and
// never reads a lead to find it. An event is deleted once everything it asks for is stored;
// sending is the outbox's business. It is one of the durable queue's three kinds of work
// (docs/queue.md): claimed before it runs, retried with back-off, set aside after its tries.

export const FOLLOW_UP_STORE = 'lead-events';
const PENDING = 'pending/';
const DEAD = 'dead/';

/** Failed runs before an event is set aside for the owner (docs/decisions/0033-bounded-keys-and-dead-letters.md). */
export const MAX_EVENT_ATTEMPTS = 5;
/** 1, 2, 4, 8 minutes between runs (at most 30), set aside after the fifth failure. */
export const EVENT_RETRY: RetryPolicy = {
  firstDelayMs: 60_000,
  maxDelayMs: 30 * 60_000,
  maxAttempts: MAX_EVENT_ATTEMPTS,
};
/**
 * A run's claim on its event expires after this: Netlify stops a function (and the work it
 * does after its answer) at 30 seconds, so an older claim belonged to a process that died.
 */
export const EVENT_CLAIM_MS = 45_000;

export const eventIdPattern = /^\d{13}-[0-9a-f]{10}$/;

const personSchema = z.object({ name: z.string().nullish(), phone: z.string().nullish(), email: z.string().nullish() });

export const followUpEventSchema = z.object({
  id: z.string().regex(eventIdPattern),
  recordedAt: z.string(),
  /** The record as the request stored it: stored again (onlyIfNew) in case the request could not. */
  record: z.object({ collection: z.string(), id: z.string(), value: z.record(z.string(), z.unknown()) }).nullable(),
  /** The admin counters' change. */
  counts: z.record(z.string(), z.number().int()).nullable(),
  /** Who the record is about, for the admin's person search. */
  person: z.object({ type: z.enum(searchRecordTypes), id: z.string(), person: personSchema }).nullable(),
  /** A lead or payment to count by source and announce. */
  lead: leadEventSchema.nullable(),
  /**
   * A lead counted by source but announced to nobody: a client the owner added through a
   * payment request (docs/payments.md, "What converts"). Absent in older events.
   */
  quietLead: z
    .object({ kind: z.enum(leadNotificationKinds), attribution: attributionSchema.nullable(), at: z.string() })
    .nullish(),
  /** A lead awaiting a promised response: its key on the owner's to-do (absent in older events). */
  todo: todoEntrySchema.nullish(),
  /** A booked, moved or cancelled call: its invites and reminders. */
  appointment: appointmentNoticeSchema.nullish(),
  /** The owner marked a call or session held or no-show: its count and, for a no-show, the re-book message. */
  callOutcome: z
    .object({
      appointment: appointmentSchema,
      outcome: z.enum(sessionOutcomes),
      previous: z.enum(sessionOutcomes).nullable(),
    })
    .nullish(),
  /** A refund Razorpay processed or failed: its mails, revenue, credit note and sessions. */
  refund: refundNoticeSchema.nullish(),
  /** Runs that failed so far: each waits longer, and MAX_EVENT_ATTEMPTS of them set the event aside. */
  attempts: z.number().int().min(0).optional(),
  /** Not before this time (ISO): the back-off after a failed run. */
  nextAttemptAt: z.string().nullish(),
  lastError: z.string().nullish(),
  /** When a run claimed it (docs/queue.md): another run leaves it alone while the claim is live. */
  claimedAt: z.string().nullish(),
  /** The effects finished already: a later run does only the rest. */
  done: z.array(z.string()).optional(),
  /** When it was set aside (dead-lettered), and why. */
  deadAt: z.string().nullish(),
});
export type FollowUpEvent = z.infer<typeof followUpEventSchema>;

const pad = (ms: number) => String(Math.max(0, Math.floor(ms))).padStart(13, '0');

/** An event id for a new record: the same record always gets the same id, so writing it twice stores one event. */
export function eventIdForRecord(collection: string, recordId: string, createdAt: Date): string {
  return `${pad(createdAt.getTime())}-${createHash('sha256').update(`${collection}/${recordId}`).digest('hex').slice(0, 10)}`;
}

/** An event id for anything else (a payment's outcome): unique, sorted by time. */
export function newEventId(now: Date = new Date()): string {
  return `${pad(now.getTime())}-${randomBytes(5).toString('hex')}`;
}

/** When the event was recorded, from its id alone. */
export function eventTime(id: string): number {
  return Number(id.slice(0, 13));
}

const store = () => collectionStore(FOLLOW_UP_STORE);

/** Stores the event unless it is there already (onlyIfNew); as stored by this call, or null. */
export async function storeEventVersioned(event: FollowUpEvent): Promise<Versioned<FollowUpEvent> | null> {
  const value = followUpEventSchema.parse(event);
  const written = await blobCall(() => store().setJSON(`${PENDING}${value.id}`, value, { onlyIfNew: true }));
  return written.modified ? { value, etag: written.etag ?? '' } : null;
}

/** Stores the event unless it is there already (onlyIfNew); whether this call stored it. */
export const storeEvent = async (event: FollowUpEvent): Promise<boolean> => (await storeEventVersioned(event)) !== null;

/**
 * Stores a new event claimed by the one who stores it, who runs it next (docs/queue.md): the
 * claim costs no write of its own, and another worker leaves the event alone until the claim
 * expires. The lease, or null when the event was there already.
 */
export async function storeClaimedEvent(event: FollowUpEvent, now: Date): Promise<Lease<FollowUpEvent> | null> {
  const stored = await storeEventVersioned({ ...event, claimedAt: now.toISOString() });
  return stored && { ...stored, key: `${PENDING}${event.id}` };
}

export async function readEvent(id: string): Promise<FollowUpEvent | null> {
  const value = await blobCall(() => store().get(`${PENDING}${id}`, { type: 'json' }));
  if (value == null) return null;
  const parsed = followUpEventSchema.safeParse(value);
  if (!parsed.success) {
    // Never retried forever: an event nobody can read is logged and set aside.
    console.error(`[follow-up] event ${id} is not readable; setting it aside`, parsed.error.issues.slice(0, 3));
    await blobCall(() => store().setJSON(`unreadable/${id}`, value));
    await finishEvent(id);
    return null;
  }
  return parsed.data;
}

/** Every unfinished event's id with the ETag it was listed with, oldest first. */
export async function pendingEvents(): Promise<Array<{ id: string; etag: string }>> {
  const { blobs } = await blobCall(() => store().list({ prefix: PENDING }));
  return blobs
    .map((blob) => ({ id: blob.key.slice(PENDING.length), etag: blob.etag }))
    .filter(({ id }) => eventIdPattern.test(id))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Every unfinished event's id, oldest first. */
export const pendingEventIds = async (): Promise<string[]> => (await pendingEvents()).map(({ id }) => id);

/**
 * Claims the event for one run (docs/queue.md). Whether it is due is the caller's to ask:
 * the minute job leaves events that back off, the owner's Retry and the request's own
 * follow-up do not wait.
 */
export function claimEvent(
  id: string,
  now: Date,
  known?: Versioned<FollowUpEvent>,
): Promise<Lease<FollowUpEvent> | LeaseRefusal> {
  return takeLease({
    store: store(),
    key: `${PENDING}${id}`,
    parse: (value) => followUpEventSchema.parse(value),
    claimable: (event, at) => !claimIsLive(event.claimedAt, at, EVENT_CLAIM_MS),
    claim: (event, at) => ({ ...event, claimedAt: at.toISOString() }),
    now,
    known,
  });
}

export async function finishEvent(id: string): Promise<void> {
  await blobCall(() => store().delete(`${PENDING}${id}`));
}

/** Whether the event may run now (not backing off after a failed run). */
export const isDue = (event: FollowUpEvent, now: Date) => sendAfterPassed(event.nextAttemptAt, now);

/**
 * After a run in which some effects failed: the event remembers what is done, counts the
 * failure and backs off; after MAX_EVENT_ATTEMPTS it moves to `dead/` (kept whole, with
 * its last error) where the owner sees it and can retry it. Written over the run's claim
 * when it had one (a run whose claim was taken over records nothing). Returns where it went.
 */
export async function recordFailedRun(
  event: FollowUpEvent,
  done: readonly string[],
  error: string,
  now: Date = new Date(),
  lease?: Lease<FollowUpEvent>,
): Promise<'retry' | 'dead'> {
  const attempts = (event.attempts ?? 0) + 1;
  const next: FollowUpEvent = {
    ...event,
    attempts,
    claimedAt: null,
    done: [...new Set([...(event.done ?? []), ...done])],
    lastError: error.slice(0, 500),
  };
  const nextAttemptAt = nextTry(EVENT_RETRY, attempts, now);
  if (!nextAttemptAt) {
    await blobCall(() =>
      store().setJSON(
        `${DEAD}${event.id}`,
        followUpEventSchema.parse({ ...next, nextAttemptAt: null, deadAt: now.toISOString() }),
      ),
    );
    await finishEvent(event.id);
    return 'dead';
  }
  const retry = followUpEventSchema.parse({ ...next, nextAttemptAt: nextAttemptAt.toISOString() });
  if (!lease) await blobCall(() => store().setJSON(`${PENDING}${event.id}`, retry));
  else if ((await settleLease(store(), lease, retry)) === null)
    console.error(`[follow-up] event ${event.id}: its failure could not be recorded (claimed again meanwhile)`);
  return 'retry';
}

/** Events set aside, newest first, at most `limit`. */
export async function deadEvents(limit = 50): Promise<FollowUpEvent[]> {
  const { blobs } = await blobCall(() => store().list({ prefix: DEAD }));
  const ids = blobs
    .map((blob) => blob.key.slice(DEAD.length))
    .filter((id) => eventIdPattern.test(id))
    .sort()
    .reverse()
    .slice(0, limit);
  const values = await Promise.all(ids.map((id) => blobCall(() => store().get(`${DEAD}${id}`, { type: 'json' }))));
  return values.flatMap((value) => {
    const parsed = followUpEventSchema.safeParse(value);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The owner's Retry: the event goes back to `pending/` with its tries counted afresh (the
 * effects done stay done), claimed by the Retry that runs it next, as a request claims the
 * event it stores (docs/queue.md). The lease, or null when no such event is set aside.
 */
export async function reviveEvent(id: string, now: Date = new Date()): Promise<Lease<FollowUpEvent> | null> {
  if (!eventIdPattern.test(id)) return null;
  const value = await blobCall(() => store().get(`${DEAD}${id}`, { type: 'json' }));
  const parsed = followUpEventSchema.safeParse(value);
  if (!parsed.success) return null;
  const revived = followUpEventSchema.parse({
    ...parsed.data,
    attempts: 0,
    nextAttemptAt: null,
    claimedAt: now.toISOString(),
    deadAt: null,
  });
  const written = await blobCall(() => store().setJSON(`${PENDING}${id}`, revived));
  await blobCall(() => store().delete(`${DEAD}${id}`));
  return { key: `${PENDING}${id}`, value: revived, etag: written.etag ?? '' };
}

/**
 * Drops every event, pending or set aside, that mentions a person (their erasure,
 * docs/privacy.md): an unfinished event could otherwise write their record again.
 */
export async function forgetEventsMentioning(mentions: (text: string) => boolean): Promise<number> {
  const keys = await keysMentioning(FOLLOW_UP_STORE, [PENDING, DEAD, 'unreadable/'], mentions);
  await Promise.all(keys.map((key) => blobCall(() => store().delete(key))));
  return keys.length;
}
