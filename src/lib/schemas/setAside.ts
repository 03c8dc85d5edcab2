import { z } from './zod';

// Follow-up events that kept failing and were set aside
// (docs/decisions/0033-bounded-keys-and-dead-letters.md): what the owner's Notifications
// panel lists with a Retry.
//   GET  /api/admin/follow-up              -> SetAsideAnswer
//   POST /api/admin/follow-up/{id}/retry   -> 202 { id }

export interface SetAsideEvent {
  id: string;
  recordedAt: string;
  deadAt: string | null;
  attempts: number;
  lastError: string | null;
  /** What it is about: the lead's notification kind and id, or the stored record's. */
  what: string;
  leadId: string | null;
  /** Who it is about (name, else e-mail), for the owner to recognise it. */
  who: string | null;
  done: string[];
}

export interface SetAsideAnswer {
  items: SetAsideEvent[];
}

export const setAsideParamsSchema = z.object({
  id: z.string({ error: 'Event id is required' }).regex(/^\d{13}-[0-9a-f]{10}$/, 'Unknown event id'),
});
