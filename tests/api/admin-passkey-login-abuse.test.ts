// What an unauthenticated caller can do to the passkey
// sign-in. Credential ids are bounded and never used as a Blobs key; asking for sign-in
// challenges is limited per address and the unused ones are deleted by the minute job;
// one challenge, raced from two function instances, signs in once.
import { getStore } from '@netlify/blobs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import adminPasskeys from '../../netlify/functions/admin-passkeys.mts';
import { SIGN_IN_OPTIONS_PER_ADDRESS } from '../../src/server/auth/passkeyChallenges';
import { passkeyKey } from '../../src/server/auth/passkeys';
import { runFollowUpJob } from '../../src/server/app/minuteJob';
import { adminCookie } from './support/admin';
import { SITE, call, jsonOf } from './support/call';
import { bundleFunction, callInParallelProcesses } from './support/function-process';
import { SoftAuthenticator } from './support/soft-authenticator';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

interface Options {
  challengeId: string;
  options: { challenge: string; user: { id: string } };
}

const challenges = () => getStore({ name: 'admin-webauthn-challenges', consistency: 'strong' });
const challengeKeys = async () => (await challenges().list()).blobs.map((blob) => blob.key);

async function addPasskey(authenticator: SoftAuthenticator): Promise<void> {
  const cookie = await adminCookie();
  const { challengeId, options } = await jsonOf<Options>(
    await call(adminPasskeys, '/api/admin/passkeys/options', { cookie, body: {} }),
  );
  const added = await call(adminPasskeys, '/api/admin/passkeys', {
    cookie,
    body: { challengeId, name: 'Key', response: authenticator.register(options) },
  });
  expect(added.status).toBe(201);
}

async function loginOptions(ip = '127.0.0.1'): Promise<Options> {
  const response = await call(adminPasskeys, '/api/admin/passkey-login/options', { body: {}, ip });
  expect(response.status).toBe(200);
  return jsonOf<Options>(response);
}

describe('one challenge used from several function instances at once', () => {
  let bundle: string;
  beforeAll(async () => {
    bundle = await bundleFunction('netlify/functions/admin-passkeys.mts');
  });

  it('signs in exactly once; every other use gets 400 naming the challenge', async () => {
    const key = new SoftAuthenticator(SITE);
    await addPasskey(key);
    const { challengeId, options } = await loginOptions();
    const body = JSON.stringify({ challengeId, response: key.authenticate(options) });
    const request = {
      url: `${SITE}/api/admin/passkey-login`,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body,
    };
    // Four processes, each with its own Blobs client, released together against the one
    // store: more than two, so the uses overlap on every run, not only on lucky ones
    // (with the used marker written without onlyIfNew, two of two overlapped in about
    // two runs of three; four of four in every run tried).
    const answers = await callInParallelProcesses(bundle, [request, request, request, request]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400]);
    const loser = answers.find((answer) => answer.status === 400)!.body as { fields: Record<string, string> };
    expect(loser.fields).toHaveProperty('challengeId');
  });
});

describe('a credential id', () => {
  it.each([300, 1024])('of %i characters is refused with 400 at once, before any challenge is used', async (length) => {
    const key = new SoftAuthenticator(SITE);
    const { challengeId, options } = await loginOptions();
    const response = { ...key.authenticate(options), id: 'A'.repeat(length), rawId: 'A'.repeat(length) };
    const started = Date.now();
    const answer = await call(adminPasskeys, '/api/admin/passkey-login', { body: { challengeId, response } });
    expect(answer.status).toBe(400);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(answer)).fields)).toContain('response.id');
    expect(await challengeKeys()).toContain(`open/${challengeId}`);
  });

  it('of the longest length allowed (255) is looked up under a fixed-length hash: an unknown passkey, 401', async () => {
    const key = new SoftAuthenticator(SITE);
    const { challengeId, options } = await loginOptions();
    const response = { ...key.authenticate(options), id: 'B'.repeat(255), rawId: 'B'.repeat(255) };
    expect((await call(adminPasskeys, '/api/admin/passkey-login', { body: { challengeId, response } })).status).toBe(
      401,
    );
    expect(passkeyKey('B'.repeat(255))).toMatch(/^c\/[A-Za-z0-9_-]{43}$/);
  });

  it('still finds a passkey stored under its raw id before ids were hashed', async () => {
    const key = new SoftAuthenticator(SITE);
    await addPasskey(key);
    const store = getStore({ name: 'admin-passkeys', consistency: 'strong' });
    const record = (await store.get(passkeyKey(key.id), { type: 'json' })) as Record<string, unknown>;
    const { keyFingerprint: _dropped, ...legacy } = record;
    await store.setJSON(key.id, legacy);
    await store.delete(passkeyKey(key.id));
    const { challengeId, options } = await loginOptions();
    expect(
      (
        await call(adminPasskeys, '/api/admin/passkey-login', {
          body: { challengeId, response: key.authenticate(options) },
        })
      ).status,
    ).toBe(200);
  });
});

describe('sign-in challenges', () => {
  it(`are limited to ${SIGN_IN_OPTIONS_PER_ADDRESS.limit} per address (IPv6 per /64) per window: 429 with Retry-After beyond, other addresses unaffected`, async () => {
    // Deployed-like secrets, so addresses off this machine may use the admin at all.
    vi.stubEnv('ADMIN_PASSWORD', 'correct horse battery staple');
    vi.stubEnv('SESSION_SECRET', 'a-long-random-secret-for-this-test-0123456789');
    // Mid-window, so the test does not straddle two windows.
    vi.useFakeTimers({ toFake: ['Date'] });
    const { windowMs } = SIGN_IN_OPTIONS_PER_ADDRESS;
    vi.setSystemTime(Math.ceil(Date.now() / windowMs) * windowMs + 60_000);
    const before = (await challengeKeys()).length;
    const answers = await Promise.all(
      Array.from({ length: SIGN_IN_OPTIONS_PER_ADDRESS.limit + 5 }, (_, index) =>
        call(adminPasskeys, '/api/admin/passkey-login/options', {
          body: {},
          ip: `2001:db8:7:1::${index.toString(16)}`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(SIGN_IN_OPTIONS_PER_ADDRESS.limit);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(windowMs / 1000);
    expect((await jsonOf<{ error: string }>(refused)).error).toMatch(/Too many passkey sign-ins/);
    // Only the answered requests left a challenge behind.
    expect((await challengeKeys()).length - before).toBe(SIGN_IN_OPTIONS_PER_ADDRESS.limit);
    expect(
      (await call(adminPasskeys, '/api/admin/passkey-login/options', { body: {}, ip: '2001:db8:7:2::1' })).status,
    ).toBe(200);
  });

  it('that expired unused are deleted by the minute job; used markers once no use can race them', async () => {
    const key = new SoftAuthenticator(SITE);
    await addPasskey(key);
    const unused = await loginOptions();
    const used = await loginOptions();
    expect(
      (
        await call(adminPasskeys, '/api/admin/passkey-login', {
          body: { challengeId: used.challengeId, response: key.authenticate(used.options) },
        })
      ).status,
    ).toBe(200);
    const issued = Date.now();
    const job = (afterMinutes: number) =>
      runFollowUpJob({ now: () => new Date(issued + afterMinutes * 60_000), budgetMs: 5_000 });

    // Within its 5 minutes a challenge stays.
    await job(1);
    expect(await challengeKeys()).toEqual(
      expect.arrayContaining([`open/${unused.challengeId}`, `used/${used.challengeId}`]),
    );

    const report = await job(6);
    const afterExpiry = await challengeKeys();
    expect(afterExpiry).not.toContain(`open/${unused.challengeId}`);
    expect(afterExpiry).toContain(`used/${used.challengeId}`);
    expect(report.cutShort).toEqual([]);
    expect(report.challenges.removed).toBeGreaterThanOrEqual(1);

    await job(11);
    expect(await challengeKeys()).not.toContain(`used/${used.challengeId}`);
  });
});
