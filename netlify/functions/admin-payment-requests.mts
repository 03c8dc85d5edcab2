import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { createPaymentRequestSchema, paymentRequestParamsSchema } from '../../src/lib/schemas/paymentRequest';
import { requireAdmin } from '../../src/server/auth';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { pageQuerySchema, readJson, readParams, readQuery } from '../../src/server/http/validate';
import { cancelPaymentRequest, createPaymentRequest, paymentRequests } from '../../src/server/paymentRequests';

const isCancel = (req: Request) => /\/cancel\/?$/.test(new URL(req.url).pathname);

export default route({
  /** GET /api/admin/payment-requests: newest first, a page at a time. */
  async GET(req, context) {
    await requireAdmin(req, context);
    if (isCancel(req)) throw notFound();
    return json(await paymentRequests.list(readQuery(req, pageQuerySchema)));
  },
  /** POST /api/admin/payment-requests, POST /api/admin/payment-requests/{id}/cancel (requireAdmin checks the Origin). */
  async POST(req, context) {
    await requireAdmin(req, context);
    if (isCancel(req)) {
      const { id } = readParams(context.params ?? {}, paymentRequestParamsSchema);
      return json({ request: await cancelPaymentRequest(id) });
    }
    const input = await readJson(req, createPaymentRequestSchema);
    return json({ request: await createPaymentRequest(input) }, { status: 201 });
  },
});

export const config: Config = {
  path: ['/api/admin/payment-requests', '/api/admin/payment-requests/:id/cancel'],
};
