import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/server/auth';
import { readTodo } from '../../src/server/indexes/todo/readTodo';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readQuery } from '../../src/server/http/validate';
import { todoQuerySchema } from '../../src/lib/schemas/todo';

export default route({
  /** GET /api/admin/todo?limit=: leads still pending, due soonest first, with counts over them all (one listing of the to-do index). */
  async GET(req, context) {
    await requireAdmin(req, context);
    const { limit } = readQuery(req, todoQuerySchema);
    return json(await readTodo(new Date(), limit));
  },
});

export const config: Config = {
  path: '/api/admin/todo',
};
