import { dueAfter } from '../../lib/dueTime';
import type { Booking } from '../../lib/schemas/booking';
import type { ContactRecord } from '../../lib/schemas/contact';
import type { TodoEntry } from '../../lib/schemas/todo';
import { bookingEvent, contactEvent, type LeadEvent } from './leadEvents';
import { isLeadNotificationKind } from '../../lib/leads/kinds';
import { leadPromiseHours } from '../../lib/leads/promise';
import type { RecordMeta } from '../storage/collection';

// Which leads are on the owner's to-do and when each falls due (docs/admin.md, "To do";
// docs/decisions/0030-callback-promises-in-business-hours.md). A lead is on it while its
// status is pending and the site promised it a response: the same promise its notification
// states (src/lib/leads/promise.ts), 4 business hours for a free discovery call and 24 for a
// package booking or a contact message. Resource downloads and newsletter sign-ups are
// promised nothing, so they are never on it.

type Stored<T> = T & RecordMeta;

/** A pending lead's to-do entry: due when the promise its announcement states runs out (none: not on the to-do). */
export function todoEntryOf(kind: TodoEntry['kind'], event: LeadEvent): TodoEntry | null {
  const hours = isLeadNotificationKind(event.kind) ? leadPromiseHours(event.kind) : null;
  if (hours === null) return null;
  return {
    kind,
    id: event.leadId,
    name: event.person.name ?? '',
    phone: event.person.phone ?? '',
    email: event.person.email,
    createdAt: event.at,
    dueAt: dueAfter(new Date(event.at), hours).toISOString(),
    promiseHours: hours,
  };
}

export function bookingTodo(booking: Stored<Booking>): TodoEntry | null {
  const entry = booking.status === 'pending' ? todoEntryOf('booking', bookingEvent(booking)) : null;
  // The stage shows on the to-do, so the owner calls knowing who it is.
  return entry && { ...entry, stage: booking.currentStage };
}

export function contactTodo(contact: Stored<ContactRecord>): TodoEntry | null {
  return (contact.status ?? 'pending') === 'pending' ? todoEntryOf('contact', contactEvent(contact)) : null;
}
