import { paymentRequestSchema } from '../../lib/schemas/paymentRequest';
import { defineCollection } from '../storage/collection';

// The owner's payment requests: a handful a week, written by the owner, so the listing
// counts its keys (no counter); the webhook finds one by its id, Razorpay's reference_id.
export const paymentRequests = defineCollection('payment-requests', paymentRequestSchema);

export type StoredPaymentRequest = NonNullable<Awaited<ReturnType<typeof paymentRequests.get>>>;
