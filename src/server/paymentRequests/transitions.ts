import type { PaymentRequest } from '../../lib/schemas/paymentRequest';

// A payment request's states in one place: created -> paid | expired | cancelled. Paid is
// final. Money taken is a fact: a payment Razorpay reports on a link we had closed (the
// customer paid as the owner cancelled) still marks it paid.

export function closed<R extends PaymentRequest>(request: R, status: 'expired' | 'cancelled', at: Date): R {
  if (request.status !== 'created') return request;
  return { ...request, status, closedAt: at.toISOString() };
}

export function paid<R extends PaymentRequest>(
  request: R,
  payment: { paymentId: string; razorpayPaymentId: string; paidAt: string },
): R {
  if (request.status === 'paid') return request;
  return {
    ...request,
    status: 'paid',
    paymentId: payment.paymentId,
    razorpayPaymentId: payment.razorpayPaymentId,
    paidAt: payment.paidAt,
  };
}
