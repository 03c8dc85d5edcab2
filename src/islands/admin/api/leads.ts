import type { AdminPage } from '../../../lib/schemas/adminApi';
import type { BookingRecord, ContactRecord, DownloadRecord, PaymentRecord, SubscriberRecord } from './records';
import { adminRequest } from './request';

/** The five lead collections the owner works through, in the order the dashboard shows them. */
export const leadKinds = ['bookings', 'contacts', 'payments', 'downloads', 'subscribers'] as const;
export type LeadKind = (typeof leadKinds)[number];

export interface LeadRecords {
  bookings: BookingRecord;
  contacts: ContactRecord;
  payments: PaymentRecord;
  downloads: DownloadRecord;
  subscribers: SubscriberRecord;
}

const leadPaths: Record<LeadKind, string> = {
  bookings: '/api/bookings',
  contacts: '/api/contact',
  payments: '/api/payments',
  downloads: '/api/resource-downloads',
  subscribers: '/api/newsletter',
};

/** Bookings fill a grid of cards (3 across on a laptop); the other lists are compact rows. */
export const PAGE_SIZES: Record<LeadKind, number> = { bookings: 12, contacts: 10, payments: 10, downloads: 10, subscribers: 10 };

export interface PageRequest {
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}

export async function leadPage<K extends LeadKind>(kind: K, { cursor = null, limit = PAGE_SIZES[kind], signal }: PageRequest = {}): Promise<AdminPage<LeadRecords[K]>> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  const options = signal ? { signal } : {};
  return (await adminRequest<AdminPage<LeadRecords[K]>>('GET', `${leadPaths[kind]}?${params}`, options)).data;
}
