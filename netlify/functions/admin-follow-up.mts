import type { Config } from '@netlify/functions';
import { listSetAside, retrySetAside } from '../../src/server/app';
import { setAsideQueueSchema, setAsideRetrySchema } from '../../src/lib/schemas/setAside';
import { requireAdmin } from '../../src/server/auth';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readParams, readQuery } from '../../src/server/http/validate';

const isRetry = (req: Request) => /\/retry\/?$/.test(new URL(req.url).pathname);

export default route({
  /** GET /api/admin/follow-up: the durable queue's dead letters (events, messages, reminders). */
  async GET(req, context) {
    await requireAdmin(req, context);
    if (isRetry(req)) throw notFound();
    return json({ items: await listSetAside() });
  },
  /** POST /api/admin/follow-up/{id}/retry?queue= (requireAdmin checks the Origin of a POST). */
  async POST(req, context) {
    await requireAdmin(req, context);
    if (!isRetry(req)) throw notFound();
    const { queue } = readQuery(req, setAsideQueueSchema);
    const retry = readParams({ ...context.params, queue }, setAsideRetrySchema);
    return json(await retrySetAside(retry), { status: 202 });
  },
});

export const config: Config = {
  path: ['/api/admin/follow-up', '/api/admin/follow-up/:id/retry'],
};
