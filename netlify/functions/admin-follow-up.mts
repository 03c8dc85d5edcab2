import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { setAsideParamsSchema } from '../../src/lib/schemas/setAside';
import { requireAdmin } from '../../src/server/auth';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readParams } from '../../src/server/http/validate';
import { listSetAside, retrySetAside } from '../../src/server/followUp/setAside';

const isRetry = (req: Request) => /\/retry\/?$/.test(new URL(req.url).pathname);

export default route({
  /** GET /api/admin/follow-up: follow-up events set aside after their last try. */
  async GET(req, context) {
    await requireAdmin(req, context);
    if (isRetry(req)) throw notFound();
    return json({ items: await listSetAside() });
  },
  /** POST /api/admin/follow-up/{id}/retry (requireAdmin checks the Origin of a POST). */
  async POST(req, context) {
    await requireAdmin(req, context);
    if (!isRetry(req)) throw notFound();
    const { id } = readParams(context.params ?? {}, setAsideParamsSchema);
    return json(await retrySetAside(id), { status: 202 });
  },
});

export const config: Config = {
  path: ['/api/admin/follow-up', '/api/admin/follow-up/:id/retry'],
};
