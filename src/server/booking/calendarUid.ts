import type { Appointment } from '../../lib/schemas/appointment';

// The UID of an appointment's calendar event: the same in every invite, the owner's feed and any
// calendar the owner keeps it in, for the appointment's whole life, so a calendar moves or removes
// the event it has instead of adding another (appointments/invite.ts).

const SUFFIX = '@ccc-edu';

export function appointmentUid(appointment: Pick<Appointment, 'id'>): string {
  return `appointment-${appointment.id}${SUFFIX}`;
}

/**
 * Whether a calendar event is one of the site's own calls or sessions (the owner accepted its
 * invite, or a calendar copied it): its time is held by the slot keys already, so as a busy time it
 * would only stop the appointment moving onto part of its own time, or keep a cancelled one's time
 * taken until the calendar catches up (docs/scheduling.md, "Busy times").
 */
export function isSiteAppointmentUid(uid: string | undefined): boolean {
  return typeof uid === 'string' && uid.startsWith('appointment-') && uid.endsWith(SUFFIX);
}
