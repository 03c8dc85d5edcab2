import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { SlotsAnswer } from '../../../lib/schemas/appointment';
import type {
  AdminClientsAnswer,
  SessionMoveAnswer,
  SessionOutcomeAnswer,
  SessionOutcomeRequest,
} from '../../../lib/schemas/client';
import { adminKeys } from '../api/queries';
import { adminRequest } from '../api/request';
import { scheduleKeys } from '../schedule/scheduleApi';

// The owner's clients and their sessions, beside the panel that shows them.

export const clientKeys = { list: () => [...adminKeys.all, 'clients'] as const };

export async function listClients(cursor: string | null, signal?: AbortSignal): Promise<AdminClientsAnswer> {
  const params = new URLSearchParams({ limit: '20', ...(cursor ? { cursor } : {}) });
  return (await adminRequest<AdminClientsAnswer>('GET', `/api/admin/clients?${params}`, signal ? { signal } : {})).data;
}

export const clientsQuery = () =>
  infiniteQueryOptions({
    queryKey: clientKeys.list(),
    queryFn: ({ pageParam, signal }) => listClients(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export async function markSession(id: string, body: SessionOutcomeRequest): Promise<SessionOutcomeAnswer> {
  return (
    await adminRequest<SessionOutcomeAnswer>('POST', `/api/admin/sessions/${encodeURIComponent(id)}/outcome`, { body })
  ).data;
}

export async function cancelSessionAsOwner(id: string): Promise<void> {
  await adminRequest<unknown>('POST', `/api/admin/sessions/${encodeURIComponent(id)}/cancel`, { body: {} });
}

/** The free starts of a session this long: the list the client's own picker reads (GET /api/slots). */
export async function freeSessionStarts(minutes: number, signal?: AbortSignal): Promise<SlotsAnswer> {
  const params = new URLSearchParams({ days: '14', kind: 'session', minutes: String(minutes) });
  return (await adminRequest<SlotsAnswer>('GET', `/api/slots?${params}`, signal ? { signal } : {})).data;
}

/** The owner moves a client's session at any time: the same free-time check as the client's own move. */
export async function moveSessionAsOwner(id: string, start: string): Promise<SessionMoveAnswer> {
  return (
    await adminRequest<SessionMoveAnswer>('POST', `/api/admin/sessions/${encodeURIComponent(id)}/move`, {
      body: { start },
    })
  ).data;
}

/** The owner books one of the client's sessions (POST /api/admin/clients/{id}/sessions). */
export async function bookSessionAsOwner(clientId: string, start: string): Promise<SessionMoveAnswer> {
  return (
    await adminRequest<SessionMoveAnswer>('POST', `/api/admin/clients/${encodeURIComponent(clientId)}/sessions`, {
      body: { start },
    })
  ).data;
}

/** After an outcome, a cancel or a move: the calls list (which shows sessions) and the clients list. */
export function sessionsChanged(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: scheduleKeys.all }),
    client.invalidateQueries({ queryKey: clientKeys.list() }),
  ]);
}
