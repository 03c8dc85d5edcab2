import type { TodoEntry } from '../../../lib/schemas/todo';

/**
 * Plain code-unit order: ISO times and ids sort by it, and it is many times faster than
 * localeCompare over a to-do of thousands.
 */
export const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The to-do's order: due soonest, then created first, then by id. */
export const byDue = (
  a: Pick<TodoEntry, 'dueAt' | 'createdAt' | 'id'>,
  b: Pick<TodoEntry, 'dueAt' | 'createdAt' | 'id'>,
) => byText(a.dueAt, b.dueAt) || byText(a.createdAt, b.createdAt) || byText(a.id, b.id);

export const leadOf = (entry: Pick<TodoEntry, 'kind' | 'id'>) => `${entry.kind}/${entry.id}`;

/** Entries due soonest first, one per lead (two keys for one lead only live for the moment of an edit). */
export function orderedEntries(entries: readonly TodoEntry[]): TodoEntry[] {
  const seen = new Set<string>();
  return [...entries].sort(byDue).filter((entry) => {
    const lead = leadOf(entry);
    if (seen.has(lead)) return false;
    seen.add(lead);
    return true;
  });
}
