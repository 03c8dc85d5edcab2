import type { Config, Context } from '@netlify/functions';
import '../../src/server/app';
import { bookingDetailsPatchSchema, bookingStatusPatchSchema } from '../../src/lib/schemas/adminApi';
import { requireAdmin } from '../../src/server/auth';
import {
  type StoredBooking,
  bookingEtag,
  editBookingDetails,
  setBookingStatus,
  bookings,
} from '../../src/server/leads';
import { HttpError, notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';
import { ifMatchOf } from '../../src/server/http/versions';
import { recordIdPattern } from '../../src/server/storage/keys';

const NOT_FOUND = 'Booking not found.';

/** A malformed id names no booking: the same 404 as an unknown one. */
function bookingId(context: Context): string {
  const id = context.params?.id ?? '';
  if (!recordIdPattern.test(id)) throw notFound(NOT_FOUND);
  return id;
}

const isStatusPath = (req: Request) => /\/status\/?$/.test(new URL(req.url).pathname);

function versioned(booking: StoredBooking, status = 200): Response {
  return json(booking, { status, headers: { etag: bookingEtag(booking) } });
}

export default route({
  async GET(req, context) {
    await requireAdmin(req, context);
    if (isStatusPath(req)) throw new HttpError(405, 'Change a status with PATCH.', undefined, { allow: 'PATCH' });
    const booking = await bookings.get(bookingId(context));
    if (!booking) throw notFound(NOT_FOUND);
    return versioned(booking);
  },
  async PATCH(req, context) {
    await requireAdmin(req, context);
    const id = bookingId(context);
    const ifMatch = ifMatchOf(req);
    let updated: StoredBooking | null;
    if (isStatusPath(req)) {
      const { status } = await readJson(req, bookingStatusPatchSchema);
      updated = await setBookingStatus(id, status, ifMatch);
    } else {
      // An edit of details says which version it was made from, or it could undo
      // someone's change unseen; a status is one field set outright, to any other in any order
      // (docs/admin.md, "The dashboard").
      if (ifMatch === null)
        throw new HttpError(428, 'Send If-Match with the ETag of the booking as you read it (GET /api/bookings/{id}).');
      updated = await editBookingDetails(id, await readJson(req, bookingDetailsPatchSchema), ifMatch);
    }
    if (!updated) throw notFound(NOT_FOUND);
    return versioned(updated);
  },
});

// One booking, for the admin: no platform rate limit (the owner may work through many
// in a minute); every call needs an admin session.
export const config: Config = {
  path: ['/api/bookings/:id', '/api/bookings/:id/status'],
};
