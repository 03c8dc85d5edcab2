import type { RefundAnswer, RefundRequest } from '../../../lib/schemas/refund';
import { adminRequest } from './request';

/** POST /api/admin/payments/{id}/refund: 202, the refund pending until Razorpay's webhook settles it. */
export async function requestRefund(
  paymentId: string,
  body: RefundRequest,
  idempotencyKey: string,
): Promise<RefundAnswer['refund']> {
  const path = `/api/admin/payments/${encodeURIComponent(paymentId)}/refund`;
  return (await adminRequest<RefundAnswer>('POST', path, { body, headers: { 'idempotency-key': idempotencyKey } })).data
    .refund;
}
