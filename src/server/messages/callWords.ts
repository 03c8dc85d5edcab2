import { business } from '../../lib/business';
import type { Appointment } from '../../lib/schemas/appointment';

// What a call or a client's paid session is called: the mails to both sides and the calendar
// invite (appointments/invite.ts) name it alike.

export const isSession = (appointment: Appointment) => appointment.session !== undefined;

/** "90-minute coaching session (Ascend Plus)" or "10-minute discovery call". */
export function whatItIs(appointment: Appointment): string {
  const { session } = appointment;
  return session
    ? `${session.minutes}-minute coaching session (${session.packageName})`
    : `${business.promises.discoveryCallMinutes}-minute discovery call`;
}

export const noun = (appointment: Appointment) => (isSession(appointment) ? 'session' : 'call');
