import { z } from 'zod';
import type { Appointment } from '../../lib/schemas/appointment';
import { env } from '../env';
import { signedLinkToken } from './secrets';

// Where an online session is held (docs/decisions/0043-google-calendar-and-online-sessions.md,
// docs/scheduling.md "The meeting link"): the appointment's own link (a Google Meet link written
// when Google answers one), else for a paid session the one configured room, SESSION_MEETING_URL
// (a Zoom personal room, say). A discovery call stays a phone call unless it carries a link itself.

export const SESSION_MEETING_URL_VARIABLE = 'SESSION_MEETING_URL';

const meetingUrlSchema = z.url({ protocol: /^https$/ }).max(500);

/**
 * SESSION_MEETING_URL, or undefined when unset. A value that is not an https address throws a
 * message naming the variable: the composition root reads it at start, so a wrong one stops the
 * site there rather than mailing clients a broken link.
 */
export function sessionMeetingUrl(): string | undefined {
  const value = env(SESSION_MEETING_URL_VARIABLE)?.trim();
  if (value === undefined) return undefined;
  if (!meetingUrlSchema.safeParse(value).success)
    throw new Error(
      `${SESSION_MEETING_URL_VARIABLE} must be an https address of at most 500 characters, such as your Zoom ` +
        'personal room (https://us02web.zoom.us/j/1234567890?pwd=...), or be left unset (docs/deploy.md).',
    );
  return value;
}

/** The link an appointment is held at, or undefined for a phone call. */
export function meetingUrlOf(appointment: Pick<Appointment, 'meetingUrl' | 'session'>): string | undefined {
  return appointment.meetingUrl ?? (appointment.session ? sessionMeetingUrl() : undefined);
}

/** The appointment with its link written in, for what shows or sends it (never stored so). */
export function withMeetingUrl<T extends Appointment>(appointment: T): T {
  const meetingUrl = meetingUrlOf(appointment);
  return meetingUrl === appointment.meetingUrl ? appointment : { ...appointment, meetingUrl };
}

/**
 * The site's own link to a session's room, `/api/join/{id}?token=`: it answers with the room
 * the session is held at when it is opened, so a message sent before Google gave a Meet link
 * still leads there, and a WhatsApp URL button (whose start must be the site's) can carry it.
 */
export async function joinLinkOf(appointmentId: string, site: string): Promise<string> {
  return `${site}/api/join/${appointmentId}?token=${await signedLinkToken('join', appointmentId)}`;
}
