import AxeBuilder from '@axe-core/playwright';
import { startFreshServer } from './support/fresh-server';
import { e2ePort } from './support/ports';
import { expect as baseExpect, test } from './support/test';

// The owner adds a passkey in the admin, signs in with it (also while
// password attempts are paused) and removes it. Chromium's virtual authenticator
// (CDP WebAuthn domain) plays the phone's or laptop's built-in one. A server with a
// store of its own, so pausing its passwords touches no other spec.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });

test('a passkey is added, signs in while passwords are paused, and is removed', async ({ browser }, testInfo) => {
  const server = await startFreshServer(e2ePort + 7);
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    // Signed in with the password, the owner adds a passkey for this device.
    await page.goto('/admin/passkeys');
    await expect(page).toHaveURL(/\/admin\/login\?next=\/admin\/passkeys/);
    await page.getByLabel('Password').fill('admin');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/passkeys$/);
    await expect(page.getByTestId('no-passkeys')).toBeVisible();
    await page.getByLabel('Name, so you can tell it apart').fill('This laptop');
    // A sign-in older than 5 minutes is answered 403; the page asks for the
    // password (the server's answer is played here: a real one needs 5 minutes' wait).
    await page.route('**/api/admin/passkeys/options', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({
          error:
            'Adding a passkey needs a sign-in from the last 5 minutes. Enter your password again, then add the passkey.',
          reauthenticate: true,
        }),
      }),
    );
    await page.getByRole('button', { name: 'Add a passkey on this device' }).click();
    await expect(page.getByRole('alert')).toContainText('sign-in from the last 5 minutes');
    const confirmPassword = page.locator('#confirm-password');
    await expect(confirmPassword).toBeFocused();
    await expect(page.getByRole('button', { name: 'Add a passkey on this device' })).toBeHidden();
    const { violations: reauthViolations } = await new AxeBuilder({ page }).analyze();
    expect(reauthViolations).toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`passkeys-password-first-${width}.png`), fullPage: true });
    }
    await page.unroute('**/api/admin/passkeys/options');
    await confirmPassword.fill('admin');
    await page.getByRole('button', { name: 'Confirm password' }).click();
    await expect(page.getByLabel('Name, so you can tell it apart')).toBeFocused();
    await expect(page.getByRole('status')).toContainText('Password confirmed');
    await page.getByRole('button', { name: 'Add a passkey on this device' }).click();
    await expect(page.getByTestId('passkey-list')).toContainText('This laptop');
    // Sign out everywhere says, before the click, that it removes this passkey.
    await expect(page.getByTestId('passkeys-to-remove')).toContainText('This laptop');
    await expect(page.getByRole('button', { name: 'Sign out everywhere and remove the passkey' })).toBeVisible();
    await expect(page.getByTestId('passkey-list')).toContainText('not used yet');
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.rpId).toBe('localhost');

    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations).toEqual([]);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: testInfo.outputPath(`passkeys-${width}.png`), fullPage: true });
    }

    // Signed out, and with no device cookie: this browser is a stranger to the password
    // throttle. Ten wrong passwords from this machine pause passwords here.
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
    await context.clearCookies();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const response = await page.request.post('/api/admin/login', {
        data: { password: `guess ${attempt}` },
        headers: { origin: server.baseURL },
      });
      expect(response.status()).toBe(401);
    }
    await page.reload();
    await page.getByLabel('Password').fill('admin');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Too many sign-in attempts');

    // The passkey still signs in.
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page).toHaveURL(/\/admin\/bookings$/);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: testInfo.outputPath('login-passkey-1280.png') });

    // Removed, it signs in nobody.
    await page.goto('/admin/passkeys');
    await expect(page.getByTestId('passkey-list')).toContainText(/last used/);
    await page.getByRole('button', { name: 'Remove passkey This laptop' }).click();
    await expect(page.getByTestId('no-passkeys')).toBeVisible();
    await page.goto('/admin/login');
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page.getByLabel('Password')).toBeVisible();
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toContainText('not (or no longer) added');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('login-passkey-390.png'), fullPage: true });

    // Sign out everywhere, from the Passkeys page, removes every passkey.
    await page.getByLabel('Password').fill('admin');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/bookings$/);
    await page.goto('/admin/passkeys');
    await page.getByLabel('Name, so you can tell it apart').fill('Second key');
    await page.getByRole('button', { name: 'Add a passkey on this device' }).click();
    await expect(page.getByTestId('passkeys-to-remove')).toContainText('Second key');
    await page.getByRole('button', { name: 'Sign out everywhere and remove the passkey' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await expect(page.getByRole('alert')).toContainText('not (or no longer) added');
  } finally {
    await context.close();
    await server.stop();
  }
});
