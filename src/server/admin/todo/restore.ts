import type { TodoEntry } from '../../../lib/schemas/todo';
import { withCallDue } from '../../appointments/callTodo';
import { eachUntil } from '../../eachUntil';
import { bookings } from '../../bookings';
import { contacts } from '../../contacts';
import { addTodo } from './pendingIndex';
import { bookingTodo, contactTodo } from './todoRules';

const WRITES_AT_ONCE = 32;

/**
 * Puts every pending lead on the to-do that is not on it (leads stored before the to-do
 * existed, or whose follow-up never wrote the key): part of the owner's recount, the one
 * full scan. Keys are facts written onlyIfNew, so running it again changes nothing.
 */
export async function restorePendingTodo(): Promise<number> {
  const [everyBooking, everyContact] = await Promise.all([bookings.all(), contacts.all()]);
  const entries = [...everyBooking.map(bookingTodo), ...everyContact.map(contactTodo)].filter((entry): entry is TodoEntry => entry !== null);
  // By the rule every edit applies: a booking's booked call decides when it is due.
  await eachUntil(entries, WRITES_AT_ONCE, Infinity, async (entry) => addTodo((await withCallDue(entry)) ?? entry));
  return entries.length;
}
