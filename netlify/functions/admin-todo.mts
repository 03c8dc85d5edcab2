import type { Config } from '@netlify/functions';
import { requireAdmin } from '../../src/server/auth/session';
import { readTodo } from '../../src/server/admin/todo/readTodo';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';

export default route({
  /** GET /api/admin/todo: every lead still pending, due soonest first (one listing of the to-do index). */
  async GET(req, context) {
    await requireAdmin(req, context);
    return json(await readTodo());
  },
});

export const config: Config = {
  path: '/api/admin/todo',
};
