import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { requireAdmin } from '../../src/server/auth';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readQuery } from '../../src/server/http/validate';
import { notFound } from '../../src/server/http/errors';
import { readPeople, readThread } from '../../src/server/people';
import { peopleQuerySchema, threadQuerySchema } from '../../src/lib/schemas/people';

const DEFAULT_PEOPLE = 20;

export default route({
  /**
   * GET /api/admin/people?limit=: people, newest activity first.
   * GET /api/admin/people/thread?q=: everything of one person (a phone number or an e-mail).
   */
  async GET(req, context) {
    await requireAdmin(req, context);
    const { pathname } = new URL(req.url);
    if (pathname.endsWith('/thread')) {
      const { q } = readQuery(req, threadQuerySchema);
      return json(await readThread(q), { headers: { 'cache-control': 'no-store' } });
    }
    if (pathname.replace(/\/$/, '') !== '/api/admin/people') throw notFound();
    const { limit } = readQuery(req, peopleQuerySchema);
    return json(await readPeople(limit ?? DEFAULT_PEOPLE), { headers: { 'cache-control': 'no-store' } });
  },
});

export const config: Config = {
  path: ['/api/admin/people', '/api/admin/people/thread'],
};
