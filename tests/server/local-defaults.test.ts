// The admin's local default password works only for a direct request
// from this machine (the same checks for `npm run dev` are in tests/dev). Behind a
// same-host proxy or tunnel every socket is loopback, so forwarding headers and a
// foreign Host must turn the default off; and a client's X-Forwarded-For must never
// make a request look local.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rawRequest } from './support/http.ts';
import { PORTS } from './support/ports.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';

const noSecrets = { ADMIN_PASSWORD: '', SESSION_SECRET: '' };

function login(server: ServerProcess, headers: Record<string, string> = {}) {
  return rawRequest(`${server.origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin, ...headers },
    body: JSON.stringify({ password: 'admin' }),
  });
}

function loginPage(server: ServerProcess, headers: Record<string, string> = {}) {
  return rawRequest(`${server.origin}/admin/login`, { headers });
}

describe('npm start', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ port: PORTS.localDefaults, env: noSecrets });
  });
  afterAll(async () => {
    await server?.stop();
  });

  test('a direct local request signs in with the default and the page says so', async () => {
    expect((await login(server)).status).toBe(200);
    const page = await loginPage(server);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('data-testid="local-password-hint"');
  });

  test('X-Forwarded-For: 127.0.0.1 from a client does not make it local', async () => {
    const answer = await login(server, { 'x-forwarded-for': '127.0.0.1' });
    expect(answer.status).toBe(503);
    expect(answer.body.toString()).toMatch(/ADMIN_PASSWORD/);
    expect((await loginPage(server, { 'x-forwarded-for': '127.0.0.1' })).body.toString()).not.toContain(
      'local-password-hint',
    );
  });

  test('a request passed on by a proxy (Forwarded, Via, X-Forwarded-Host) gets no default', async () => {
    const proxied: Array<Record<string, string>> = [
      { forwarded: 'for=203.0.113.9' },
      { via: '1.1 nginx' },
      { 'x-forwarded-host': 'coach.example.com' },
    ];
    for (const header of proxied) {
      expect((await login(server, header)).status).toBe(503);
    }
  });

  test('a foreign Host (a tunnel to coach.example.com) gets no default', async () => {
    const answer = await login(server, {
      host: 'coach.example.com',
      origin: 'http://coach.example.com',
      'x-forwarded-for': '203.0.113.9',
    });
    expect(answer.status).toBe(503);
    expect(answer.body.toString()).not.toContain('authenticated');
  });
});
