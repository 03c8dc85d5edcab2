// Nobody can race, spray or lock out the owner's sign-in. Attempts are
// reserved in Blobs before the password is compared; a browser that signed in before
// carries a device cookie and is counted on its own.
import { getStore } from '@netlify/blobs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import adminAuth from '../../netlify/functions/admin-auth.mts';
import { PER_ADDRESS, PER_DEVICE, SITE_WIDE } from '../../src/server/auth/loginThrottle';
import { bundleFunction, callInParallelProcesses } from './support/function-process';
import { call, jsonOf, settleAfterResponse } from './support/call';

const PASSWORD = 'correct horse battery staple';
const SECRET = 'a-long-random-secret-for-this-test-0123456789';
const SITE = 'http://localhost:8888';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

function useSecrets() {
  vi.stubEnv('ADMIN_PASSWORD', PASSWORD);
  vi.stubEnv('SESSION_SECRET', SECRET);
}

async function login(password: string, ip: string, device?: string): Promise<Response> {
  return call(adminAuth, '/api/admin/login', { body: { password }, ip, cookie: device });
}

/** The `ccc_device=...` pair a successful sign-in sets. */
function deviceCookieOf(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith('ccc_device='));
  if (!cookie) throw new Error(`no device cookie in ${response.headers.getSetCookie().join(' | ')}`);
  return cookie.split(';')[0]!;
}

async function attemptKeys(): Promise<string[]> {
  const { blobs } = await getStore({ name: 'admin-login-attempts', consistency: 'strong' }).list();
  return blobs.map((blob) => blob.key);
}

function statusCounts(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('attempts are reserved before the password is compared', () => {
  let bundle: string;
  beforeAll(async () => {
    bundle = await bundleFunction('netlify/functions/admin-auth.mts');
  });

  it('40 wrong passwords from one address in 40 processes at once: at most 10 are compared, the rest get 429', async () => {
    const answers = await callInParallelProcesses(
      bundle,
      Array.from({ length: 40 }, () => ({
        url: `${SITE}/api/admin/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE },
        body: JSON.stringify({ password: 'a wrong guess' }),
        ip: '127.0.0.40',
      })),
      { ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: SECRET },
    );
    const counts = statusCounts(answers.map((answer) => answer.status));
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[401]).toBeLessThanOrEqual(PER_ADDRESS.limit);
    expect(counts[401]! + counts[429]!).toBe(40);
  });

  it('a spray from 150 addresses in 3 busy processes: at most 100 compared site-wide, no 409 or 500', async () => {
    const answers = await callInParallelProcesses(
      bundle,
      [0, 1, 2].map((process) => ({
        url: `${SITE}/api/admin/login`,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE },
        body: JSON.stringify({ password: 'spray <n>' }),
        ip: `10.77.${process}.<n>`,
      })),
      { ADMIN_PASSWORD: PASSWORD, SESSION_SECRET: SECRET, CHILD_REPEAT: '50', CHILD_CONCURRENCY: '50' },
    );
    const statuses = answers.flatMap((answer) => (answer.body as Array<{ status: number }>).map((each) => each.status));
    expect(statuses).toHaveLength(150);
    const counts = statusCounts(statuses);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[401]).toBeLessThanOrEqual(SITE_WIDE.limit);
    expect(counts[401]).toBeGreaterThan(0);
  });
});

// The tests below set the clock years ahead, so their 15-minute windows never meet
// the windows the separate-process tests above fill on the real clock.
describe('device cookies', () => {
  it('a flood from 150 addresses never keeps the owner out of a browser they used before; a new browser gets 429', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-03T09:00:00Z'));
    useSecrets();
    const first = await login(PASSWORD, '127.0.0.1');
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    const setCookie = first.headers.getSetCookie().find((value) => value.startsWith('ccc_device='))!;
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(Number(/Max-Age=(\d+)/.exec(setCookie)?.[1])).toBeGreaterThanOrEqual(300 * 24 * 3600);

    const flood = await Promise.all(
      Array.from({ length: 150 }, (_, index) => login('guess', `10.1.${index >> 8}.${index & 255}`)),
    );
    const counts = statusCounts(flood.map((response) => response.status));
    expect(counts[401]).toBeLessThanOrEqual(SITE_WIDE.limit);
    expect(counts[429]).toBeGreaterThanOrEqual(150 - SITE_WIDE.limit);

    // The owner's browser, even from one of the flooding addresses: in.
    const owner = await login(PASSWORD, '10.1.0.0', device);
    expect(owner.status).toBe(200);
    // It keeps its device cookie rather than getting a new one each time.
    expect(owner.headers.getSetCookie().some((value) => value.startsWith('ccc_device='))).toBe(false);
    // A browser the site does not know, from a fresh address: paused like the flood.
    const stranger = await login(PASSWORD, '127.0.0.77');
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    // A forged or foreign device cookie is a stranger too.
    expect(
      (await login(PASSWORD, '127.0.0.78', 'ccc_device=4102444800000.AAAAAAAAAAAAAAAAAAAAAAAA.forged')).status,
    ).toBe(429);
  });

  it("counts a device's own wrong passwords for that device only", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-03T12:00:00Z'));
    useSecrets();
    const laptop = deviceCookieOf(await login(PASSWORD, '127.0.0.21'));
    const phone = deviceCookieOf(await login(PASSWORD, '127.0.0.21'));
    for (let attempt = 0; attempt < PER_DEVICE.limit; attempt += 1) {
      expect((await login('wrong', '127.0.0.21', laptop)).status).toBe(401);
    }
    expect((await login(PASSWORD, '127.0.0.21', laptop)).status).toBe(429);
    // Another device from the same address, and the address itself, are untouched.
    expect((await login(PASSWORD, '127.0.0.21', phone)).status).toBe(200);
    expect((await login(PASSWORD, '127.0.0.21')).status).toBe(200);
  });

  it('Sign out everywhere ends device cookies too', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-04T09:00:00Z'));
    useSecrets();
    const response = await login(PASSWORD, '127.0.0.31');
    const device = deviceCookieOf(response);
    const session = response.headers.getSetCookie()[0]!.split(';')[0]!;
    const everywhere = await call(adminAuth, '/api/admin/logout-everywhere', {
      method: 'POST',
      cookie: `${session}; ${device}`,
    });
    expect(everywhere.status).toBe(200);
    expect((await jsonOf<{ forgottenDevices: number }>(everywhere)).forgottenDevices).toBeGreaterThanOrEqual(1);
    expect(everywhere.headers.getSetCookie().some((value) => /^ccc_device=;.*Max-Age=0/.test(value))).toBe(true);
    // The old device cookie now counts as a stranger: a spray pauses it.
    await Promise.all(Array.from({ length: SITE_WIDE.limit }, (_, index) => login('guess', `10.2.0.${index}`)));
    expect((await login(PASSWORD, '127.0.0.31', device)).status).toBe(429);
  });
});

describe('per address', () => {
  it('a right password gives its reservation back; wrong ones keep theirs', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-05T09:00:00Z'));
    useSecrets();
    const ip = '127.0.0.60';
    for (let attempt = 0; attempt < PER_ADDRESS.limit - 1; attempt += 1)
      expect((await login('wrong', ip)).status).toBe(401);
    expect((await login(PASSWORD, ip)).status).toBe(200);
    expect((await login('wrong', ip)).status).toBe(401);
    expect((await login(PASSWORD, ip)).status).toBe(429);
  });

  it('counts IPv6 per /64: new addresses in the same /64 are the same client', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-06T09:00:00Z'));
    useSecrets();
    for (let host = 1; host <= PER_ADDRESS.limit; host += 1) {
      expect((await login('wrong', `2001:db8:5:6::${host.toString(16)}`)).status).toBe(401);
    }
    expect((await login(PASSWORD, '2001:db8:5:6:ffff:1:2:3')).status).toBe(429);
    expect((await login(PASSWORD, '2001:db8:5:7::1')).status).toBe(200);
  });

  it("deletes an ended window's attempts after a later sign-in", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-07T09:00:00Z'));
    useSecrets();
    expect((await login('wrong', '127.0.0.90')).status).toBe(401);
    const oldWindow = `w${Date.parse('2031-03-07T09:00:00Z')}/`;
    expect((await attemptKeys()).some((key) => key.startsWith(oldWindow))).toBe(true);
    vi.setSystemTime(new Date('2031-03-07T09:16:00Z'));
    expect((await login('wrong', '127.0.0.90')).status).toBe(401);
    await settleAfterResponse();
    const keys = await attemptKeys();
    expect(keys.some((key) => key.startsWith(oldWindow))).toBe(false);
    expect(keys.some((key) => key.startsWith(`w${Date.parse('2031-03-07T09:15:00Z')}/`))).toBe(true);
  });
});
