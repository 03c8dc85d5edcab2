import type { AdminStats } from '../../../lib/schemas/adminApi';
import { adminRequest } from './request';

export async function getStats(signal?: AbortSignal): Promise<AdminStats> {
  return (await adminRequest<AdminStats>('GET', '/api/admin/stats', signal ? { signal } : {})).data;
}
