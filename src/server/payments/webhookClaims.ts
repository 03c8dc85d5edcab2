import { webhookClaims } from '../queue/webhookClaims';

// Razorpay delivers every event at least once, sometimes twice at the same moment to two
// instances: each event is claimed by its id through the one webhook-claim protocol
// (src/server/queue/webhookClaims.ts) before it is applied.

export const RAZORPAY_EVENT_STORE = 'razorpay-webhook-events';
export const razorpayClaims = webhookClaims(RAZORPAY_EVENT_STORE);

/** The claim's key: the event id as Razorpay sends it, in the characters a key may hold. */
export function eventKey(eventId: string): string {
  return eventId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 200);
}
