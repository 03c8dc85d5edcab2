import type { SearchHit } from '../../../lib/schemas/adminApi';
import { RequestPaymentButton } from './RequestPaymentButton';

/**
 * "Request payment" on a person's timeline: for a booking (the payment is linked to it)
 * or a contact message (the request makes the booking). A booking may be charged again
 * (a second fee), so a paid one keeps the action too.
 */
export function TimelinePaymentAction({ hit }: { hit: SearchHit }) {
  if (!hit.name || !hit.phone) return null;
  if (hit.type === 'booking') {
    return (
      <RequestPaymentButton customer={{ bookingId: hit.id, name: hit.name, phone: hit.phone, email: hit.email }} />
    );
  }
  if (hit.type === 'contact')
    return <RequestPaymentButton customer={{ name: hit.name, phone: hit.phone, email: hit.email }} />;
  return null;
}
