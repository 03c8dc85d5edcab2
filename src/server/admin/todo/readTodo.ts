import { isOverdue } from '../../../lib/dueTime';
import type { TodoAnswer } from '../../../lib/schemas/todo';
import { pendingTodo } from './pendingIndex';

/** The to-do as the admin reads it: due soonest first, so every overdue lead comes before the rest. */
export async function readTodo(now: Date = new Date()): Promise<TodoAnswer> {
  const entries = await pendingTodo();
  return { items: entries.map((entry) => ({ ...entry, overdue: isOverdue(new Date(entry.dueAt), now) })) };
}
