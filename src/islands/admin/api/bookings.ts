import type { BookingDetailsPatch, StaleBookingAnswer } from '../../../lib/schemas/adminApi';
import type { bookingStatuses } from '../../../lib/schemas/booking';
import type { BookingRecord } from './records';
import { AdminApiError, adminRequest } from './request';

export type BookingStatus = (typeof bookingStatuses)[number];

/** A booking with the version it was read at: the If-Match of the next edit. */
export interface VersionedBooking {
  booking: BookingRecord;
  etag: string | null;
}

const bookingPath = (id: string) => `/api/bookings/${encodeURIComponent(id)}`;

export async function getBooking(id: string, signal?: AbortSignal): Promise<VersionedBooking> {
  const { data, etag } = await adminRequest<BookingRecord>('GET', bookingPath(id), signal ? { signal } : {});
  return { booking: data, etag };
}

/**
 * Sent without If-Match on purpose: a status is one field the owner sets outright
 * (any status at any time), so the newest choice is the right one and
 * nothing else on the booking is touched.
 */
export async function setBookingStatus(id: string, status: BookingStatus): Promise<VersionedBooking> {
  const { data, etag } = await adminRequest<BookingRecord>('PATCH', `${bookingPath(id)}/status`, { body: { status } });
  return { booking: data, etag };
}

/** Someone changed the booking after we read it; `current` is how it is stored now. */
export class BookingConflictError extends Error {
  constructor(
    readonly current: BookingRecord,
    readonly etag: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'BookingConflictError';
  }
}

/** Changes only the fields given, and only if the booking is still at `etag`. */
export async function updateBooking(id: string, patch: BookingDetailsPatch, etag: string): Promise<VersionedBooking> {
  try {
    const { data, etag: next } = await adminRequest<BookingRecord>('PATCH', bookingPath(id), {
      body: patch,
      ifMatch: etag,
    });
    return { booking: data, etag: next };
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 412) {
      const stale = error.json as StaleBookingAnswer<BookingRecord> | null;
      if (stale?.current) throw new BookingConflictError(stale.current, error.etag, stale.error);
    }
    throw error;
  }
}
