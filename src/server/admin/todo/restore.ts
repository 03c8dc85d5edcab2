import type { TodoEntry } from '../../../lib/schemas/todo';
import { withCallDue } from '../../appointments/callTodo';
import { eachUntil } from '../../eachUntil';
import type { Booking } from '../../../lib/schemas/booking';
import type { ContactRecord } from '../../../lib/schemas/contact';
import type { RecordMeta } from '../../storage/collection';
import { addTodo } from './pendingIndex';
import { bookingTodo, contactTodo } from './todoRules';

const WRITES_AT_ONCE = 32;


/**
 * Puts every pending lead on the to-do that is not on it (leads stored before the to-do
 * existed, or whose follow-up never wrote the key): part of the owner's recount, the one
 * full scan (its records come from it). Keys are facts written onlyIfNew, so running it
 * again changes nothing.
 */
export async function restorePendingTodo(everyBooking: ReadonlyArray<Booking & RecordMeta>, everyContact: ReadonlyArray<ContactRecord & RecordMeta>): Promise<number> {
  const entries = [...everyBooking.map(bookingTodo), ...everyContact.map(contactTodo)].filter((entry): entry is TodoEntry => entry !== null);
  // By the rule every edit applies: a booking's booked call decides when it is due.
  await eachUntil(entries, WRITES_AT_ONCE, Infinity, async (entry) => addTodo((await withCallDue(entry)) ?? entry));
  return entries.length;
}
