import { z } from './zod';
import { bookingStatuses } from './booking';
import { personName } from './fields';
import type { Attribution } from './attribution';
import type { RecordKind, RecordKindPlural } from '../leads/kinds';

// The contract between the admin dashboard and its APIs (issue: the owner's admin).
// Request bodies are zod schemas used by the functions; answers are plain types the
// dashboard's typed client reads.

/** GET /api/admin/stats: counts kept current at write time, never by reading every record; one per kind of record (its plural). */
export interface AdminStats extends Record<RecordKindPlural, number> {
  blogPosts: number;
  pending: number;
  contacted: number;
  completed: number;
  cancelled: number;
  /** The kinds that src/lib/leads/kinds.ts marks inTotalRecords, plus blogPosts. */
  totalRecords: number;
}

/** A page cursor: the id of the last record of the page before (newest-first record ids). */
export const pageCursor = z.string().regex(/^\d{13}-[0-9a-f]{10}$/, 'Invalid cursor');

/** Every admin list: GET {listPath}?limit=&cursor=, each kind's listPath in src/lib/leads/kinds.ts. */
export interface AdminPage<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}

/** PATCH /api/bookings/{id}/status */
export const bookingStatusPatchSchema = z.strictObject({
  status: z.enum(bookingStatuses, { error: 'Choose pending, contacted, completed or cancelled' }),
});

/**
 * PATCH /api/bookings/{id}: only these fields; any other (amount, bookingType,
 * paymentStatus, status, ...) is a 400 naming it.
 */
export const bookingDetailsPatchSchema = z
  .strictObject({
    fullName: personName.optional(),
    mobile: z
      .string()
      .trim()
      .max(24, 'Mobile number is too long')
      .regex(/^[+\d][\d\s()-]*$/, 'Use digits, spaces and dashes only')
      .refine((value) => value.replace(/\D/g, '').length === 10, 'Enter a valid 10-digit mobile number')
      .optional(),
    currentStage: z.string().trim().min(1, 'Current stage is required').max(300, 'At most 300 characters').optional(),
    notes: z.string().max(2000, 'At most 2,000 characters').optional(),
  })
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Send at least one field to change', path: ['_'] });
export type BookingDetailsPatch = z.infer<typeof bookingDetailsPatchSchema>;

/**
 * Booking answers (GET /api/bookings/{id} and both PATCHes) carry an `ETag` header: a
 * quoted hash of the stored record. A PATCH with `If-Match` whose value is stale gets
 * 412 with `{ error, current }`, `current` being the booking as stored now.
 */
export interface StaleBookingAnswer<B> {
  error: string;
  current: B;
}

/** GET /api/admin/search?q= : a phone (any formatting), an e-mail, or the start of a name. */
export const adminSearchQuerySchema = z.object({
  q: z.string().trim().min(2, 'Type at least 2 characters').max(100, 'At most 100 characters'),
});

/** Every kind of record is found by the person search (src/lib/leads/kinds.ts). */
export { recordKindNames as searchRecordTypes, type RecordKind as SearchRecordType } from '../leads/kinds';

/** One record of the person's timeline. */
export interface SearchHit {
  type: RecordKind;
  id: string;
  createdAt: string;
  name: string | null;
  phone: string | null;
  email: string | null;
  /** What it was about: package name, resource title, 'Contact form', 'Newsletter'. */
  title: string;
  status: string | null;
  amount: number | null;
  /** Where the lead came from; null when it carried none. */
  attribution: Attribution | null;
}

export interface SearchAnswer {
  q: string;
  matchedBy: 'phone' | 'email' | 'name';
  /** Every record of the person(s) found, newest first: one timeline. */
  hits: SearchHit[];
  /** More records matched than the newest 100 shown (a short name start): type more to narrow. */
  truncated: boolean;
}

// Owner notifications and lead attribution (docs/notifications.md). Every lead record carries
// an optional `attribution`, returned as stored by the lists above and by the search's hits.
//   GET  /api/admin/leads-by-source?days=30         -> LeadsBySourceAnswer (netlify/functions/admin-lead-sources.mts)
//   GET  /api/admin/notifications?status=failed     -> NotificationsAnswer (netlify/functions/admin-notifications.mts)
//   POST /api/admin/notifications/{id}/resend       -> 202 ResendAnswer (same function; Origin checked)
export type { Attribution } from './attribution';
export type {
  LeadsBySourceAnswer,
  LeadsBySourceRow,
  NotificationItem,
  NotificationsAnswer,
  ResendAnswer,
} from './notifications';
