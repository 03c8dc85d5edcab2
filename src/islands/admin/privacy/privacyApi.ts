import { queryOptions } from '@tanstack/react-query';
import type { AdminPrivacyView } from '../../../lib/schemas/privacy';
import { adminKeys } from '../api/queries';
import { adminRequest } from '../api/request';

// The owner's side of people's rights (docs/privacy.md), beside the panel that shows it.

export const privacyKeys = { view: () => [...adminKeys.all, 'privacy'] as const };

export async function getPrivacy(signal?: AbortSignal): Promise<AdminPrivacyView> {
  return (await adminRequest<AdminPrivacyView>('GET', '/api/admin/privacy', signal ? { signal } : {})).data;
}

export const privacyQuery = () =>
  queryOptions({ queryKey: privacyKeys.view(), queryFn: ({ signal }) => getPrivacy(signal) });

/** Erases a person for a request received by phone or e-mail (202: done after the answer). */
export async function eraseFor(body: { phone?: string; email?: string }): Promise<{ requestId: string }> {
  return (await adminRequest<{ requestId: string }>('POST', '/api/admin/privacy/erase', { body })).data;
}

/** Sends each address the breach notice through the outbox (202 once queued). */
export async function sendBreachNotice(body: {
  emails: string[];
  happened: string;
  data: string;
  done: string;
  advice: string;
}): Promise<{ queued: number }> {
  return (await adminRequest<{ queued: number }>('POST', '/api/admin/privacy/breach', { body })).data;
}
