import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TodoAnswer, TodoItem } from '../../../lib/schemas/todo';
import { adminKeys, bookingChanged } from '../api/queries';
import { setBookingStatus } from '../api/bookings';
import { adminRequest } from '../api/request';

// The to-do's calls: GET /api/admin/todo, and "Mark contacted" through each lead's own
// status change (a booking's PATCH /api/bookings/{id}/status, a message's
// PATCH /api/contacts/{id}/status), which takes the lead off the to-do on the server.

const todoKey = adminKeys.todo;

export async function getTodo(signal?: AbortSignal): Promise<TodoAnswer> {
  return (await adminRequest<TodoAnswer>('GET', '/api/admin/todo', signal ? { signal } : {})).data;
}

export const todoQuery = () => queryOptions({ queryKey: todoKey(), queryFn: ({ signal }) => getTodo(signal) });

/** Marks the lead contacted and refreshes what shows it: the to-do, its list, the tiles. */
export async function markContacted(client: QueryClient, item: Pick<TodoItem, 'kind' | 'id'>): Promise<void> {
  if (item.kind === 'booking') {
    const { booking, etag } = await setBookingStatus(item.id, 'contacted');
    bookingChanged(client, booking, etag);
  } else {
    await adminRequest('PATCH', `/api/contacts/${encodeURIComponent(item.id)}/status`, { body: { status: 'contacted' } });
    void client.invalidateQueries({ queryKey: adminKeys.leads('contacts') });
    void client.invalidateQueries({ queryKey: adminKeys.searches() });
  }
  // Off the list at once; the next read says the same.
  client.setQueryData<TodoAnswer>(todoKey(), (data) => data && { items: data.items.filter((entry) => !(entry.kind === item.kind && entry.id === item.id)) });
  void client.invalidateQueries({ queryKey: todoKey() });
}
