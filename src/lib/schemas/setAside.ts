import { z } from './zod';
import { notificationIdSchema } from './notifications';

// The durable queue's dead letters (docs/queue.md, docs/decisions/0033-bounded-keys-and-dead-letters.md):
// follow-up events, messages and reminders that kept failing and were set aside, in the
// owner's one list with one Retry.
//   GET  /api/admin/follow-up                            -> SetAsideAnswer
//   POST /api/admin/follow-up/{id}/retry?queue={queue}   -> 202 { id }   (queue: follow-up by default)

export const setAsideQueues = ['follow-up', 'message', 'reminder'] as const;
export type SetAsideQueue = (typeof setAsideQueues)[number];

export interface SetAsideEvent {
  /** Which kind of queued work: a lead's follow-up, a message (mail, WhatsApp, webhook), a call's reminder. */
  queue: SetAsideQueue;
  id: string;
  recordedAt: string;
  deadAt: string | null;
  attempts: number;
  lastError: string | null;
  /** What it is about: the lead's notification kind, the message's subject, the reminder's call. */
  what: string;
  leadId: string | null;
  /** Who it is about (name, else e-mail), for the owner to recognise it. */
  who: string | null;
  done: string[];
}

export interface SetAsideAnswer {
  items: SetAsideEvent[];
}

const eventIdSchema = z.string({ error: 'Event id is required' }).regex(/^\d{13}-[0-9a-f]{10}$/, 'Unknown event id');
const reminderIdSchema = z
  .string({ error: 'Reminder id is required' })
  .regex(/^(day|hour)\.\d{13}-[0-9a-f]{10}\.\d{13}-[0-9a-f]{10}$/, 'Unknown reminder id');

/** The Retry's path id and `queue` query together: the id is checked as the queue's own kind of id. */
export const setAsideRetrySchema = z.discriminatedUnion('queue', [
  z.object({ queue: z.literal('follow-up'), id: eventIdSchema }),
  z.object({ queue: z.literal('message'), id: notificationIdSchema }),
  z.object({ queue: z.literal('reminder'), id: reminderIdSchema }),
]);
export type SetAsideRetry = z.infer<typeof setAsideRetrySchema>;
export const setAsideQueueSchema = z.object({ queue: z.enum(setAsideQueues).default('follow-up') });
