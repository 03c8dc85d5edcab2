import { isOverdue } from '../../../lib/dueTime';
import type { TodoAnswer } from '../../../lib/schemas/todo';
import { pendingTodo } from './pendingIndex';

/**
 * The to-do as the admin reads it: due soonest first, so every overdue lead comes before
 * the rest; with a limit only the first rows, counted over them all (the panel shows a
 * few and says how many wait, so a backlog of thousands costs it no more).
 */
export async function readTodo(now: Date = new Date(), limit?: number): Promise<TodoAnswer> {
  const items = (await pendingTodo()).map((entry) => ({ ...entry, overdue: isOverdue(new Date(entry.dueAt), now) }));
  const overdue = items.filter((item) => item.overdue).length;
  return { items: limit === undefined ? items : items.slice(0, limit), total: items.length, overdue };
}
