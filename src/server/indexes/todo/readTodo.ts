import { type TodoAnswer, type TodoEntry, type TodoKind, todoKinds } from '../../../lib/schemas/todo';
import {
  CHANGE_SLACK_MS,
  MAX_CHANGED_LEADS,
  dropDigest,
  listChanges,
  readFreshDigest,
  readFreshHead,
  readShards,
  writeDigest,
} from './digestStore';
import { digestEntryOf, entryOfDigest, leadTodoEntries, listPending, pendingTodo, todoStore } from './pendingIndex';
import { todoPeople } from './personItem';
import { readDigest } from './todoDigest';
import { readHead, shardsFor } from './todoHead';

export { CALL_OUTCOME_GRACE_MS, personItem, todoPeople } from './personItem';

// The to-do as the admin reads it (docs/admin.md, "To do"): Today's first page from the
// digest's head and the shards the changes since it touch, so its cost follows those changes,
// never the backlog; the whole to-do from the digest the minute job keeps and the leads changed
// since; without a recent digest, from one listing of the whole index.

const LEAD_READS_AT_ONCE = 16;

/** The leads changed since a digest built at `builtAt`, with their entries now; null past the cap. */
async function changedSince(builtAt: number, now: Date): Promise<Map<string, TodoEntry[]> | null> {
  const store = todoStore();
  // The change keys of the minutes since the digest was made: after a burst of leads the
  // minutes before a digest hold thousands, which a read must not list.
  const from = builtAt - CHANGE_SLACK_MS;
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
  return current;
}

type Changes = { builtAt: number; changed: Map<string, TodoEntry[]> };

/** Today's first rows from the head; the changes it read go with it, for the digest to reuse. */
async function fromHead(now: Date, limit: number): Promise<{ answer: TodoAnswer | null; changes?: Changes }> {
  const store = todoStore();
  const head = await readFreshHead(store, now.getTime());
  if (!head) return { answer: null };
  const changed = await changedSince(head.builtAt, now);
  if (!changed) return { answer: null };
  const shards = await readShards(store, head, shardsFor(changed, head));
  return {
    answer: readHead(head, shards, changed, now, entryOfDigest, limit),
    changes: { builtAt: head.builtAt, changed },
  };
}

/** From the whole digest: the changes the head's read listed are reused when they are since the same run. */
async function fromDigest(now: Date, limit?: number, known?: Changes): Promise<TodoAnswer | null> {
  const digest = await readFreshDigest(todoStore(), now.getTime());
  if (!digest) return null;
  const changed = known?.builtAt === digest.builtAt ? known.changed : await changedSince(digest.builtAt, now);
  return changed && readDigest(digest, changed, now, entryOfDigest, limit);
}

/**
 * The to-do: due soonest first, so every overdue person comes before the rest; with a limit
 * only the first rows, counted over them all (the panel shows a few and says how many wait).
 */
export async function readTodo(now: Date = new Date(), limit?: number): Promise<TodoAnswer> {
  const head = limit !== undefined ? await fromHead(now, limit) : { answer: null };
  const viaDigest = head.answer ?? (await fromDigest(now, limit, head.changes));
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
