import type { AdminPage } from '../../../lib/schemas/adminApi';
import type { CreatePaymentRequest, PaymentRequest } from '../../../lib/schemas/paymentRequest';
import type { RecordMeta } from '../../../lib/schemas/recordMeta';
import { adminRequest } from './request';

export type PaymentRequestRecord = PaymentRequest & RecordMeta;

/** A page of 20, newest first, after `cursor` (the last id of the page before). */
export async function listPaymentRequests(
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AdminPage<PaymentRequestRecord>> {
  const query = new URLSearchParams({ limit: '20', ...(cursor ? { cursor } : {}) });
  return (
    await adminRequest<AdminPage<PaymentRequestRecord>>(
      'GET',
      `/api/admin/payment-requests?${query}`,
      signal ? { signal } : {},
    )
  ).data;
}

export async function createPaymentRequest(body: CreatePaymentRequest): Promise<PaymentRequestRecord> {
  return (await adminRequest<{ request: PaymentRequestRecord }>('POST', '/api/admin/payment-requests', { body })).data
    .request;
}

export async function cancelPaymentRequest(id: string): Promise<PaymentRequestRecord> {
  return (
    await adminRequest<{ request: PaymentRequestRecord }>(
      'POST',
      `/api/admin/payment-requests/${encodeURIComponent(id)}/cancel`,
    )
  ).data.request;
}
