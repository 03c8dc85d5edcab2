import type { SetAsideAnswer } from '../../../lib/schemas/setAside';
import { adminRequest } from './request';

/**
 * Follow-up events that kept failing and were set aside, newest first
 * (docs/decisions/0033-bounded-keys-and-dead-letters.md).
 */
export async function listSetAside(signal?: AbortSignal): Promise<SetAsideAnswer> {
  return (await adminRequest<SetAsideAnswer>('GET', '/api/admin/follow-up', signal ? { signal } : {})).data;
}

/** Puts one back in the queue (202): it runs at once and is retried as usual. */
export async function retrySetAside(id: string): Promise<{ id: string }> {
  return (
    await adminRequest<{ id: string }>('POST', `/api/admin/follow-up/${encodeURIComponent(id)}/retry`, { body: {} })
  ).data;
}
