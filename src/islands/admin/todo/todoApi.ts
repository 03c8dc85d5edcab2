import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { recordKinds, todoFactsOf } from '../../../lib/leads/kinds';
import type { TodoAnswer, TodoItem, TodoRecord } from '../../../lib/schemas/todo';
import { adminKeys, bookingChanged, leadStatusChanged } from '../api/queries';
import { setBookingStatus } from '../api/bookings';
import { adminRequest } from '../api/request';

// The to-do's calls: GET /api/admin/todo, and "Mark contacted" through each lead's own
// status change (PATCH {statusPath}/{id}/status, each kind's statusPath in
// src/lib/leads/kinds.ts), which takes the lead off the to-do on the server.

const todoKey = adminKeys.todo;

/** The first `limit` pending leads, with the counts over them all. */
export async function getTodo(limit: number, signal?: AbortSignal): Promise<TodoAnswer> {
  return (
    await adminRequest<TodoAnswer>(
      'GET',
      `/api/admin/todo?${new URLSearchParams({ limit: String(limit) })}`,
      signal ? { signal } : {},
    )
  ).data;
}

export const todoQuery = (limit: number) =>
  queryOptions({ queryKey: [...todoKey(), limit] as const, queryFn: ({ signal }) => getTodo(limit, signal) });

/** Marks one record contacted; answers the booking's new version when it was a booking. */
async function markRecord(record: Pick<TodoRecord, 'kind' | 'id'>) {
  // A booking goes through the bookings' own call, which answers its new version; other kinds by their status path.
  if (record.kind === 'booking') return setBookingStatus(record.id, 'contacted');
  const path = `${todoFactsOf(record.kind).statusPath}/${encodeURIComponent(record.id)}/status`;
  await adminRequest<unknown>('PATCH', path, { body: { status: 'contacted' } });
  return null;
}

/**
 * Marks every waiting record of the person contacted (one item is one person:
 * docs/decisions/0042-one-person-view.md) and refreshes what shows them: the to-do, the lists, the tiles.
 */
export async function markContacted(
  client: QueryClient,
  item: Pick<TodoItem, 'kind' | 'id' | 'overdue' | 'records'>,
): Promise<void> {
  const results = await Promise.all(
    item.records.map(async (record) => ({ record, booking: await markRecord(record) })),
  );
  // Off the list and the counts at once; the refetch the helpers below start says the same.
  client.setQueriesData<TodoAnswer>({ queryKey: todoKey() }, (data) => {
    if (!data?.items.some((entry) => entry.kind === item.kind && entry.id === item.id)) return data;
    return {
      items: data.items.filter((entry) => !(entry.kind === item.kind && entry.id === item.id)),
      total: data.total - 1,
      overdue: data.overdue - (item.overdue ? 1 : 0),
    };
  });
  // A booking's new version is what its card and edit form keep (If-Match); other kinds' lists are read again.
  for (const { record, booking } of results) {
    if (booking) bookingChanged(client, booking.booking, booking.etag);
    else leadStatusChanged(client, recordKinds[record.kind].plural);
  }
}
