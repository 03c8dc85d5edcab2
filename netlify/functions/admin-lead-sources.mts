import type { Config } from '@netlify/functions';
import { leadsBySourceQuerySchema } from '../../src/lib/schemas/notifications';
import { requireAdmin } from '../../src/server/auth';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readQuery } from '../../src/server/http/validate';
import { readLeadsBySource } from '../../src/server/sources';

export default route({
  /** GET /api/admin/leads-by-source?days=30: leads per utm source and medium, counted at write time. */
  async GET(req, context) {
    await requireAdmin(req, context);
    const { days } = readQuery(req, leadsBySourceQuerySchema);
    return json(await readLeadsBySource(days));
  },
});

export const config: Config = {
  path: '/api/admin/leads-by-source',
};
