// The admin's local default password on `npm run dev`: Netlify's emulator takes a function's client
// address from X-Forwarded-For, so the dev server's own middleware
// (vite-plugins/dev-client-address.mjs) puts the socket's address there and records
// whether the request came direct. Run before the production build: the dev server
// clears the build's functions folder, so it never runs beside the server tests.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rawRequest } from '../server/support/http.ts';
import { type ServerProcess, startServerProcess } from '../server/support/server-process.ts';

const PORT = 8994;
let server: ServerProcess;

function login(headers: Record<string, string> = {}) {
  return rawRequest(`${server.origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin, ...headers },
    body: JSON.stringify({ password: 'admin' }),
  });
}

const loginPage = (headers: Record<string, string> = {}) => rawRequest(`${server.origin}/admin/login`, { headers });

beforeAll(async () => {
  server = await startServerProcess({
    port: PORT,
    command: ['node_modules/astro/bin/astro.mjs', 'dev', '--port', String(PORT)],
    // As `npm run dev` starts it, without this test runner's VITEST marker (with it,
    // Astro's dev server leaves its pages out: 404) and with no admin secrets.
    env: { NETLIFY_LOCAL: 'true', VITEST: '', NODE_ENV: 'development', ADMIN_PASSWORD: '', SESSION_SECRET: '' },
    pollMs: 250,
    // The dev server bundles every function before it listens: about two minutes of one core
    // here, more on a busy machine.
    timeoutMs: 300_000,
  });
  // The dev server answers static files before it has compiled its pages (and may
  // restart once to re-optimise dependencies): wait until the login page renders.
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const page = await loginPage().catch(() => null);
    if (page?.status === 200) break;
    await new Promise((done) => setTimeout(done, 250));
  }
}, 360_000);

afterAll(async () => {
  await server?.stop();
});

describe('npm run dev', () => {
  test('a direct local request signs in with the default and the page says so', async () => {
    expect((await login()).status).toBe(200);
    const page = await loginPage();
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('data-testid="local-password-hint"');
  });

  test('X-Forwarded-For: 127.0.0.1 from a client does not make it local', async () => {
    const answer = await login({ 'x-forwarded-for': '127.0.0.1' });
    expect(answer.status).toBe(503);
    expect(answer.body.toString()).toMatch(/ADMIN_PASSWORD/);
    expect((await loginPage({ 'x-forwarded-for': '127.0.0.1' })).body.toString()).not.toContain('local-password-hint');
  });

  test("a forged 'direct' record from the client counts for nothing", async () => {
    expect((await login({ 'x-ccc-dev-client': 'guess;direct', 'x-forwarded-for': '127.0.0.1' })).status).toBe(503);
  });

  test('a request passed on by a proxy (Forwarded, Via, X-Forwarded-Host) gets no default', async () => {
    const proxied: Array<Record<string, string>> = [
      { forwarded: 'for=203.0.113.9' },
      { via: '1.1 nginx' },
      { 'x-forwarded-host': 'coach.example.com' },
    ];
    for (const header of proxied) expect((await login(header)).status).toBe(503);
  });

  test('a foreign Host is refused', async () => {
    const answer = await login({ host: 'coach.example.com', origin: 'http://coach.example.com' });
    expect(answer.status).not.toBe(200);
    expect(answer.body.toString()).not.toContain('authenticated');
  });
});
