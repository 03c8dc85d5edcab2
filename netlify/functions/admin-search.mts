import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { adminSearchQuerySchema } from '../../src/lib/schemas/adminApi';
import { requireAdmin } from '../../src/server/auth';
import { findPerson } from '../../src/server/leads';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readQuery } from '../../src/server/http/validate';

export default route({
  async GET(req, context) {
    await requireAdmin(req, context);
    const { q } = readQuery(req, adminSearchQuerySchema);
    return json(await findPerson(q));
  },
});

export const config: Config = {
  path: '/api/admin/search',
};
