import type { Config } from '@netlify/functions';
import { aiStatus } from '../../src/server/ai';
import { requireAdmin } from '../../src/server/auth';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';

// Lets the AI panels say "not configured" before the owner types anything.
export default route({
  async GET(req, context) {
    await requireAdmin(req, context);
    return json(aiStatus());
  },
});

export const config: Config = {
  path: '/api/ai-status',
};
