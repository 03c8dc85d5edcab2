import type { Attribution } from '../../lib/schemas/attribution';
import type { Booking } from '../../lib/schemas/booking';
import { consentOfSubmission } from './consent';
import { bookings } from './bookings';
import { decoyRecord, isBot } from '../http/honeypot';

export const FREE_CALL_PACKAGE_NAME = 'Free Discovery Call';

export interface DiscoveryCallRequest {
  name: string;
  phone: string;
  email?: string;
  currentStage: string;
  source?: string;
  quizScore?: number;
  attribution?: Attribution;
  whatsappOptIn?: boolean;
  website?: string;
}

/**
 * A free call is always a pending discovery call with no money attached
 * (docs/decisions/0006-every-lead-is-stored.md).
 */
export function discoveryCallBooking(
  { name, phone, email, currentStage, source, quizScore, attribution, whatsappOptIn }: DiscoveryCallRequest,
  now: Date = new Date(),
): Booking {
  return {
    fullName: name,
    mobile: phone,
    ...(email ? { email } : {}),
    currentStage,
    packageId: null,
    packageName: FREE_CALL_PACKAGE_NAME,
    bookingType: 'discovery_call',
    amount: null,
    status: 'pending',
    paymentStatus: null,
    notes: '',
    source: source ?? 'button',
    ...(quizScore === undefined ? {} : { quizScore }),
    ...(attribution ? { attribution } : {}),
    ...consentOfSubmission('answer-request', whatsappOptIn, now),
  };
}

/** Stores the discovery-call booking (a bot's gets a decoy that is never stored). */
export async function createDiscoveryCall(
  request: DiscoveryCallRequest,
): Promise<{ booking: Booking & { id: string; createdAt: string }; stored: boolean }> {
  const booking = discoveryCallBooking(request);
  if (isBot({ website: request.website })) return { booking: decoyRecord(booking), stored: false };
  return { booking: await bookings.create(booking), stored: true };
}
