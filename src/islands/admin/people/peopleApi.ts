import { queryOptions } from '@tanstack/react-query';
import type { PeopleAnswer, PersonThread } from '../../../lib/schemas/people';
import { adminRequest } from '../api/request';

// The People view's calls (docs/api.md): GET /api/admin/people and /api/admin/people/thread.

export const peopleKeys = {
  all: () => ['admin', 'people'] as const,
  list: (limit: number) => ['admin', 'people', 'list', limit] as const,
  thread: (q: string) => ['admin', 'people', 'thread', q] as const,
};

async function getPeople(limit: number, signal?: AbortSignal): Promise<PeopleAnswer> {
  const params = new URLSearchParams({ limit: String(limit) });
  return (await adminRequest<PeopleAnswer>('GET', `/api/admin/people?${params}`, signal ? { signal } : {})).data;
}

async function getThread(q: string, signal?: AbortSignal): Promise<PersonThread> {
  const params = new URLSearchParams({ q });
  return (await adminRequest<PersonThread>('GET', `/api/admin/people/thread?${params}`, signal ? { signal } : {})).data;
}

/** The People list and Today's "New since your last visit" read the same page: one request for both. */
export const PEOPLE_SHOWN = 30;

export const peopleQuery = (limit: number = PEOPLE_SHOWN) =>
  queryOptions({ queryKey: peopleKeys.list(limit), queryFn: ({ signal }) => getPeople(limit, signal) });

export const threadQuery = (q: string) =>
  queryOptions({ queryKey: peopleKeys.thread(q), queryFn: ({ signal }) => getThread(q, signal) });
