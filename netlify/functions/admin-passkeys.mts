import type { Config, Context } from '@netlify/functions';
import '../../src/server/app';
import {
  knownDevice,
  newDevice,
  limitSignInOptions,
  listPasskeys,
  loginOptions,
  registerPasskey,
  registrationOptions,
  removePasskey,
  verifyPasskeyLogin,
  assertSameOrigin,
  cookieHeader,
  deviceCookieName,
  keyGeneration,
  readCookie,
  requireAdmin,
  requireRecentSignIn,
  sessionKey,
  startSession,
  adminSettings,
} from '../../src/server/auth';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';
import { passkeyIdSchema, passkeyLoginSchema, passkeyRegistrationSchema } from '../../src/lib/schemas/passkeys';

// Passkeys of the owner: managed with a session, added only with a sign-in from the
// last 5 minutes, used to sign in without one. A passkey sign-in is not counted against
// password attempts (it cannot be guessed); starting one is limited per address, since
// each start stores a challenge.

function tail(req: Request): string {
  return new URL(req.url).pathname.replace(/\/+$/, '').replace(/^\/api\/admin\//, '');
}

async function signIn(req: Request, context: Context): Promise<Response> {
  const input = await readJson(req, passkeyLoginSchema);
  adminSettings(req, context);
  await verifyPasskeyLogin(req, input, await keyGeneration(req, context));
  const key = sessionKey(req, context);
  const { cookie, expiresAt } = await startSession(req, context);
  const headers = new Headers({ 'set-cookie': cookie });
  if (!(await knownDevice(readCookie(req, deviceCookieName(req)), key))) {
    const device = await newDevice(key);
    headers.append('set-cookie', cookieHeader(req, deviceCookieName(req), device.token, device.maxAgeSeconds));
  }
  return json({ authenticated: true, expiresAt: new Date(expiresAt).toISOString() }, { headers });
}

export default route({
  async GET(req, context) {
    if (tail(req) !== 'passkeys') throw notFound();
    await requireAdmin(req, context);
    return json({ passkeys: await listPasskeys(await keyGeneration(req, context)) });
  },
  async POST(req, context) {
    const path = tail(req);
    if (path === 'passkey-login/options') {
      assertSameOrigin(req);
      adminSettings(req, context);
      await limitSignInOptions(context.ip);
      return json(await loginOptions(req));
    }
    if (path === 'passkey-login') {
      assertSameOrigin(req);
      return signIn(req, context);
    }
    const session = await requireAdmin(req, context);
    if (path !== 'passkeys/options' && path !== 'passkeys') throw notFound();
    requireRecentSignIn(session);
    const generation = await keyGeneration(req, context);
    if (path === 'passkeys/options') return json(await registrationOptions(req, generation));
    const input = await readJson(req, passkeyRegistrationSchema);
    const adder = { sessionId: session.sessionId, generation, userAgent: req.headers.get('user-agent') };
    return json({ passkey: await registerPasskey(req, input, adder) }, { status: 201 });
  },
  async DELETE(req, context) {
    await requireAdmin(req, context);
    // A malformed id names no passkey: the same 404 as an unknown one.
    const id = passkeyIdSchema.safeParse(context.params?.id);
    if (!id.success || tail(req) !== `passkeys/${id.data}`) throw notFound('No such passkey.');
    await removePasskey(id.data, await keyGeneration(req, context));
    return new Response(null, { status: 204 });
  },
});

// Literal on purpose: Netlify reads this config statically.
export const config: Config = {
  path: [
    '/api/admin/passkeys',
    '/api/admin/passkeys/:id',
    '/api/admin/passkey-login',
    '/api/admin/passkey-login/options',
  ],
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'] },
};
