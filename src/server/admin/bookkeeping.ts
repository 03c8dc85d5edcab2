import type { CollectionHooks, NewRecordFollowUp, RecordMeta } from '../storage/collection';
import type { LeadEvent } from '../notifications/leadEvents';
import type { TodoEntry } from '../../lib/schemas/todo';
import { syncTodo } from './todo/pendingIndex';
import { type LeadProfile, createdDelta, removedDelta, updatedDelta } from './leadProfiles';
import { reindexPerson, unindexPerson } from './search/personIndex';
import { addToCounts, oneOffChangeId, readCounts } from './stats/counterStore';

/** Runs every step, then reports the failures together (so one never skips another). */
async function allOf(steps: Promise<void>[]): Promise<void> {
  const failures = (await Promise.allSettled(steps)).filter((result) => result.status === 'rejected');
  if (failures.length > 0) throw new AggregateError(failures.map((failure) => failure.reason), 'admin bookkeeping failed');
}

/**
 * What keeps the admin's counters, person index and (for leads) notifications current
 * for one kind of record, whatever code path writes it (DECISIONS 25, 26). A new record's
 * part is its follow-up event, done after the response; an edit or a deletion (the
 * owner's, rare) does its part in the request.
 */
export function leadBookkeeping<Rec extends RecordMeta>(
  profile: LeadProfile<Rec>,
  announce?: (record: Rec) => LeadEvent,
  /** A lead the site promised a response: its entry on the owner's to-do while pending. */
  todo?: (record: Rec) => TodoEntry | null,
  /** What the to-do knows beyond the record (a booking's booked call), applied on every edit. */
  adjustTodo: (entry: TodoEntry | null) => Promise<TodoEntry | null> = async (entry) => entry,
): CollectionHooks<Rec> {
  const todoKind = profile.type === 'booking' || profile.type === 'contact' ? profile.type : null;
  // Every edit makes the to-do say what the lead says now (also mending a key left behind).
  const syncedTodo = (id: string, reload: () => Promise<Rec | null>): Promise<void>[] => {
    if (!todo || !todoKind) return [];
    return [
      syncTodo(todoKind, id, async () => {
        const current = await reload();
        return current ? adjustTodo(todo(current)) : null;
      }),
    ];
  };
  return {
    followUp: (record): NewRecordFollowUp => ({
      counts: createdDelta(profile, record),
      person: { type: profile.type, id: record.id, person: profile.person(record) },
      lead: announce ? announce(record) : null,
      todo: todo ? todo(record) : null,
    }),
    afterUpdate: (before, after, reload) =>
      allOf([
        ...syncedTodo(after.id, reload),
        addToCounts(oneOffChangeId(`edit.${after.id}`), updatedDelta(profile, before, after)),
        reindexPerson(profile.type, after.id, profile.person(before), profile.person(after), async () => {
          const current = await reload();
          return current ? profile.person(current) : null;
        }),
      ]),
    afterRemove: (record) =>
      allOf([
        addToCounts(`remove.${record.id}`, removedDelta(profile, record)),
        unindexPerson(profile.type, record.id, profile.person(record)),
        ...syncedTodo(record.id, async () => null),
      ]),
    count: async () => Math.max(0, (await readCounts())[profile.counter]),
  };
}

/** Storage blog posts are not a collection of leads; their create and delete count here. Never fails the write. */
export async function countStoragePosts(postId: string, change: 1 | -1): Promise<void> {
  try {
    await addToCounts(oneOffChangeId(`post.${change > 0 ? 'add' : 'remove'}.${postId}`.slice(0, 90)), { storagePosts: change });
  } catch (error) {
    console.error(`[bookkeeping] blog post ${postId}: the count failed; the post is stored, counts may drift until a recount`, error);
  }
}
