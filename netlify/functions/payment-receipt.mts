import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { paymentLinkReceiptQuerySchema, paymentReceiptQuerySchema } from '../../src/lib/schemas/payment';
import { paymentLinkReceipt } from '../../src/server/paymentRequests';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readQuery } from '../../src/server/http/validate';
import { paymentReceipt } from '../../src/server/payments';

export default route({
  async GET(req) {
    if (new URL(req.url).searchParams.has('link')) {
      const { link, reference, payment } = readQuery(req, paymentLinkReceiptQuerySchema);
      return json(await paymentLinkReceipt(reference, link, payment));
    }
    const { order, payment } = readQuery(req, paymentReceiptQuerySchema);
    return json(await paymentReceipt(order, payment));
  },
});

export const config: Config = {
  path: '/api/payment-receipt',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
