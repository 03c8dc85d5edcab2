import { business } from '../../../lib/business';
import { isOverdue } from '../../../lib/dueTime';
import type { TodoEntry, TodoItem } from '../../../lib/schemas/todo';
import { groupByPerson } from '../search/personGroups';
import { byDue } from './order';

// The to-do lists people, not records (docs/decisions/0042-one-person-view.md): each person's
// pending records are one item, due when the soonest of them is. A call back is done once a
// call is booked: while a call is booked, the person's call-back requests are off the to-do
// (the call is on the Today view); once the call's hour has passed without its outcome being
// marked, the booking is back, due at the call's start, to be marked.

const { callbackAfterCallHours } = business.promises;
/** How long after a booked call's start it waits for its outcome before it is on the to-do. */
export const CALL_OUTCOME_GRACE_MS = 60 * 60_000;

const isCallBack = (entry: TodoEntry) => entry.kind === 'booking' && entry.promiseHours === callbackAfterCallHours;

/** One person's item, or null when nothing of theirs is waiting (pure). */
export function personItem(entries: readonly TodoEntry[], now: Date): TodoItem | null {
  const booked = entries
    .filter((entry) => entry.callAt && Date.parse(entry.callAt) + CALL_OUTCOME_GRACE_MS > now.getTime())
    .map((entry) => entry.callAt!)
    .sort()[0];
  const open = entries.filter((entry) => {
    if (entry.callAt) return !booked || entry.callAt < booked;
    return !(booked && isCallBack(entry));
  });
  const first = open[0];
  if (!first) return null;
  return {
    ...first,
    stage: entries.find((entry) => entry.stage)?.stage ?? null,
    callAt: booked ?? null,
    overdue: isOverdue(new Date(first.dueAt), now),
    reason: first.callAt ? 'call-outcome' : 'promise',
    records: open.map(({ kind, id, createdAt, dueAt, promiseHours }) => ({ kind, id, createdAt, dueAt, promiseHours })),
  };
}

/** Every pending entry as one item a person, due soonest first (pure). */
export function todoPeople(entries: readonly TodoEntry[], now: Date): TodoItem[] {
  return groupByPerson(entries, (entry) => entry)
    .map((group) => personItem(group, now))
    .filter((item): item is TodoItem => item !== null)
    .sort(byDue);
}
