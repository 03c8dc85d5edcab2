import type { Payment } from '../../lib/schemas/payment';

// The payment state machine in one place: created → captured | failed, failed →
// captured (a retry on the same order), and captured is final
// (docs/decisions/0012-razorpay-webhook-records-payments.md).

export type Confirmation = { razorpayPaymentId: string; via: 'verify' | 'webhook'; at: Date };

export function captured<P extends Payment>(payment: P, confirmation: Confirmation): P {
  if (payment.status === 'captured') return payment;
  return {
    ...payment,
    status: 'captured',
    razorpayPaymentId: confirmation.razorpayPaymentId,
    confirmedBy: confirmation.via,
    failureReason: null,
    paidAt: confirmation.at.toISOString(),
  };
}

export function failed<P extends Payment>(payment: P, razorpayPaymentId: string, reason: string | null): P {
  if (payment.status === 'captured') return payment;
  return { ...payment, status: 'failed', razorpayPaymentId, failureReason: (reason ?? 'Payment failed').slice(0, 500) };
}

/** The booking side: paid is final; failed only while nothing was paid. */
export function bookingPaymentStatusAfter(
  current: 'pending' | 'paid' | 'failed' | null,
  event: 'captured' | 'failed',
): 'pending' | 'paid' | 'failed' | null {
  if (current === 'paid') return 'paid';
  return event === 'captured' ? 'paid' : 'failed';
}
