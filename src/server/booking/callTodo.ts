import { dueAfter } from '../../lib/dueTime';
import type { TodoEntry } from '../../lib/schemas/todo';
import { syncTodo } from '../indexes/todo/pendingIndex';
import { activeAppointmentOf } from './store';

// A discovery call the visitor booked on the site is the callback the site promised: while
// it is booked, the booking falls due on the owner's to-do at the call's start, not 4
// business hours after the request. A call moved moves it; a call cancelled puts the
// promise back.

/** The entry with the booked call's start as its due time, when the booking has a call. */
export async function withCallDue(entry: TodoEntry | null): Promise<TodoEntry | null> {
  if (!entry || entry.kind !== 'booking') return entry;
  const call = await activeAppointmentOf(entry.id);
  if (!call) return { ...entry, callAt: null };
  return { ...entry, dueAt: new Date(call.start).toISOString(), callAt: new Date(call.start).toISOString() };
}

/** After a call of this booking was booked, moved or cancelled: the to-do follows. */
export function syncCallTodo(bookingId: string): Promise<void> {
  return syncTodo('booking', bookingId, async (pending) => {
    // Not on the to-do (contacted, or not a lead the site promised a call): nothing to move.
    if (!pending) return null;
    return withCallDue({
      ...pending,
      dueAt: dueAfter(new Date(pending.createdAt), pending.promiseHours).toISOString(),
    });
  });
}
