import { bookings } from '../leads';
import { plainName } from '../messages';
import { manageUrl } from './links';
import { signedLinkTokenValid, activeAppointmentOf } from '../booking';

// What a free call request's pick-a-time link opens (/pick-a-time/{bookingId}?token=, the
// button of the WhatsApp call-back confirmation, docs/whatsapp.md): the free times to book
// the call at, or, once a call is booked for the request, that call's own manage page.

export type PickTimeView =
  | { state: 'pick'; bookingId: string; firstName: string | null }
  /** The call's manage page, as a path on this site. */
  | { state: 'booked'; managePath: string };

/** Null for a wrong token exactly as for an unknown request, or a booking that is not a free call. */
export async function pickTimeOfLink(bookingId: string, token: string): Promise<PickTimeView | null> {
  if (!(await signedLinkTokenValid('pick-time', bookingId, token))) return null;
  // Read side by side: the request and whether a call is booked for it already.
  const [booking, call] = await Promise.all([bookings.get(bookingId), activeAppointmentOf(bookingId)]);
  if (!booking || booking.bookingType !== 'discovery_call') return null;
  if (call) return { state: 'booked', managePath: await manageUrl(call, '') };
  // Only a plain name is repeated back, as in every visitor message (docs/notifications.md).
  return { state: 'pick', bookingId, firstName: plainName(booking.fullName)?.split(' ')[0] ?? null };
}
