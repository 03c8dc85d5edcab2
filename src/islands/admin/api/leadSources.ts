import type { LeadsBySourceAnswer } from '../../../lib/schemas/adminApi';
import { adminRequest } from './request';

export async function getLeadsBySource(days: number, signal?: AbortSignal): Promise<LeadsBySourceAnswer> {
  const params = new URLSearchParams({ days: String(days) });
  return (
    await adminRequest<LeadsBySourceAnswer>('GET', `/api/admin/leads-by-source?${params}`, signal ? { signal } : {})
  ).data;
}
