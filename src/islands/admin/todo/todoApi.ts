import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { recordKinds } from '../../../lib/leads/kinds';
import type { TodoAnswer, TodoItem, TodoKind } from '../../../lib/schemas/todo';
import { adminKeys, bookingChanged, leadStatusChanged } from '../api/queries';
import { setBookingStatus } from '../api/bookings';
import { adminRequest } from '../api/request';

// The to-do's calls: GET /api/admin/todo, and "Mark contacted" through each lead's own
// status change (a booking's PATCH /api/bookings/{id}/status, a message's
// PATCH /api/contacts/{id}/status, an enquiry's PATCH /api/corporate-enquiries/{id}/status),
// which takes the lead off the to-do on the server.

const todoKey = adminKeys.todo;

/** Where each kind but bookings changes its status: a kind put on the to-do fails the type check here until it has one. */
const statusPaths: Record<Exclude<TodoKind, 'booking'>, string> = {
  contact: '/api/contacts',
  corporateEnquiry: '/api/corporate-enquiries',
};

/** The first `limit` pending leads, with the counts over them all. */
export async function getTodo(limit: number, signal?: AbortSignal): Promise<TodoAnswer> {
  return (await adminRequest<TodoAnswer>('GET', `/api/admin/todo?${new URLSearchParams({ limit: String(limit) })}`, signal ? { signal } : {})).data;
}

export const todoQuery = (limit: number) => queryOptions({ queryKey: [...todoKey(), limit] as const, queryFn: ({ signal }) => getTodo(limit, signal) });

/** Marks the lead contacted and refreshes what shows it: the to-do, its list, the tiles. */
export async function markContacted(client: QueryClient, item: Pick<TodoItem, 'kind' | 'id' | 'overdue'>): Promise<void> {
  const stored = item.kind === 'booking' ? await setBookingStatus(item.id, 'contacted') : null;
  if (item.kind !== 'booking') await adminRequest('PATCH', `${statusPaths[item.kind]}/${encodeURIComponent(item.id)}/status`, { body: { status: 'contacted' } });
  // Off the list and the counts at once; the refetch the helpers below start says the same.
  client.setQueriesData<TodoAnswer>({ queryKey: todoKey() }, (data) => {
    if (!data?.items.some((entry) => entry.kind === item.kind && entry.id === item.id)) return data;
    return {
      items: data.items.filter((entry) => !(entry.kind === item.kind && entry.id === item.id)),
      total: data.total - 1,
      overdue: data.overdue - (item.overdue ? 1 : 0),
    };
  });
  if (stored) bookingChanged(client, stored.booking, stored.etag);
  else leadStatusChanged(client, recordKinds[item.kind].plural);
}
