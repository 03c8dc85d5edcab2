import { useQuery } from '@tanstack/react-query';
import { describeSlotIst } from '../../../lib/schedule/slotDays';
import { appointmentsQuery, cardRange } from './scheduleApi';

/**
 * The call a discovery-call booking has booked, for its card: one query of the calls in
 * the bookable range serves every card on the page.
 */
export function BookingCall({ bookingId }: { bookingId: string }) {
  const calls = useQuery(appointmentsQuery(cardRange()));
  const call = calls.data?.find((item) => item.bookingId === bookingId);
  if (!call) return null;
  return (
    <div className="adm-fact-wide" data-testid="booking-call">
      <dt>Call booked</dt>
      <dd>{describeSlotIst(call.start)}</dd>
    </div>
  );
}
