import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from '../../src/server/auth/loginThrottle';
import { assertSameOrigin, clearedSessionCookie, endSession, readSession, startSession } from '../../src/server/auth/session';
import { revokeAllSessions } from '../../src/server/auth/sessionStore';
import { adminSettings } from '../../src/server/auth/settings';
import { safeEqualSecret } from '../../src/server/auth/token';
import { notFound, unauthorized } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';

const loginSchema = z.object({ password: z.string().min(1, 'Password is required').max(200) });

function action(req: Request): string {
  return new URL(req.url).pathname.replace(/\/+$/, '').split('/').pop() ?? '';
}

export default route({
  async POST(req, context) {
    const which = action(req);
    assertSameOrigin(req);
    if (which === 'login') {
      const { password } = await readJson(req, loginSchema);
      const settings = adminSettings(req, context);
      // Checked before the password, so a blocked address learns nothing, even when right.
      await assertLoginAllowed(context.ip);
      if (!safeEqualSecret(password, settings.password)) {
        await recordLoginFailure(context.ip);
        throw unauthorized('Wrong password.');
      }
      await clearLoginFailures(context.ip);
      const { cookie, expiresAt } = await startSession(req, context);
      return json({ authenticated: true, expiresAt: new Date(expiresAt).toISOString() }, { headers: { 'set-cookie': cookie } });
    }
    if (which === 'logout') {
      await endSession(req, context);
      return json({ authenticated: false }, { headers: { 'set-cookie': clearedSessionCookie(req) } });
    }
    if (which === 'logout-everywhere') {
      if (!(await readSession(req, context))) throw unauthorized();
      const ended = await revokeAllSessions();
      return json({ authenticated: false, endedSessions: ended }, { headers: { 'set-cookie': clearedSessionCookie(req) } });
    }
    throw notFound();
  },
  async GET(req, context) {
    if (action(req) !== 'session') throw notFound();
    const session = await readSession(req, context);
    if (!session) throw unauthorized();
    return json({ authenticated: true, expiresAt: new Date(session.expiresAt).toISOString() });
  },
});

// Literal on purpose: Netlify reads this config statically. The app throttles failed
// logins itself (loginThrottle); this platform limit is a coarse outer fence.
export const config: Config = {
  path: ['/api/admin/login', '/api/admin/logout', '/api/admin/logout-everywhere', '/api/admin/session'],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
