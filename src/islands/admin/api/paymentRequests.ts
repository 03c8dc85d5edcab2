import type { AdminPage } from '../../../lib/schemas/adminApi';
import type { CreatePaymentRequest, PaymentRequest } from '../../../lib/schemas/paymentRequest';
import type { RecordMeta } from '../../../server/storage/collection';
import { adminRequest } from './request';

export type PaymentRequestRecord = PaymentRequest & RecordMeta;

export async function listPaymentRequests(signal?: AbortSignal): Promise<AdminPage<PaymentRequestRecord>> {
  return (await adminRequest<AdminPage<PaymentRequestRecord>>('GET', '/api/admin/payment-requests?limit=20', signal ? { signal } : {})).data;
}

export async function createPaymentRequest(body: CreatePaymentRequest): Promise<PaymentRequestRecord> {
  return (await adminRequest<{ request: PaymentRequestRecord }>('POST', '/api/admin/payment-requests', { body })).data.request;
}

export async function cancelPaymentRequest(id: string): Promise<PaymentRequestRecord> {
  return (await adminRequest<{ request: PaymentRequestRecord }>('POST', `/api/admin/payment-requests/${encodeURIComponent(id)}/cancel`)).data.request;
}
