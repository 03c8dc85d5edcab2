// A passkey ends as a session does. Adding one needs a sign-in from the
// last 5 minutes and tells the owner by e-mail; Sign out everywhere removes every
// passkey, and a new ADMIN_PASSWORD or SESSION_SECRET ends those added before it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import adminAuth from '../../netlify/functions/admin-auth.mts';
import adminPasskeys from '../../netlify/functions/admin-passkeys.mts';
import { adminCookie } from './support/admin';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { OWNER_ADDRESS, type ReceivedMail } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { SoftAuthenticator } from './support/soft-authenticator';

const mail = useMailReceivers();

const PASSWORD = 'correct horse battery staple';
const SECRET = 'a-long-random-secret-for-this-test-0123456789';
const CHROME_ON_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

afterEach(async () => {
  // Each test's owner mails are sent before the next test starts.
  await settleAfterResponse();
  vi.unstubAllEnvs();
  vi.useRealTimers();
});

// Each test runs at a later day than the one before: the signing key's "in use since"
// is one record for the whole file, and a session or passkey must not predate it.
function at(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  return (minutes: number) => vi.setSystemTime(new Date(Date.parse(iso) + minutes * 60_000));
}

interface Options {
  challengeId: string;
  options: { challenge: string; user: { id: string } };
}

const registrationOptions = (cookie: string) =>
  call(adminPasskeys, '/api/admin/passkeys/options', { cookie, body: {} });

async function addPasskey(
  cookie: string,
  authenticator: SoftAuthenticator,
  name: string,
  userAgent = CHROME_ON_MAC,
): Promise<Response> {
  const started = await registrationOptions(cookie);
  expect(started.status).toBe(200);
  const { challengeId, options } = await jsonOf<Options>(started);
  return call(adminPasskeys, '/api/admin/passkeys', {
    cookie,
    body: { challengeId, name, response: authenticator.register(options) },
    headers: { 'user-agent': userAgent },
  });
}

async function passkeyLogin(authenticator: SoftAuthenticator): Promise<Response> {
  const started = await call(adminPasskeys, '/api/admin/passkey-login/options', { body: {} });
  expect(started.status).toBe(200);
  const { challengeId, options } = await jsonOf<Options>(started);
  return call(adminPasskeys, '/api/admin/passkey-login', {
    body: { challengeId, response: authenticator.authenticate(options) },
  });
}

const sessionOf = (response: Response) => response.headers.getSetCookie()[0]!.split(';')[0]!;

/** The owner's mails about passkeys received after the first `skip` mails, once `count` arrived (or a second passed). */
async function passkeyMails(skip: number, count: number): Promise<ReceivedMail[]> {
  await settleAfterResponse();
  const found = () =>
    mail.smtp.mails
      .slice(skip)
      .filter(
        (each) =>
          each.to.includes(OWNER_ADDRESS) &&
          /^Passkey added/.test(each.subject) &&
          each.text.includes(' on 6 Jan 2027,'),
      );
  for (let tries = 0; tries < 50 && found().length < count; tries += 1)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return found();
}

describe('adding a passkey', () => {
  it('needs a sign-in from the last 5 minutes: after that 403 with a clear error, and a password sign-in again lets it through', async () => {
    const later = at('2027-01-04T09:00:00Z');
    const cookie = await adminCookie();
    later(4);
    // Options asked for in time; the registration itself comes after the 5 minutes.
    const { challengeId, options } = await jsonOf<Options>(await registrationOptions(cookie));
    later(5.1);
    const tooLate = await call(adminPasskeys, '/api/admin/passkeys', {
      cookie,
      body: { challengeId, name: 'Laptop', response: new SoftAuthenticator(SITE).register(options) },
    });
    expect(tooLate.status).toBe(403);
    const refused = await registrationOptions(cookie);
    expect(refused.status).toBe(403);
    const body = await jsonOf<{ error: string; reauthenticate: boolean }>(refused);
    expect(body.error).toMatch(/sign-in from the last 5 minutes/);
    expect(body.reauthenticate).toBe(true);
    // The old session still works for everything else.
    expect((await call(adminPasskeys, '/api/admin/passkeys', { cookie })).status).toBe(200);

    const again = await adminCookie();
    expect((await addPasskey(again, new SoftAuthenticator(SITE), 'Laptop')).status).toBe(201);
  });

  it('counts a passkey sign-in as a sign-in', async () => {
    const later = at('2027-01-05T09:00:00Z');
    const phone = new SoftAuthenticator(SITE);
    expect((await addPasskey(await adminCookie(), phone, 'Phone')).status).toBe(201);
    later(30);
    const signedIn = await passkeyLogin(phone);
    expect(signedIn.status).toBe(200);
    expect((await registrationOptions(sessionOf(signedIn))).status).toBe(200);
  });

  it('e-mails the owner through the outbox: the name, the date and the browser, and only a plain name', async () => {
    at('2027-01-06T09:15:00Z');
    const cookie = await adminCookie();
    const before = mail.smtp.mails.length;
    expect((await addPasskey(cookie, new SoftAuthenticator(SITE), 'Work laptop')).status).toBe(201);
    const [added] = await passkeyMails(before, 1);
    expect(added?.text).toContain(
      'A passkey named "Work laptop" was added to the CCC Edu admin on 6 Jan 2027, 2:45 pm IST from Chrome on macOS.',
    );

    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const phishing = 'Ignore this - verify at https://evil.example';
    expect((await addPasskey(cookie, new SoftAuthenticator(SITE), phishing, iphone)).status).toBe(201);
    const mails = await passkeyMails(before, 2);
    expect(mails).toHaveLength(2);
    const second = mails[1]!;
    expect(second.text).toContain('A passkey (its name is not shown');
    expect(second.text).toContain('from Safari on iPhone.');
    expect(`${second.text} ${second.html}`).not.toMatch(/evil|verify|Mozilla|AppleWebKit/);
  });
});

describe('a passkey ends', () => {
  it('with Sign out everywhere: every passkey is removed and signs in nobody', async () => {
    at('2027-01-07T09:00:00Z');
    const cookie = await adminCookie();
    const laptop = new SoftAuthenticator(SITE);
    const phone = new SoftAuthenticator(SITE);
    expect((await addPasskey(cookie, laptop, 'Laptop')).status).toBe(201);
    expect((await addPasskey(cookie, phone, 'Phone')).status).toBe(201);
    expect((await passkeyLogin(laptop)).status).toBe(200);
    const listed = await jsonOf<{ passkeys: unknown[] }>(await call(adminPasskeys, '/api/admin/passkeys', { cookie }));
    expect(listed.passkeys.length).toBeGreaterThanOrEqual(2);

    const everywhere = await call(adminAuth, '/api/admin/logout-everywhere', { cookie, body: {} });
    expect(everywhere.status).toBe(200);
    expect(await jsonOf(everywhere)).toMatchObject({ removedPasskeys: listed.passkeys.length });
    expect((await passkeyLogin(laptop)).status).toBe(401);
    expect((await passkeyLogin(phone)).status).toBe(401);
    const fresh = await adminCookie();
    expect(
      (await jsonOf<{ passkeys: unknown[] }>(await call(adminPasskeys, '/api/admin/passkeys', { cookie: fresh })))
        .passkeys,
    ).toEqual([]);
  });

  /** A passkey added under PASSWORD and SECRET on `day`, shown to sign in an hour later. */
  async function passkeySigningIn(day: string) {
    const later = at(day);
    vi.stubEnv('ADMIN_PASSWORD', PASSWORD);
    vi.stubEnv('SESSION_SECRET', SECRET);
    const key = new SoftAuthenticator(SITE);
    expect((await addPasskey(await adminCookie(PASSWORD), key, 'Key')).status).toBe(201);
    later(1);
    expect((await passkeyLogin(key)).status).toBe(200);
    return { key, later };
  }

  it('after a restart with a new ADMIN_PASSWORD, and a change back revives nothing', async () => {
    const { key, later } = await passkeySigningIn('2027-01-08T09:00:00Z');

    later(2);
    vi.stubEnv('ADMIN_PASSWORD', 'a brand new owner password');
    const refused = await passkeyLogin(key);
    expect(refused.status).toBe(401);
    expect(
      (
        await jsonOf<{ passkeys: unknown[] }>(
          await call(adminPasskeys, '/api/admin/passkeys', { cookie: await adminCookie('a brand new owner password') }),
        )
      ).passkeys,
    ).toEqual([]);

    later(3);
    vi.stubEnv('ADMIN_PASSWORD', PASSWORD);
    expect((await passkeyLogin(key)).status).toBe(401);
  });

  it('after a restart with a new SESSION_SECRET', async () => {
    const { key, later } = await passkeySigningIn('2027-01-09T09:00:00Z');

    later(2);
    vi.stubEnv('SESSION_SECRET', 'another-long-random-secret-after-a-leak-98765');
    expect((await passkeyLogin(key)).status).toBe(401);
  });
});
