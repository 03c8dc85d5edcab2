import { discoveryCallPhrase } from '../../lib/business';
import { describeSlotIst, visitorTimeZone } from '../../lib/schedule/slotDays';
import type { PublicAppointment } from '../../lib/schemas/appointment';

/** The visitor's own time of the call, when their zone is not India's. */
function localTime(start: string): string | null {
  const zone = visitorTimeZone();
  if (zone === 'Asia/Kolkata') return null;
  const text = new Intl.DateTimeFormat('en-IN', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: zone,
  }).format(new Date(start));
  return `${text.replace(/\s/g, ' ')} your time`;
}

export function inviteUrl(appointment: PublicAppointment): string {
  // The manage link is absolute; the base only matters for a relative one (never in SSR).
  const token = new URL(appointment.manageUrl, 'http://localhost').searchParams.get('token') ?? '';
  return `/api/appointments/${appointment.id}/invite.ics?token=${encodeURIComponent(token)}`;
}

export function BookedCall({ appointment }: { appointment: PublicAppointment }) {
  const local = localTime(appointment.start);
  return (
    <div className="booked-call" role="status" data-testid="booked-call">
      <h3>Your call is booked</h3>
      <p className="booked-when">{describeSlotIst(appointment.start)}</p>
      {local && <p className="booked-local">{local}</p>}
      <p>We will call you at this time on the number you gave: {discoveryCallPhrase}.</p>
      <div className="booked-actions">
        <a className="btn btn-secondary" href={inviteUrl(appointment)} download="ccc-edu-discovery-call.ics">
          Add to calendar
        </a>
        <a className="btn btn-outline" href={appointment.manageUrl}>
          Move or cancel
        </a>
      </div>
      <p className="booked-hint">
        Keep the "Move or cancel" link: it is yours alone. It is also in your confirmation e-mail, if you gave one.
      </p>
    </div>
  );
}
