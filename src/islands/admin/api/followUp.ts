import type { SetAsideAnswer, SetAsideQueue } from '../../../lib/schemas/setAside';
import { adminRequest } from './request';

/**
 * Queued work (follow-up events, messages, reminders) that kept failing and was set aside,
 * newest first (docs/queue.md).
 */
export async function listSetAside(signal?: AbortSignal): Promise<SetAsideAnswer> {
  return (await adminRequest<SetAsideAnswer>('GET', '/api/admin/follow-up', signal ? { signal } : {})).data;
}

/** Puts one back in the queue (202): it runs at once and is retried as usual. */
export async function retrySetAside(id: string, queue: SetAsideQueue): Promise<{ id: string }> {
  const path = `/api/admin/follow-up/${encodeURIComponent(id)}/retry?queue=${queue}`;
  return (await adminRequest<{ id: string }>('POST', path, { body: {} })).data;
}
