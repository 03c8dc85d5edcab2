import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { packageBookingRequestSchema } from '../../src/lib/schemas/packageBooking';
import { requireAdmin } from '../../src/server/auth';
import { bookings } from '../../src/server/leads';
import { createPackageBooking, decoyPackageBooking, packageBookingFrom } from '../../src/server/payments';
import { holdChildBooking } from '../../src/server/privacy';
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
    const { website, minor, parentName, parentPhone, parentEmail, ...request } = await readJson(
      req,
      packageBookingRequestSchema,
    );
    // A student under 18: held until a parent confirms; nothing to pay until then (docs/privacy.md, "Students and parents").
    if (minor && parentName && parentPhone) {
      if (!isBot({ website }))
        await holdChildBooking(packageBookingFrom(request), {
          parentName,
          parentPhone,
          parentEmail,
          whatsappOptIn: request.whatsappOptIn,
        });
      return json({ status: 'awaiting-parent' }, { status: 202 });
    }
    if (isBot({ website })) return json(decoyPackageBooking(request), { status: 201 });
    return json(await createPackageBooking(request), { status: 201 });
  },
});

// Literal on purpose: Netlify reads this config statically (docs/decisions/0009-honeypot-and-rate-limits.md).
export const config: Config = {
  path: '/api/bookings',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
