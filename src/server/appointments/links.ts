import type { Appointment, PublicAppointment } from '../../lib/schemas/appointment';
import { siteAddress } from '../notifications';
import { clientSpaceUrlOf } from '../clients';
import { manageToken, pickTimeToken } from '../booking';

/** The visitor's link to move or cancel their call: signed, so only they have it. */
export async function manageUrl(appointment: Pick<Appointment, 'id'>, site: string = siteAddress()): Promise<string> {
  return `${site}/appointments/${appointment.id}?token=${await manageToken(appointment.id)}`;
}

/**
 * A free call request's own link to book a time instead of waiting for our call (the
 * WhatsApp call-back confirmation's button, docs/whatsapp.md): signed, so only they have it.
 */
export async function pickTimeUrl(bookingId: string, site: string = siteAddress()): Promise<string> {
  return `${site}/pick-a-time/${bookingId}?token=${await pickTimeToken(bookingId)}`;
}

/** The visitor's own link for an appointment: a session's client space, or a call's manage page. */
export const visitorLink = (
  appointment: Pick<Appointment, 'id' | 'session'>,
  site: string = siteAddress(),
): Promise<string> =>
  appointment.session ? clientSpaceUrlOf(appointment.session.clientId, site) : manageUrl(appointment, site);

/** What the visitor is told of their appointment (no one else's details). */
export async function publicAppointment(appointment: Appointment, site?: string): Promise<PublicAppointment> {
  return {
    id: appointment.id,
    bookingId: appointment.bookingId,
    start: appointment.start,
    end: appointment.end,
    status: appointment.status,
    manageUrl: await manageUrl(appointment, site),
  };
}
