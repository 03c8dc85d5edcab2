import type { Config } from '@netlify/functions';
import { addDays, istDateOf } from '../../src/lib/schedule/istClock';
import { z } from '../../src/lib/schemas/zod';
import { calendarFeed } from '../../src/server/appointments';
import { feedSecretMatches, appointmentsOnDates } from '../../src/server/booking';
import { notFound } from '../../src/server/http/errors';
import { route } from '../../src/server/http/route';

// The owner's private calendar feed: the address is the secret (calendar apps cannot sign
// in), shown and rotated in the admin. A wrong secret is a plain 404.

const paramsSchema = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16,64}\.ics$/, 'Not found') });
/** Upcoming calls: from today (IST) this many days on. */
const FEED_DAYS = 90;

export default route({
  async GET(_req, context) {
    // Any malformed address is simply not found: the feed says nothing about its secret.
    const parsed = paramsSchema.safeParse(context.params ?? {});
    if (!parsed.success) throw notFound();
    const { file } = parsed.data;
    if (!(await feedSecretMatches(file.slice(0, -'.ics'.length)))) throw notFound();
    const today = istDateOf(Date.now());
    const dates = Array.from({ length: FEED_DAYS }, (_, index) => addDays(today, index));
    const now = Date.now();
    const upcoming = (await appointmentsOnDates(dates)).filter((appointment) => Date.parse(appointment.end) > now);
    return new Response(calendarFeed(upcoming), {
      headers: { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, no-store' },
    });
  },
});

export const config: Config = {
  path: '/api/calendar/:file',
};
