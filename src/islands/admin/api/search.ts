import type { SearchAnswer } from '../../../lib/schemas/adminApi';
import { adminRequest } from './request';

/** The server's minimum (adminSearchQuerySchema): shorter queries are not sent. */
export const MIN_SEARCH_LENGTH = 2;

export async function findPerson(q: string, signal?: AbortSignal): Promise<SearchAnswer> {
  const params = new URLSearchParams({ q });
  return (await adminRequest<SearchAnswer>('GET', `/api/admin/search?${params}`, signal ? { signal } : {})).data;
}
