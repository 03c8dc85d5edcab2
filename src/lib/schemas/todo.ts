import { z } from './zod';
import { todoKinds } from '../leads/kinds';

// The admin's to-do (docs/admin.md, "To do"): every lead still waiting for the call or
// reply the site promised, with when that promise falls due in business hours
// (docs/decisions/0030-callback-promises-in-business-hours.md).

export { todoKinds, type TodoKind } from '../leads/kinds';

/** One pending lead as the to-do index keeps it. */
export const todoEntrySchema = z.object({
  kind: z.enum(todoKinds),
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  createdAt: z.string(),
  /** When the promise runs out (ISO), counted in business hours from createdAt. */
  dueAt: z.string(),
  /** The promise in business hours: a discovery call's callback or a reply. */
  promiseHours: z.number().int().min(0),
  /** The career stage the request gave (a booking's), when it gave one. */
  stage: z.string().nullable().optional(),
  /** The start (ISO) of the call booked for this request, while one is booked. */
  callAt: z.string().nullable().optional(),
});
export type TodoEntry = z.infer<typeof todoEntrySchema>;

/** One of a person's records waiting for a response. */
export type TodoRecord = Pick<TodoEntry, 'kind' | 'id' | 'createdAt' | 'dueAt' | 'promiseHours'>;

/**
 * GET /api/admin/todo: one item a person (docs/decisions/0042-one-person-view.md), due soonest
 * first, so what is overdue leads. The entry's own fields are the person's soonest-due record;
 * `records` are all of theirs still waiting; `callAt` is the call booked with them, if any.
 */
export interface TodoItem extends TodoEntry {
  overdue: boolean;
  records: TodoRecord[];
  /** Why it is due: a promise running out, or a booked call whose outcome is not marked. */
  reason: 'promise' | 'call-outcome';
}
export interface TodoAnswer {
  /** Due soonest first: every person waiting, or the first `limit`. */
  items: TodoItem[];
  /** Counted over every person waiting, however many `items` holds. */
  total: number;
  overdue: number;
}

/** Rows a call may ask for: the panel asks for what it shows, never the whole backlog. */
export const TODO_LIMIT_MAX = 500;

export const todoQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'A limit is a number' })
    .int()
    .min(1)
    .max(TODO_LIMIT_MAX, `At most ${TODO_LIMIT_MAX}`)
    .optional(),
});
