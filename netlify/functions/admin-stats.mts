import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { requireAdmin } from '../../src/server/auth';
import { readAdminStats, recountStats } from '../../src/server/leads';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';

const isRecount = (req: Request) => /\/recount\/?$/.test(new URL(req.url).pathname);

export default route({
  async GET(req, context) {
    await requireAdmin(req, context);
    if (isRecount(req)) throw notFound();
    return json(await readAdminStats());
  },
  /** POST /api/admin/stats/recount: rebuilds the counters from the data (the only full scan). */
  async POST(req, context) {
    await requireAdmin(req, context);
    if (!isRecount(req)) throw notFound();
    const result = await recountStats();
    return json({ ...result, stats: await readAdminStats() });
  },
});

export const config: Config = {
  path: ['/api/admin/stats', '/api/admin/stats/recount'],
};
