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
});
export type TodoEntry = z.infer<typeof todoEntrySchema>;

/** GET /api/admin/todo: due soonest first, so what is overdue leads. */
export interface TodoItem extends TodoEntry {
  overdue: boolean;
}
export interface TodoAnswer {
  /** Due soonest first: every pending lead, or the first `limit`. */
  items: TodoItem[];
  /** Counted over every pending lead, however many `items` holds. */
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
