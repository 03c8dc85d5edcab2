import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { idempotencyKeySchema, refundParamsSchema, refundRequestSchema } from '../../src/lib/schemas/refund';
import { requireAdmin } from '../../src/server/auth';
import { badRequest } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson, readParams } from '../../src/server/http/validate';
import { requestRefund } from '../../src/server/refunds';

export default route({
  /** POST /api/admin/payments/{id}/refund { amount?, reason } -> 202 { refund } (requireAdmin checks the Origin). */
  async POST(req, context) {
    await requireAdmin(req, context);
    const { id } = readParams(context.params ?? {}, refundParamsSchema);
    const input = await readJson(req, refundRequestSchema);
    const key = req.headers.get('idempotency-key');
    const idempotencyKey = key === null ? null : idempotencyKeySchema.safeParse(key);
    if (idempotencyKey && !idempotencyKey.success)
      throw badRequest('Invalid Idempotency-Key header.', { 'idempotency-key': '10-64 letters, digits, - or _' });
    return json(await requestRefund(id, input, idempotencyKey?.data ?? null), { status: 202 });
  },
});

export const config: Config = {
  path: '/api/admin/payments/:id/refund',
};
