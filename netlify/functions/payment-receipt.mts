import type { Config } from '@netlify/functions';
import { paymentReceiptQuerySchema } from '../../src/lib/schemas/payment';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readQuery } from '../../src/server/http/validate';
import { paymentReceipt } from '../../src/server/payments/receipt';

export default route({
  async GET(req) {
    const { order, payment } = readQuery(req, paymentReceiptQuerySchema);
    return json(await paymentReceipt(order, payment));
  },
});

export const config: Config = {
  path: '/api/payment-receipt',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
