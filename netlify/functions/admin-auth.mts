import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { afterResponse } from '../../src/server/http/afterResponse';
import {
  forgetAllDevices,
  knownDevice,
  newDevice,
  pruneLoginWindows,
  releaseLoginAttempt,
  reserveLoginAttempt,
  removeAllPasskeys,
  assertSameOrigin,
  clearedSessionCookie,
  cookieHeader,
  deviceCookieName,
  endSession,
  readCookie,
  readSession,
  sessionKey,
  startSession,
  revokeAllSessions,
  adminSettings,
  safeEqualSecret,
} from '../../src/server/auth';
import { notFound, unauthorized } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';

const loginSchema = z.object({ password: z.string().min(1, 'Password is required').max(200) });

// Ended windows' slots are deleted after the answer, at most once a minute per instance.
const PRUNE_EVERY_MS = 60_000;
let lastPrune = 0;

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
      const key = sessionKey(req, context);
      const deviceId = await knownDevice(readCookie(req, deviceCookieName(req)), key);
      // Reserved before the password is compared, so racing guesses cannot outrun the
      // count, and a blocked client learns nothing, even when right.
      const reservation = await reserveLoginAttempt({ ip: context.ip, deviceId });
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await afterResponse('prune sign-in attempts', () => pruneLoginWindows());
      }
      if (!safeEqualSecret(password, settings.password)) throw unauthorized('Wrong password.');
      await releaseLoginAttempt(reservation);
      const { cookie, expiresAt } = await startSession(req, context);
      const headers = new Headers({ 'set-cookie': cookie });
      if (!deviceId) {
        const device = await newDevice(key);
        headers.append('set-cookie', cookieHeader(req, deviceCookieName(req), device.token, device.maxAgeSeconds));
      }
      return json({ authenticated: true, expiresAt: new Date(expiresAt).toISOString() }, { headers });
    }
    if (which === 'logout') {
      await endSession(req, context);
      return json({ authenticated: false }, { headers: { 'set-cookie': clearedSessionCookie(req) } });
    }
    if (which === 'logout-everywhere') {
      if (!(await readSession(req, context))) throw unauthorized();
      const [ended, forgotten] = await Promise.all([revokeAllSessions(), forgetAllDevices()]);
      // After the sessions: a passkey being added right now either is listed here or
      // finds its session gone and removes itself (passkeys.ts registerPasskey).
      const removedPasskeys = await removeAllPasskeys();
      const headers = new Headers({ 'set-cookie': clearedSessionCookie(req) });
      headers.append('set-cookie', cookieHeader(req, deviceCookieName(req), '', 0));
      return json(
        { authenticated: false, endedSessions: ended, forgottenDevices: forgotten, removedPasskeys },
        { headers },
      );
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
// sign-in attempts itself (loginThrottle); this platform limit is a coarse outer fence.
export const config: Config = {
  path: ['/api/admin/login', '/api/admin/logout', '/api/admin/logout-everywhere', '/api/admin/session'],
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
