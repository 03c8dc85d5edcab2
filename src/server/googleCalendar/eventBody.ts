import { createHash } from 'node:crypto';
import { type Appointment, SLOT_TIME_ZONE } from '../../lib/schemas/appointment';
import type { GoogleEventBody } from './googleApi';

// The Google event of a call or session (pure). Its id is the appointment's own, hashed into
// Google's alphabet (base32hex: a-v and 0-9, 5-1024 long), so an insert retried after a
// timeout meets the event it made (409) instead of making a second one. No attendees: the
// visitor's invite is the site's own mail (decision 43), and Google would send another.

/** The Google event id of an appointment: `ccc` and 40 hex digits (hex is within base32hex). */
export function eventIdOf(appointmentId: string): string {
  return `ccc${createHash('sha256').update(`appointment:${appointmentId}`).digest('hex').slice(0, 40)}`;
}

/** Whether the event asks Google for a Meet link: paid sessions always, calls when the owner says so. */
export const wantsMeetLink = (appointment: Appointment, meetLinkForCalls: boolean): boolean =>
  appointment.session != null || meetLinkForCalls;

export function eventBody(appointment: Appointment, meet: boolean): GoogleEventBody {
  const what = appointment.session ? `${appointment.session.packageName} session` : 'Discovery call';
  const reach = [
    `Phone: ${appointment.phone}`,
    appointment.email ? `E-mail: ${appointment.email}` : null,
    appointment.session ? null : 'A phone call: call them at this number.',
    'Booked on the site: move or cancel it in the admin, so the client is told.',
  ].filter(Boolean);
  return {
    summary: `${what}: ${appointment.name}`,
    description: reach.join('\n'),
    start: { dateTime: appointment.start, timeZone: SLOT_TIME_ZONE },
    end: { dateTime: appointment.end, timeZone: SLOT_TIME_ZONE },
    status: 'confirmed',
    ...(meet
      ? {
          conferenceData: {
            createRequest: { requestId: `ccc-${appointment.id}`, conferenceSolutionKey: { type: 'hangoutsMeet' } },
          },
        }
      : {}),
  };
}
