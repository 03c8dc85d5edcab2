import { afterEach, describe, expect, it, vi } from 'vitest';
import adminAuth from '../../netlify/functions/admin-auth.mts';
import contact from '../../netlify/functions/contact.mts';
import { createToken } from '../../src/server/auth/token';
import { adminCookie } from './support/admin';
import { call, jsonOf } from './support/call';

afterEach(() => vi.unstubAllEnvs());

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

  it('answers 401 to a wrong password and 400 to a missing one', async () => {
    expect((await call(adminAuth, '/api/admin/login', { body: { password: 'nope' } })).status).toBe(401);
    const missing = await call(adminAuth, '/api/admin/login', { body: {} });
    expect(missing.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(missing)).fields).toHaveProperty('password');
  });

  it('refuses a login posted from another origin', async () => {
    const response = await call(adminAuth, '/api/admin/login', { body: { password: 'admin' }, origin: 'https://evil.example' });
    expect(response.status).toBe(403);
  });

  it('reports the session: valid, missing, forged, expired', async () => {
    const cookie = await adminCookie();
    expect((await call(adminAuth, '/api/admin/session', { cookie })).status).toBe(200);
    expect((await call(adminAuth, '/api/admin/session')).status).toBe(401);
    const forged = createToken('not-the-secret', Date.now() + 3600_000);
    expect((await call(adminAuth, '/api/admin/session', { cookie: `ccc_admin=${forged}` })).status).toBe(401);
    const expired = createToken('local-development-session-secret-not-for-production', Date.now() - 1);
    expect((await call(adminAuth, '/api/admin/session', { cookie: `ccc_admin=${expired}` })).status).toBe(401);
    expect((await call(contact, '/api/contact', { cookie: `ccc_admin=${forged}` })).status).toBe(401);
  });

  it('uses ADMIN_PASSWORD and SESSION_SECRET when set', async () => {
    vi.stubEnv('ADMIN_PASSWORD', 'correct horse battery staple');
    vi.stubEnv('SESSION_SECRET', 'a-long-random-secret-for-this-test');
    expect((await call(adminAuth, '/api/admin/login', { body: { password: 'admin' } })).status).toBe(401);
    const cookie = await adminCookie('correct horse battery staple');
    expect((await call(adminAuth, '/api/admin/session', { cookie })).status).toBe(200);
    vi.stubEnv('SESSION_SECRET', 'rotated-secret');
    expect((await call(adminAuth, '/api/admin/session', { cookie })).status).toBe(401);
  });

  it('disables the admin in production when no password is configured', async () => {
    vi.stubEnv('CONTEXT', 'production');
    vi.stubEnv('ADMIN_PASSWORD', '');
    const response = await call(adminAuth, '/api/admin/login', { body: { password: 'admin' } });
    expect(response.status).toBe(503);
    expect((await jsonOf<{ error: string }>(response)).error).toMatch(/ADMIN_PASSWORD/);
  });

  it('signs out by clearing the cookie', async () => {
    const response = await call(adminAuth, '/api/admin/logout', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/Max-Age=0/);
  });

  it('answers 404 JSON for an unknown admin action and 405 for a wrong method', async () => {
    expect((await call(adminAuth, '/api/admin/whatever', { body: {} })).status).toBe(404);
    expect((await call(adminAuth, '/api/admin/session', { method: 'DELETE' })).status).toBe(405);
  });
});
