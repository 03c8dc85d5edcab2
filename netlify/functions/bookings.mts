import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { packageBookingRequestSchema } from '../../src/lib/schemas/packageBooking';
import { requireAdmin } from '../../src/server/auth';
import { bookings } from '../../src/server/leads';
import { createPackageBooking, decoyPackageBooking } from '../../src/server/payments';
import { isBot } from '../../src/server/http/honeypot';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { pageQuerySchema, readJson, readQuery } from '../../src/server/http/validate';

export default route({
  async GET(req, context) {
    await requireAdmin(req, context);
    return json(await bookings.list(readQuery(req, pageQuerySchema)));
  },
  async POST(req) {
    const { website, ...request } = await readJson(req, packageBookingRequestSchema);
    if (isBot({ website })) return json(decoyPackageBooking(request), { status: 201 });
    return json(await createPackageBooking(request), { status: 201 });
  },
});

// Literal on purpose: Netlify reads this config statically (docs/decisions/0009-honeypot-and-rate-limits.md).
export const config: Config = {
  path: '/api/bookings',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
