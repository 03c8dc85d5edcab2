import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { business, discoveryCallSentence } from '../../lib/business';
import type { Appointment } from '../../lib/schemas/appointment';
import { appointmentUid, meetingUrlOf } from '../booking';
import { plainName, whatItIs } from '../messages';

// iCalendar from ical-generator (RFC 5545 escaping, folding and UTC times done for us):
// one invite per change of a call, and the owner's subscription feed. The UID stays the
// appointment's for its whole life and SEQUENCE rises with each change, so a calendar
// moves or removes the event it already has instead of adding another. An online session's
// LOCATION and URL are its link (docs/scheduling.md, "The meeting link"); a call's LOCATION says
// "Phone call" and its URL, for the visitor, is the page that moves it.

export const CALL_TITLE = `Career discovery call with ${business.brand}`;
export const CALL_LOCATION = 'Phone call';
export const SESSION_TITLE = `Coaching session with ${business.brand}`;

export { appointmentUid };

interface EventOptions {
  /** The owner's view: the visitor's name and phone in the title and notes. */
  forOwner: boolean;
  manageUrl?: string;
}

function addEvent(calendar: ReturnType<typeof ical>, appointment: Appointment, { forOwner, manageUrl }: EventOptions) {
  const cancelled = appointment.status === 'cancelled';
  // The visitor's invite goes to whatever address was typed: it names them only by a
  // plain name (docs/decisions/0028-visitor-mail-carries-only-our-words.md), never by other text typed as one.
  const attendeeName = plainName(appointment.name);
  const { session } = appointment;
  const meetingUrl = meetingUrlOf(appointment);
  const about = session ? `Your ${whatItIs(appointment)}` : discoveryCallSentence;
  const how = meetingUrl ? `Join online: ${meetingUrl}` : undefined;
  const description = forOwner
    ? `${session ? `${session.packageName} session. ` : ''}${appointment.name}, ${appointment.phone}${appointment.email ? `, ${appointment.email}` : ''}. ${how ?? 'Call them on that number.'}`
    : `${about}: ${how ?? `${business.brand} will call you on the number you gave.`} Questions: ${business.contact.phone} / ${business.contact.email}` +
      (manageUrl ? `\nMove or cancel: ${manageUrl}` : '');
  const url = meetingUrl ?? manageUrl;
  calendar.createEvent({
    id: appointmentUid(appointment),
    sequence: appointment.sequence,
    start: new Date(appointment.start),
    end: new Date(appointment.end),
    stamp: new Date(appointment.updatedAt),
    summary: forOwner
      ? `${session ? 'Session' : 'Discovery call'}: ${appointment.name}`
      : session
        ? SESSION_TITLE
        : CALL_TITLE,
    description,
    location: meetingUrl ?? CALL_LOCATION,
    organizer: { name: business.brand, email: business.contact.email },
    ...(appointment.email && !forOwner
      ? { attendees: [{ email: appointment.email, ...(attendeeName ? { name: attendeeName } : {}), rsvp: false }] }
      : {}),
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    ...(url ? { url } : {}),
  });
}

/** The invite mailed with a change: METHOD:REQUEST for a booked or moved call, CANCEL for a cancelled one. */
export function appointmentInvite(
  appointment: Appointment,
  options: EventOptions,
): { method: 'REQUEST' | 'CANCEL'; content: string } {
  const method = appointment.status === 'cancelled' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST;
  const calendar = ical({ prodId: { company: business.brand, product: 'Discovery calls', language: 'EN' }, method });
  addEvent(calendar, appointment, options);
  return { method: method === ICalCalendarMethod.CANCEL ? 'CANCEL' : 'REQUEST', content: calendar.toString() };
}

/** The owner's private feed of upcoming calls, for Google Calendar or Outlook to subscribe to. */
export function calendarFeed(appointments: readonly Appointment[]): string {
  const calendar = ical({
    name: `${business.brand} discovery calls`,
    prodId: { company: business.brand, product: 'Discovery calls', language: 'EN' },
    ttl: 15 * 60,
  });
  for (const appointment of appointments) addEvent(calendar, appointment, { forOwner: true });
  return calendar.toString();
}

/** The visitor's "Add to calendar" file. */
export function visitorIcs(appointment: Appointment, manageUrl: string): string {
  const calendar = ical({ prodId: { company: business.brand, product: 'Discovery calls', language: 'EN' } });
  addEvent(calendar, appointment, { forOwner: false, manageUrl });
  return calendar.toString();
}
