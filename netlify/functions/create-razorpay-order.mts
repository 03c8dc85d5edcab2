import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { createOrderRequestSchema } from '../../src/lib/schemas/payment';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';
import { startPayment } from '../../src/server/payments';

export default route({
  async POST(req) {
    // The schema has no amount: whatever the browser says a package costs is dropped here.
    const request = await readJson(req, createOrderRequestSchema);
    return json(await startPayment(request), { status: 201 });
  },
});

export const config: Config = {
  path: '/api/create-razorpay-order',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
