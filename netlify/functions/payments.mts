import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { paymentListQuerySchema } from '../../src/lib/schemas/payment';
import { requireAdmin } from '../../src/server/auth';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { pageQuerySchema, readQuery } from '../../src/server/http/validate';
import { payments } from '../../src/server/leads';
import { withRefunds } from '../../src/server/refunds';

export default route({
  async GET(req, context) {
    await requireAdmin(req, context);
    const { bookingId, ...page } = readQuery(req, pageQuerySchema.extend(paymentListQuerySchema.shape));
    if (bookingId) {
      // The payments of one booking (a retry after a cancel makes a second order).
      const items = (await payments.all()).filter((payment) => payment.bookingId === bookingId);
      return json({ items: await withRefunds(items), nextCursor: null, total: items.length });
    }
    const listed = await payments.list(page);
    // Each captured payment carries its refunds' summary: one ledger read each.
    return json({ ...listed, items: await withRefunds(listed.items) });
  },
});

export const config: Config = {
  path: '/api/payments',
};
