// The owner adds passkeys in the admin, sees and removes them, and signs in
// with one; a passkey sign-in is never throttled by password failures.
import { getStore } from '@netlify/blobs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import adminAuth from '../../netlify/functions/admin-auth.mts';
import adminPasskeys from '../../netlify/functions/admin-passkeys.mts';
import { SITE_WIDE } from '../../src/server/auth/loginThrottle';
import { passkeyKey } from '../../src/server/auth/passkeys';
import { adminCookie } from './support/admin';
import { SITE, call, jsonOf } from './support/call';
import { SoftAuthenticator } from './support/soft-authenticator';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

interface Options {
  challengeId: string;
  options: { challenge: string; rp?: { id: string }; user: { id: string }; excludeCredentials?: Array<{ id: string }> };
}

async function addPasskey(cookie: string, authenticator: SoftAuthenticator, name = 'Laptop'): Promise<Response> {
  const started = await call(adminPasskeys, '/api/admin/passkeys/options', { method: 'POST', cookie, body: {} });
  expect(started.status).toBe(200);
  const { challengeId, options } = await jsonOf<Options>(started);
  return call(adminPasskeys, '/api/admin/passkeys', {
    cookie,
    body: { challengeId, name, response: authenticator.register(options) },
  });
}

async function loginOptions(ip = '127.0.0.1'): Promise<Options> {
  const response = await call(adminPasskeys, '/api/admin/passkey-login/options', { body: {}, ip });
  expect(response.status).toBe(200);
  return jsonOf<Options>(response);
}

async function passkeyLogin(authenticator: SoftAuthenticator, ip = '127.0.0.1', origin?: string): Promise<Response> {
  const { challengeId, options } = await loginOptions(ip);
  return call(adminPasskeys, '/api/admin/passkey-login', {
    body: { challengeId, response: authenticator.authenticate(options, origin) },
    ip,
  });
}

describe('passkeys in the admin', () => {
  it('need a session to list, add or remove', async () => {
    expect((await call(adminPasskeys, '/api/admin/passkeys')).status).toBe(401);
    expect((await call(adminPasskeys, '/api/admin/passkeys/options', { body: {} })).status).toBe(401);
    expect((await call(adminPasskeys, '/api/admin/passkeys', { body: {} })).status).toBe(401);
    expect(
      (await call(adminPasskeys, '/api/admin/passkeys/abcdefghijklmnopqrstuvwxyz', { method: 'DELETE' })).status,
    ).toBe(401);
  });

  it('adds a passkey (stored with its public key), lists it, and signs in with it', async () => {
    const cookie = await adminCookie();
    const laptop = new SoftAuthenticator(SITE);
    const added = await addPasskey(cookie, laptop, 'Work laptop');
    expect(added.status).toBe(201);
    const { passkey } = await jsonOf<{ passkey: { id: string; name: string } }>(added);
    expect(passkey).toMatchObject({ id: laptop.id, name: 'Work laptop' });
    // Stored under a hash of the credential id (docs/admin.md, Signing in).
    const stored = (await getStore({ name: 'admin-passkeys', consistency: 'strong' }).get(passkeyKey(laptop.id), {
      type: 'json',
    })) as Record<string, unknown>;
    expect(stored).toMatchObject({ id: laptop.id, rpID: 'localhost', name: 'Work laptop', lastUsedAt: null });
    expect(String(stored.publicKey).length).toBeGreaterThan(40);

    const list = await jsonOf<{ passkeys: Array<{ id: string }> }>(
      await call(adminPasskeys, '/api/admin/passkeys', { cookie }),
    );
    expect(list.passkeys.map((each) => each.id)).toContain(laptop.id);
    // A second registration is told not to make the same authenticator twice.
    const again = await jsonOf<Options>(
      await call(adminPasskeys, '/api/admin/passkeys/options', { method: 'POST', cookie, body: {} }),
    );
    expect(again.options.excludeCredentials?.map((each) => each.id)).toContain(laptop.id);

    const signedIn = await passkeyLogin(laptop);
    expect(signedIn.status).toBe(200);
    const session = signedIn.headers.getSetCookie()[0]!.split(';')[0]!;
    expect((await call(adminAuth, '/api/admin/session', { cookie: session })).status).toBe(200);
    const used = (await getStore({ name: 'admin-passkeys', consistency: 'strong' }).get(passkeyKey(laptop.id), {
      type: 'json',
    })) as { lastUsedAt: string | null; counter: number };
    expect(used.lastUsedAt).not.toBeNull();
    expect(used.counter).toBeGreaterThanOrEqual(2);
  });

  it('signs in with a passkey while password attempts are throttled everywhere', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-01T09:00:00Z'));
    // Deployed-like secrets, so addresses off this machine may sign in at all.
    vi.stubEnv('ADMIN_PASSWORD', 'correct horse battery staple');
    vi.stubEnv('SESSION_SECRET', 'a-long-random-secret-for-this-test-0123456789');
    const phone = new SoftAuthenticator(SITE);
    expect((await addPasskey(await adminCookie('correct horse battery staple'), phone, 'Phone')).status).toBe(201);
    await Promise.all(
      Array.from({ length: SITE_WIDE.limit }, (_, index) =>
        call(adminAuth, '/api/admin/login', { body: { password: 'guess' }, ip: `10.3.0.${index}` }),
      ),
    );
    expect(
      (
        await call(adminAuth, '/api/admin/login', {
          body: { password: 'correct horse battery staple' },
          ip: '10.3.0.1',
        })
      ).status,
    ).toBe(429);
    expect((await passkeyLogin(phone, '10.3.0.1')).status).toBe(200);
  });

  it('refuses a used challenge, a bad signature, another origin and an unknown passkey', async () => {
    const key = new SoftAuthenticator(SITE);
    expect((await addPasskey(await adminCookie(), key, 'Key')).status).toBe(201);

    const { challengeId, options } = await loginOptions();
    const response = key.authenticate(options);
    expect((await call(adminPasskeys, '/api/admin/passkey-login', { body: { challengeId, response } })).status).toBe(
      200,
    );
    const replay = await call(adminPasskeys, '/api/admin/passkey-login', { body: { challengeId, response } });
    expect(replay.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(replay)).fields).toHaveProperty('challengeId');

    const fresh = await loginOptions();
    const forged = key.authenticate(fresh.options);
    forged.response.signature = Buffer.from('not a signature at all, clearly').toString('base64url');
    expect(
      (
        await call(adminPasskeys, '/api/admin/passkey-login', {
          body: { challengeId: fresh.challengeId, response: forged },
        })
      ).status,
    ).toBe(401);

    expect((await passkeyLogin(key, '127.0.0.1', 'https://evil.example')).status).toBe(401);
    expect((await passkeyLogin(new SoftAuthenticator(SITE))).status).toBe(401);
    // Signed for the challenge of another ceremony: refused.
    const other = await loginOptions();
    const mixed = key.authenticate(fresh.options);
    expect(
      (
        await call(adminPasskeys, '/api/admin/passkey-login', {
          body: { challengeId: other.challengeId, response: mixed },
        })
      ).status,
    ).toBe(401);
  });

  it('removes a passkey, which then signs in nobody', async () => {
    const cookie = await adminCookie();
    const old = new SoftAuthenticator(SITE);
    expect((await addPasskey(cookie, old, 'Old phone')).status).toBe(201);
    const removed = await call(adminPasskeys, `/api/admin/passkeys/${old.id}`, {
      method: 'DELETE',
      cookie,
      params: { id: old.id },
    });
    expect(removed.status).toBe(204);
    expect(await getStore({ name: 'admin-passkeys', consistency: 'strong' }).get(passkeyKey(old.id))).toBeNull();
    const list = await jsonOf<{ passkeys: Array<{ id: string }> }>(
      await call(adminPasskeys, '/api/admin/passkeys', { cookie }),
    );
    expect(list.passkeys.map((each) => each.id)).not.toContain(old.id);
    expect((await passkeyLogin(old)).status).toBe(401);
    expect(
      (await call(adminPasskeys, `/api/admin/passkeys/${old.id}`, { method: 'DELETE', cookie, params: { id: old.id } }))
        .status,
    ).toBe(404);
    expect(
      (await call(adminPasskeys, '/api/admin/passkeys/x', { method: 'DELETE', cookie, params: { id: 'x' } })).status,
    ).toBe(404);
  });

  it('answers 400 naming the field for a bad name or a malformed response, and stores nothing', async () => {
    const cookie = await adminCookie();
    const before = (await getStore({ name: 'admin-passkeys', consistency: 'strong' }).list()).blobs.length;
    const started = await jsonOf<Options>(
      await call(adminPasskeys, '/api/admin/passkeys/options', { method: 'POST', cookie, body: {} }),
    );
    const authenticator = new SoftAuthenticator(SITE);
    const noName = await call(adminPasskeys, '/api/admin/passkeys', {
      cookie,
      body: { challengeId: started.challengeId, name: ' ', response: authenticator.register(started.options) },
    });
    expect(noName.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(noName)).fields).toHaveProperty('name');
    const malformed = await call(adminPasskeys, '/api/admin/passkeys', {
      cookie,
      body: { challengeId: started.challengeId, name: 'Key', response: { id: 'short' } },
    });
    expect(malformed.status).toBe(400);
    expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(malformed)).fields).join(' ')).toMatch(
      /response/,
    );
    // A registration for another site's challenge text does not verify.
    const wrongChallenge = authenticator.register({ ...started.options, challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' });
    const refused = await call(adminPasskeys, '/api/admin/passkeys', {
      cookie,
      body: { challengeId: started.challengeId, name: 'Key', response: wrongChallenge },
    });
    expect(refused.status).toBe(400);
    expect((await getStore({ name: 'admin-passkeys', consistency: 'strong' }).list()).blobs.length).toBe(before);
  });

  it('refuses a passkey sign-in posted from another origin', async () => {
    const response = await call(adminPasskeys, '/api/admin/passkey-login/options', {
      body: {},
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
  });
});
