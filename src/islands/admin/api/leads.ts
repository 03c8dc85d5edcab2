import type { AdminPage } from '../../../lib/schemas/adminApi';
import { type RecordKindPlural, kindOfPlural, recordKindPlurals, recordKinds } from '../../../lib/leads/kinds';
import type {
  BookingRecord,
  ContactRecord,
  CorporateEnquiryRecord,
  DownloadRecord,
  PaymentRecord,
  SubscriberRecord,
} from './records';
import { adminRequest } from './request';

/** The collections the owner works through, in the order the dashboard shows them (src/lib/leads/kinds.ts). */
export const leadKinds = recordKindPlurals;
export type LeadKind = RecordKindPlural;

export interface LeadRecords {
  bookings: BookingRecord;
  contacts: ContactRecord;
  payments: PaymentRecord;
  downloads: DownloadRecord;
  subscribers: SubscriberRecord;
  corporateEnquiries: CorporateEnquiryRecord;
}

const factsOf = (kind: LeadKind) => recordKinds[kindOfPlural(kind)!];

/** Bookings fill a grid of cards (3 across on a laptop); the other lists are compact rows. */
export const pageSizeOf = (kind: LeadKind): number => factsOf(kind).pageSize;

export interface PageRequest {
  cursor?: string | null;
  limit?: number;
  signal?: AbortSignal;
}

export async function leadPage<K extends LeadKind>(
  kind: K,
  { cursor = null, limit = pageSizeOf(kind), signal }: PageRequest = {},
): Promise<AdminPage<LeadRecords[K]>> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  const options = signal ? { signal } : {};
  return (await adminRequest<AdminPage<LeadRecords[K]>>('GET', `${factsOf(kind).listPath}?${params}`, options)).data;
}
