import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { openView, signInThroughLoginPage as signIn } from './support/admin';
import { startFreshServer } from './support/fresh-server';
import { expect as baseExpect, test } from './support/test';

// The visitor mail cap in the browser: a visitor mail the cap held back is shown under
// Notifications as Held, with its reason, apart from the failures, and the owner can
// send it anyway.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });

const port = Number(process.env.E2E_PORT ?? 8890);
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const toast = (page: Page, title: string) => page.getByTestId('toaster').locator('li').filter({ hasText: title });

test('a confirmation held by the cap is listed as Held with its reason and can be sent anyway', async ({ browser }) => {
  // Mail can be queued but not delivered: nothing listens on the SMTP port. The cap is
  // applied before the mail server is reached, so the fourth confirmation is held.
  const server = await startFreshServer(port + 17, {
    SMTP_URL: `smtp://127.0.0.1:${port + 18}`,
    NOTIFY_EMAIL_TO: 'owner@example.in',
    NOTIFY_EMAIL_FROM: 'CCC Edu <leads@example.in>',
  });
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const name = `flooded${unique()}`;
    for (const email of [
      `${name}+1@gmail.com`,
      `${name}+2@gmail.com`,
      `${name.slice(0, 3)}.${name.slice(3)}@gmail.com`,
      `${name}@googlemail.com`,
    ]) {
      const lead = await context.request.post('/api/contact', {
        data: { name: 'Asha Rao', email, phone: '98450 55555', whoIsThisFor: 'college' },
      });
      expect(lead.status()).toBe(201);
    }

    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await openView(page, 'Settings');
    const panel = page.getByTestId('notifications');
    const held = panel.locator('[data-testid="undelivered-notification"][data-status="held"]');
    await expect
      .poll(
        async () => {
          if ((await held.count()) === 0) await page.reload();
          return held.count();
        },
        { timeout: 60_000, intervals: [500, 1_000, 2_000] },
      )
      .toBe(1);
    await expect(held).toContainText('Held');
    await expect(held.getByTestId('held-reason')).toContainText(
      'Not sent: this mailbox had 3 confirmations in the last 24 hours',
    );
    await expect(held).not.toContainText('Last error:');
    await expect(panel.locator('.adm-panel-head')).toContainText('1 held by the cap');
    const { violations } = await new AxeBuilder({ page })
      .include('[data-testid="notifications"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);

    await held.getByRole('button', { name: /^Send anyway/ }).click();
    await expect(toast(page, 'Notification queued')).toBeVisible();
    // Let past the cap, it reached the (refusing) mail server: no longer held.
    await expect
      .poll(
        async () => {
          await page.reload();
          await expect(panel.getByTestId('undelivered-notifications')).toBeVisible();
          return held.count();
        },
        { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
      )
      .toBe(0);
  } finally {
    await context.close();
    await server.stop();
  }
});
