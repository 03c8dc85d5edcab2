import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { AdminPage } from '../../../lib/schemas/adminApi';
import { getAiStatus } from './aiDrafting';
import { listBlogPosts } from './blog';
import { getBooking } from './bookings';
import { type LeadKind, type LeadRecords, leadPage } from './leads';
import { getLeadsBySource } from './leadSources';
import { listSetAside } from './followUp';
import { getGoogleCalendar } from './googleCalendar';
import { listRecentWhatsApp, listUndeliveredNotifications } from './notifications';
import type { BookingRecord } from './records';
import { findPerson } from './search';
import { AdminApiError } from './request';
import { getStats } from './stats';

// Query keys and options for every server read of the admin, in one place, so a
// change knows exactly what to refresh.

export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  leads: (kind: LeadKind) => ['admin', 'leads', kind] as const,
  booking: (id: string) => ['admin', 'booking', id] as const,
  searches: () => ['admin', 'search'] as const,
  search: (q: string) => ['admin', 'search', q] as const,
  blogPosts: () => ['admin', 'blog', 'posts'] as const,
  aiStatus: () => ['admin', 'ai', 'status'] as const,
  /** What converts, for every period asked. */
  allLeadSources: () => ['admin', 'lead-sources'] as const,
  leadSources: (days: number) => ['admin', 'lead-sources', days] as const,
  /** Every notifications list (the undelivered and the latest WhatsApp messages). */
  notifications: () => ['admin', 'notifications'] as const,
  undeliveredNotifications: () => ['admin', 'notifications', 'undelivered'] as const,
  recentWhatsApp: () => ['admin', 'notifications', 'recent-whatsapp'] as const,
  setAside: () => ['admin', 'follow-up', 'set-aside'] as const,
  todo: () => ['admin', 'todo'] as const,
  /** The Google Calendar connection: Settings reads the calendar list afresh, Today only the stored state. */
  googleCalendar: () => ['admin', 'google-calendar'] as const,
  googleCalendarFresh: () => ['admin', 'google-calendar', 'fresh'] as const,
};

export const statsQuery = () =>
  queryOptions({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => getStats(signal) });

export const leadListQuery = <K extends LeadKind>(kind: K) =>
  infiniteQueryOptions({
    queryKey: adminKeys.leads(kind),
    queryFn: ({ pageParam, signal }) => leadPage(kind, { cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: AdminPage<LeadRecords[K]>) => last.nextCursor ?? undefined,
  });

/** Read right before an edit: the booking as stored now and its ETag. */
export const bookingQuery = (id: string) =>
  queryOptions({ queryKey: adminKeys.booking(id), queryFn: ({ signal }) => getBooking(id, signal) });

export const searchQuery = (q: string) =>
  queryOptions({ queryKey: adminKeys.search(q), queryFn: ({ signal }) => findPerson(q, signal) });

export const leadSourcesQuery = (days: number) =>
  queryOptions({ queryKey: adminKeys.leadSources(days), queryFn: ({ signal }) => getLeadsBySource(days, signal) });

export const undeliveredNotificationsQuery = () =>
  queryOptions({
    queryKey: adminKeys.undeliveredNotifications(),
    queryFn: ({ signal }) => listUndeliveredNotifications(signal),
  });

export const recentWhatsAppQuery = () =>
  queryOptions({ queryKey: adminKeys.recentWhatsApp(), queryFn: ({ signal }) => listRecentWhatsApp(signal) });

export const setAsideQuery = () =>
  queryOptions({ queryKey: adminKeys.setAside(), queryFn: ({ signal }) => listSetAside(signal) });

export const googleCalendarQuery = ({ refresh = false } = {}) =>
  queryOptions({
    queryKey: refresh ? adminKeys.googleCalendarFresh() : adminKeys.googleCalendar(),
    queryFn: ({ signal }) => getGoogleCalendar({ refresh }, signal),
  });

export const blogPostsQuery = () =>
  queryOptions({ queryKey: adminKeys.blogPosts(), queryFn: ({ signal }) => listBlogPosts(signal) });

export const aiStatusQuery = () =>
  queryOptions({ queryKey: adminKeys.aiStatus(), queryFn: ({ signal }) => getAiStatus(signal) });

/** Shows the booking as stored in every cached view of it (list card, detail). */
export function putBooking(client: QueryClient, booking: BookingRecord, etag: string | null): void {
  client.setQueryData<InfiniteData<AdminPage<BookingRecord>>>(
    adminKeys.leads('bookings'),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          items: page.items.map((item) => (item.id === booking.id ? booking : item)),
        })),
      },
  );
  client.setQueryData(adminKeys.booking(booking.id), { booking, etag });
}

/**
 * After a booking changed: show the stored version and refresh what is derived from
 * it (tiles, search results): cached data stays until a change invalidates it (queryClient.ts).
 */
export function bookingChanged(client: QueryClient, booking: BookingRecord, etag: string | null): void {
  putBooking(client, booking, etag);
  void client.invalidateQueries({ queryKey: adminKeys.stats() });
  void client.invalidateQueries({ queryKey: adminKeys.todo() });
  void client.invalidateQueries({ queryKey: adminKeys.searches() });
}

/** After a lead's status changed (a contact message, a corporate enquiry): its list, the to-do and search results. */
export function leadStatusChanged(client: QueryClient, kind: LeadKind): void {
  void client.invalidateQueries({ queryKey: adminKeys.leads(kind) });
  void client.invalidateQueries({ queryKey: adminKeys.todo() });
  void client.invalidateQueries({ queryKey: adminKeys.searches() });
}

/** After a call was marked held or a no-show: What converts counts it (the server counted it before answering). */
export function conversionsChanged(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: adminKeys.allLeadSources() });
}

/** After a post was written, deleted or drafted by AI: the list and the Blog Posts tile. */
export function blogPostsChanged(client: QueryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: adminKeys.blogPosts() }),
    client.invalidateQueries({ queryKey: adminKeys.stats() }),
  ]);
}

/** A 503 from an AI route means drafting was switched off since the panels asked: ask again. */
export function refreshAiStatusAfter(client: QueryClient, error: unknown): void {
  if (error instanceof AdminApiError && error.status === 503)
    void client.invalidateQueries({ queryKey: adminKeys.aiStatus() });
}
