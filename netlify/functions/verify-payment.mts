import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { verifyPaymentRequestSchema } from '../../src/lib/schemas/payment';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';
import { verifyPayment } from '../../src/server/payments';

export default route({
  async POST(req) {
    const claim = await readJson(req, verifyPaymentRequestSchema);
    return json(await verifyPayment(claim, new Date()));
  },
});

export const config: Config = {
  path: '/api/verify-payment',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
