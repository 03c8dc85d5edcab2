import type { Config } from '@netlify/functions';
import { z } from 'zod';
import {
  adminSettings,
  assertSameOrigin,
  clearedSessionCookie,
  passwordMatches,
  readSession,
  sessionCookie,
} from '../../src/server/auth/session';
import { notFound, unauthorized } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';

const loginSchema = z.object({ password: z.string().min(1, 'Password is required').max(200) });

function action(req: Request): string {
  return new URL(req.url).pathname.replace(/\/+$/, '').split('/').pop() ?? '';
}

export default route({
  async POST(req) {
    const which = action(req);
    if (which === 'login') {
      assertSameOrigin(req);
      const { password } = await readJson(req, loginSchema);
      adminSettings();
      if (!passwordMatches(password)) throw unauthorized('Wrong password.');
      const { cookie, expiresAt } = sessionCookie(req);
      return json({ authenticated: true, expiresAt: new Date(expiresAt).toISOString() }, { headers: { 'set-cookie': cookie } });
    }
    if (which === 'logout') {
      assertSameOrigin(req);
      return json({ authenticated: false }, { headers: { 'set-cookie': clearedSessionCookie(req) } });
    }
    throw notFound();
  },
  async GET(req) {
    if (action(req) !== 'session') throw notFound();
    const session = readSession(req);
    if (!session) throw unauthorized();
    return json({ authenticated: true, expiresAt: new Date(session.expiresAt).toISOString() });
  },
});

// Literal on purpose: Netlify reads this config statically. Login attempts are rate-limited (DECISIONS 15).
export const config: Config = {
  path: ['/api/admin/login', '/api/admin/logout', '/api/admin/session'],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
