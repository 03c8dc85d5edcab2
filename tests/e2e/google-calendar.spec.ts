import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type FakeGoogle, TEST_GOOGLE_ACCOUNT, googleEnv, startFakeGoogle } from '../api/support/fake-google';
import { openView } from './support/admin';
import { watchConsole } from './support/console';
import { type FreshServer, startFreshServer } from './support/fresh-server';
import { e2ePort } from './support/ports';
import { expect as baseExpect, test } from './support/test';

// The owner connects their Google Calendar in Settings (docs/scheduling.md, "Google Calendar"),
// in Chromium against the production build and a local fake of Google's consent page, token
// endpoint and Calendar API: Connect is a plain link; Google's redirect comes back without the
// SameSite=Strict cookie and the callback's page moves on to the session's own step; the
// calendars for busy times are picked and saved; Google down shows in Settings and on Today;
// Disconnect. At 390 and 1280 px, axe clean, no
// target under 44 x 44 px. A server of its own, so no other spec meets a connected calendar.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 150_000 });
const shots = process.env.SHOTS_DIR ?? '/tmp/ccc-e2e-shots';

let google: FakeGoogle;
let server: FreshServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  google = await startFakeGoogle();
  server = await startFreshServer(e2ePort + 29, googleEnv(google));
});
test.afterAll(async () => {
  await server?.stop();
  await google?.stop();
});

async function axe(page: Page): Promise<Array<{ rule: string; nodes: string[] }>> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

/** The panel's controls smaller than 44 x 44 px (a checkbox counts by its label). */
const smallTargets = (page: Page) =>
  page.getByTestId('google-calendar').evaluate((panel) => {
    const small: string[] = [];
    for (const element of panel.querySelectorAll<HTMLElement>('a[href], button, input')) {
      const target = element.closest('label') ?? element;
      const { width, height } = target.getBoundingClientRect();
      if (width > 0 && (width < 43.5 || height < 43.5))
        small.push(`${element.tagName.toLowerCase()} "${(target.textContent ?? '').trim().slice(0, 30)}"`);
    }
    return small;
  });

async function look(page: Page, name: string, width: number) {
  await page.waitForLoadState('networkidle');
  expect(await axe(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  await page.getByTestId('google-calendar').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/google-calendar-${name}-${width}.png` });
}

for (const width of [390, 1280]) {
  test(`the owner connects Google Calendar at ${width} px, picks the calendars for busy times, and disconnects`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width, height: width === 390 ? 844 : 900 },
    });
    const page = await context.newPage();
    const problems = watchConsole(page);
    try {
      await page.goto('/admin/bookings#settings');
      await expect(page).toHaveURL(/\/admin\/login/);
      await page.getByLabel('Password').fill('admin');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/bookings/);
      await openView(page, 'Settings');
      const panel = page.getByTestId('google-calendar');
      const connect = panel.getByRole('link', { name: 'Connect Google Calendar' });
      await expect(connect).toHaveAttribute('href', '/api/admin/calendar/connect');
      await look(page, 'before', width);

      // Google's consent page (the fake agrees at once) and back through the callback's page.
      await connect.click();
      await expect(page).toHaveURL(/\/admin\/bookings\?calendar=connected#settings$/);
      await expect(panel.getByTestId('google-calendar-account')).toHaveText(`Connected as ${TEST_GOOGLE_ACCOUNT}.`);
      const main = panel.getByRole('checkbox', { name: `${TEST_GOOGLE_ACCOUNT} (main calendar)` });
      const family = panel.getByRole('checkbox', { name: 'Family' });
      await expect(main).toBeChecked();
      await expect(family).not.toBeChecked();
      await expect(panel).toContainText(/Last sync: \d{1,2} \w{3} \d{4}/);
      expect(google.requests.some((request) => request.path === '/token')).toBe(true);

      await family.check();
      await panel.getByRole('button', { name: 'Save calendars' }).click();
      await expect(panel.getByRole('status')).toHaveText('Saved.');
      const saved = (await (await context.request.get('/api/admin/calendar')).json()) as {
        calendars: Array<{ id: string; busy: boolean }>;
      };
      expect(saved.calendars.map((calendar) => calendar.busy)).toEqual([true, true]);
      await look(page, 'connected', width);

      // Google down: Settings says since when the calendar is behind, and so does Today.
      google.failWith(503);
      await page.reload();
      await expect(panel.getByTestId('google-calendar-behind')).toContainText(
        'Google Calendar is behind: not reachable since',
      );
      await look(page, 'behind', width);
      await openView(page, 'Today');
      await expect(page.getByTestId('attention')).toContainText('Google Calendar is behind: not reachable since');
      google.failWith(null);
      await openView(page, 'Settings');
      await page.reload();
      await expect(panel.getByTestId('google-calendar-account')).toBeVisible();
      await expect(panel.getByTestId('google-calendar-behind')).toHaveCount(0);

      await panel.getByRole('button', { name: 'Disconnect Google Calendar…' }).click();
      await panel.getByRole('button', { name: 'Disconnect', exact: true }).click();
      await expect(panel.getByRole('link', { name: 'Connect Google Calendar' })).toBeVisible();
      expect(google.refreshTokens.size).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
