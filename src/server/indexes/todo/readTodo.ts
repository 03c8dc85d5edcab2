import { type TodoAnswer, type TodoEntry, type TodoKind, todoKinds } from '../../../lib/schemas/todo';
import {
  CHANGE_SLACK_MS,
  MAX_CHANGED_LEADS,
  dropDigest,
  listChanges,
  readFreshDigest,
  writeDigest,
} from './digestStore';
import { digestEntryOf, entryOfDigest, leadTodoEntries, listPending, pendingTodo, todoStore } from './pendingIndex';
import { todoPeople } from './personItem';
import { readDigest } from './todoDigest';

export { CALL_OUTCOME_GRACE_MS, personItem, todoPeople } from './personItem';

// The to-do as the admin reads it (docs/admin.md, "To do"): from the digest the minute job
// keeps and the leads changed since, so Today costs two reads and a listing per changed lead
// however long the backlog; without a recent digest, from one listing of the whole index.

const LEAD_READS_AT_ONCE = 16;

async function fromDigest(now: Date, limit?: number): Promise<TodoAnswer | null> {
  const store = todoStore();
  // The digest first, then the change keys of the minutes since it was made: after a burst of
  // leads the minutes before a digest hold thousands, which a read must not list.
  const digest = await readFreshDigest(store, now.getTime());
  if (!digest) return null;
  const from = digest.builtAt - CHANGE_SLACK_MS;
  const changes = await listChanges(store, from, now.getTime());
  const since = [...new Set(changes.filter(({ at }) => at >= from).map(({ lead }) => lead))];
  if (since.length > MAX_CHANGED_LEADS) return null;
  const current = new Map<string, TodoEntry[]>();
  for (let at = 0; at < since.length; at += LEAD_READS_AT_ONCE) {
    await Promise.all(
      since.slice(at, at + LEAD_READS_AT_ONCE).map(async (lead) => {
        const [kind, id] = lead.split('/') as [string, string];
        if (!(todoKinds as readonly string[]).includes(kind)) return;
        current.set(lead, await leadTodoEntries(kind as TodoKind, id));
      }),
    );
  }
  return readDigest(digest, current, now, entryOfDigest, limit);
}

/**
 * The to-do: due soonest first, so every overdue person comes before the rest; with a limit
 * only the first rows, counted over them all (the panel shows a few and says how many wait).
 */
export async function readTodo(now: Date = new Date(), limit?: number): Promise<TodoAnswer> {
  const viaDigest = await fromDigest(now, limit);
  if (viaDigest) return viaDigest;
  const items = todoPeople(await pendingTodo(), now);
  const overdue = items.filter((item) => item.overdue).length;
  return { items: limit === undefined ? items : items.slice(0, limit), total: items.length, overdue };
}

/** The minute job's stage: the digest made anew from one listing of the index. */
export function refreshTodoDigest(now: Date = new Date()) {
  return writeDigest(todoStore(), listPending, digestEntryOf, now);
}

/** After an erasure: no copy of the to-do holds the person a minute on. */
export function forgetTodoDigest() {
  return dropDigest(todoStore());
}
