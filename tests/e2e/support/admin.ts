import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect } from './test';

// Fresh servers start cold: the first dashboard can take a while on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Signs in through the real login API; the request context keeps the cookie. */
export async function signInAsAdmin(request: APIRequestContext, baseURL: string): Promise<void> {
  const response = await request.post('/api/admin/login', {
    data: { password: 'admin' },
    headers: { origin: baseURL },
  });
  if (!response.ok()) throw new Error(`admin login failed: ${response.status()} ${await response.text()}`);
}

/** Signs in through the login page, as the owner does, on whichever server the page's context points at. */
export async function signInThroughLoginPage(page: Page): Promise<void> {
  // The People view: where the lists of records are (docs/admin.md, "Views").
  await page.goto('/admin/bookings#people');
  await expect(page).toHaveURL(/\/admin\/login\?next=\/admin\/bookings/);
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/bookings(#.*)?$/);
  await expect
    .poll(() =>
      page.locator('astro-island[component-url*="AdminDashboard"]').evaluate((element) => element.hasAttribute('ssr')),
    )
    .toBe(false);
  await expect(
    page.getByTestId('list-bookings').locator('[data-testid="booking-card"], [data-testid="empty-state"]').first(),
  ).toBeAttached();
}

/** Opens an admin view from the bottom bar (a phone) or the side bar (a wide screen). */
export async function openView(page: Page, label: 'Today' | 'People' | 'Calendar' | 'Money' | 'Blog' | 'Settings') {
  await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
}
