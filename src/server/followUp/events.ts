import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { searchRecordTypes } from '../../lib/schemas/adminApi';
import { appointmentNoticeSchema } from '../../lib/schemas/appointment';
import { leadEventSchema } from '../notifications/leadEvents';
import { todoEntrySchema } from '../../lib/schemas/todo';
import { blobCall, collectionStore } from '../storage/blobs';

// A lead's follow-up event (DECISIONS 26): the one durable note a request writes besides
// the lead itself, saying what else must happen (counters, the person index, leads by
// source, notifications). Keys sort oldest first (`pending/{ms}-{hex}`), so the minute job
// lists the oldest unfinished work first and never reads a lead to find it. An event is
// deleted once everything it asks for is stored; sending is the outbox's business.

export const FOLLOW_UP_STORE = 'lead-events';
const PENDING = 'pending/';

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
  /** A lead awaiting a promised response: its key on the owner's to-do (absent in older events). */
  todo: todoEntrySchema.nullish(),
  /** A booked, moved or cancelled call: its invites and reminders (issue 19). */
  appointment: appointmentNoticeSchema.nullish(),
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

/** Stores the event unless it is there already (onlyIfNew); whether this call stored it. */
export async function storeEvent(event: FollowUpEvent): Promise<boolean> {
  const value = followUpEventSchema.parse(event);
  const { modified } = await blobCall(() => store().setJSON(`${PENDING}${value.id}`, value, { onlyIfNew: true }));
  return modified;
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

/** Every unfinished event's id, oldest first. */
export async function pendingEventIds(): Promise<string[]> {
  const { blobs } = await blobCall(() => store().list({ prefix: PENDING }));
  return blobs
    .map((blob) => blob.key.slice(PENDING.length))
    .filter((id) => eventIdPattern.test(id))
    .sort();
}

export async function finishEvent(id: string): Promise<void> {
  await blobCall(() => store().delete(`${PENDING}${id}`));
}
