import { getStore } from '@netlify/blobs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import adminAuth from '../../netlify/functions/admin-auth.mts';
import contact from '../../netlify/functions/contact.mts';
import { PER_ADDRESS, SITE_WIDE } from '../../src/server/auth/loginThrottle';
import { createToken, newSessionId, signingKey } from '../../src/server/auth/token';
import { adminCookie } from './support/admin';
import { call, jsonOf } from './support/call';

const STRONG_PASSWORD = 'correct horse battery staple';
const STRONG_SECRET = 'a-long-random-secret-for-this-test-0123456789';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

/** A deployed Netlify function: no local marker, and (at run time) no CONTEXT either. */
function asDeployedSite() {
  vi.stubEnv('NETLIFY_LOCAL', '');
  vi.stubEnv('CONTEXT', '');
}

async function loginStatus(password: string, ip: string): Promise<Response> {
  return call(adminAuth, '/api/admin/login', { body: { password }, ip });
}

describe('admin sessions', () => {
  it('signs in with the local default password and sets a hardened cookie', async () => {
    const response = await call(adminAuth, '/api/admin/login', { body: { password: 'admin' } });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^ccc_admin=[^;]+/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toMatch(/Max-Age=\d+/);
  });

  it('uses a __Host- cookie, Secure, outside localhost', async () => {
    vi.stubEnv('ADMIN_PASSWORD', STRONG_PASSWORD);
    vi.stubEnv('SESSION_SECRET', STRONG_SECRET);
    const site = 'https://ccc-edu.example';
    const response = await call(adminAuth, '/api/admin/login', {
      body: { password: STRONG_PASSWORD },
      site,
      ip: '203.0.113.9',
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-ccc_admin=[^;]+; Path=\//);
    expect(cookie).toContain('; Secure');
    const pair = cookie.split(';')[0]!;
    expect((await call(adminAuth, '/api/admin/session', { cookie: pair, site, ip: '203.0.113.9' })).status).toBe(200);
    // The bare name is not accepted on a secure origin.
    const bare = pair.replace('__Host-ccc_admin', 'ccc_admin');
    expect((await call(adminAuth, '/api/admin/session', { cookie: bare, site, ip: '203.0.113.9' })).status).toBe(401);
  });

  it('answers 401 to a wrong password and 400 to a missing one', async () => {
    expect((await loginStatus('nope', '127.0.0.2')).status).toBe(401);
    const missing = await call(adminAuth, '/api/admin/login', { body: {} });
    expect(missing.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(missing)).fields).toHaveProperty('password');
  });

  it('refuses a login posted from another origin', async () => {
    const response = await call(adminAuth, '/api/admin/login', {
      body: { password: 'admin' },
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
  });

  it('reports the session: valid, missing, forged, expired', async () => {
    const cookie = await adminCookie();
    expect((await call(adminAuth, '/api/admin/session', { cookie })).status).toBe(200);
    expect((await call(adminAuth, '/api/admin/session')).status).toBe(401);
    const forged = createToken('not-the-secret', Date.now() + 3600_000);
    expect((await call(adminAuth, '/api/admin/session', { cookie: `ccc_admin=${forged}` })).status).toBe(401);
    const expired = createToken(
      signingKey('local-development-session-secret-not-for-production', 'admin'),
      Date.now() - 1,
    );
    expect((await call(adminAuth, '/api/admin/session', { cookie: `ccc_admin=${expired}` })).status).toBe(401);
    expect((await call(contact, '/api/contact', { cookie: `ccc_admin=${forged}` })).status).toBe(401);
  });

  it('refuses a correctly signed token that the server never issued', async () => {
    const key = signingKey('local-development-session-secret-not-for-production', 'admin');
    const unknown = createToken(key, Date.now() + 3600_000, newSessionId());
    expect((await call(adminAuth, '/api/admin/session', { cookie: `ccc_admin=${unknown}` })).status).toBe(401);
  });

  it('uses ADMIN_PASSWORD and SESSION_SECRET when set; changing either ends every session for good', async () => {
    vi.stubEnv('ADMIN_PASSWORD', STRONG_PASSWORD);
    vi.stubEnv('SESSION_SECRET', STRONG_SECRET);
    expect((await loginStatus('admin', '127.0.0.3')).status).toBe(401);
    const cookie = await adminCookie(STRONG_PASSWORD);
    expect((await call(adminAuth, '/api/admin/session', { cookie })).status).toBe(200);
    vi.stubEnv('ADMIN_PASSWORD', `${STRONG_PASSWORD} 2`);
    expect((await call(adminAuth, '/api/admin/session', { cookie })).status).toBe(401);
    // Changing it back brings no old session back.
    vi.stubEnv('ADMIN_PASSWORD', STRONG_PASSWORD);
    expect((await call(adminAuth, '/api/admin/session', { cookie })).status).toBe(401);
    const fresh = await adminCookie(STRONG_PASSWORD);
    expect((await call(adminAuth, '/api/admin/session', { cookie: fresh })).status).toBe(200);
    vi.stubEnv('SESSION_SECRET', `${STRONG_SECRET}-rotated`);
    expect((await call(adminAuth, '/api/admin/session', { cookie: fresh })).status).toBe(401);
    vi.stubEnv('SESSION_SECRET', STRONG_SECRET);
    expect((await call(adminAuth, '/api/admin/session', { cookie: fresh })).status).toBe(401);
  });

  it('signs out for real: the copied cookie stops working at once', async () => {
    const cookie = await adminCookie();
    const copy = cookie;
    const response = await call(adminAuth, '/api/admin/logout', { method: 'POST', cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
    expect((await call(adminAuth, '/api/admin/session', { cookie: copy })).status).toBe(401);
    expect((await call(contact, '/api/contact', { cookie: copy })).status).toBe(401);
  });

  it('signs out everywhere: every session ends, and only a signed-in owner may ask', async () => {
    const laptop = await adminCookie();
    const phone = await adminCookie();
    expect((await call(adminAuth, '/api/admin/logout-everywhere', { method: 'POST' })).status).toBe(401);
    const response = await call(adminAuth, '/api/admin/logout-everywhere', { method: 'POST', cookie: phone });
    expect(response.status).toBe(200);
    expect((await jsonOf<{ endedSessions: number }>(response)).endedSessions).toBeGreaterThanOrEqual(2);
    expect((await call(adminAuth, '/api/admin/session', { cookie: laptop })).status).toBe(401);
    expect((await call(adminAuth, '/api/admin/session', { cookie: phone })).status).toBe(401);
  });

  it('answers 404 JSON for an unknown admin action and 405 for a wrong method', async () => {
    expect((await call(adminAuth, '/api/admin/whatever', { body: {} })).status).toBe(404);
    expect((await call(adminAuth, '/api/admin/session', { method: 'DELETE' })).status).toBe(405);
  });
});

describe('the admin fails closed on a deployed site', () => {
  it('is disabled with no local marker and no CONTEXT, naming both variables', async () => {
    asDeployedSite();
    vi.stubEnv('ADMIN_PASSWORD', '');
    vi.stubEnv('SESSION_SECRET', '');
    const response = await call(adminAuth, '/api/admin/login', { body: { password: 'admin' } });
    expect(response.status).toBe(503);
    const { error } = await jsonOf<{ error: string }>(response);
    expect(error).toMatch(/ADMIN_PASSWORD/);
    expect(error).toMatch(/SESSION_SECRET/);
    expect((await call(contact, '/api/contact')).status).toBe(503);
  });

  it('is disabled when only the password is set (no forgeable default secret)', async () => {
    asDeployedSite();
    vi.stubEnv('ADMIN_PASSWORD', STRONG_PASSWORD);
    vi.stubEnv('SESSION_SECRET', '');
    const response = await call(adminAuth, '/api/admin/login', { body: { password: STRONG_PASSWORD } });
    expect(response.status).toBe(503);
    expect((await jsonOf<{ error: string }>(response)).error).toMatch(/SESSION_SECRET/);
    // The committed development secret signs nothing here.
    const forged = createToken(
      signingKey('local-development-session-secret-not-for-production', STRONG_PASSWORD),
      Date.now() + 60_000,
    );
    expect((await call(contact, '/api/contact', { cookie: `ccc_admin=${forged}` })).status).toBe(503);
  });

  it('ignores the local marker for a client that is not on this machine', async () => {
    vi.stubEnv('ADMIN_PASSWORD', '');
    vi.stubEnv('SESSION_SECRET', '');
    const remote = await call(adminAuth, '/api/admin/login', { body: { password: 'admin' }, ip: '192.0.2.10' });
    expect(remote.status).toBe(503);
    const mappedLoopback = await call(adminAuth, '/api/admin/login', {
      body: { password: 'admin' },
      ip: '::ffff:127.0.0.1',
    });
    expect(mappedLoopback.status).toBe(200);
  });

  it('refuses a short password or a short secret', async () => {
    asDeployedSite();
    vi.stubEnv('ADMIN_PASSWORD', 'short-pass1');
    vi.stubEnv('SESSION_SECRET', STRONG_SECRET);
    const shortPassword = await call(adminAuth, '/api/admin/login', { body: { password: 'short-pass1' } });
    expect(shortPassword.status).toBe(503);
    expect((await jsonOf<{ error: string }>(shortPassword)).error).toMatch(/ADMIN_PASSWORD must be at least 12/);
    vi.stubEnv('ADMIN_PASSWORD', STRONG_PASSWORD);
    vi.stubEnv('SESSION_SECRET', 'x'.repeat(31));
    const shortSecret = await call(adminAuth, '/api/admin/login', { body: { password: STRONG_PASSWORD } });
    expect(shortSecret.status).toBe(503);
    expect((await jsonOf<{ error: string }>(shortSecret)).error).toMatch(/SESSION_SECRET must be at least 32/);
  });

  it('works on a deployed site once both secrets are set', async () => {
    asDeployedSite();
    vi.stubEnv('ADMIN_PASSWORD', STRONG_PASSWORD);
    vi.stubEnv('SESSION_SECRET', STRONG_SECRET);
    const site = 'https://ccc-edu.example';
    expect(
      (await call(adminAuth, '/api/admin/login', { body: { password: 'admin' }, site, ip: '198.51.100.7' })).status,
    ).toBe(401);
    const cookie = await adminCookie(STRONG_PASSWORD, { site, ip: '198.51.100.7' });
    expect((await call(contact, '/api/contact', { cookie, site, ip: '198.51.100.7' })).status).toBe(200);
  });
});

describe('password guessing is throttled by the app', () => {
  it('blocks an address after 10 failures, even with the right password, until the window passes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
    const ip = '127.0.0.50';
    for (let attempt = 0; attempt < PER_ADDRESS.limit; attempt += 1) {
      expect((await loginStatus('wrong', ip)).status).toBe(401);
    }
    const blocked = await loginStatus('admin', ip);
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Another address is not affected.
    expect((await loginStatus('admin', '127.0.0.51')).status).toBe(200);
    // The counters live in Blobs, where every function instance reads them.
    const attempts = getStore({ name: 'admin-login-attempts', consistency: 'strong' });
    const { blobs } = await attempts.list();
    const window = `w${Date.parse('2026-11-22T10:00:00Z')}/`;
    expect(blobs.filter((blob) => blob.key.startsWith(`${window}site/`))).toHaveLength(PER_ADDRESS.limit);
    vi.setSystemTime(new Date('2026-11-22T10:15:01Z'));
    expect((await loginStatus('admin', ip)).status).toBe(200);
  });

  it('pauses every login when failures come from many addresses', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
    vi.stubEnv('ADMIN_PASSWORD', STRONG_PASSWORD);
    vi.stubEnv('SESSION_SECRET', STRONG_SECRET);
    const spray = Array.from(
      { length: SITE_WIDE.limit },
      (_, index) => `10.9.${Math.floor(index / 250)}.${index % 250}`,
    );
    for (const ip of spray) expect((await loginStatus('guess', ip)).status).toBe(401);
    const fresh = await loginStatus(STRONG_PASSWORD, '127.0.0.99');
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(0);
    vi.setSystemTime(new Date('2026-11-23T10:15:01Z'));
    expect((await loginStatus(STRONG_PASSWORD, '127.0.0.99')).status).toBe(200);
  });
});
