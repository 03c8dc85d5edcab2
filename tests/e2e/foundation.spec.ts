import { expect, test } from './support/test';
import { signInAsAdmin } from './support/admin';
import { watchConsole } from './support/console';
import { hydrated } from './support/hydration';
import { uniqueName } from '../support/names';

test('the home page is complete HTML before any JavaScript runs', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('From Confusion to Clarity');
  expect(html).toContain('id="contact"');
  expect(html).toContain('<link rel="canonical"');
  expect(html).toContain('property="og:title"');
});

test('a contact lead submitted in the browser reaches the admin API', async ({ page, request, baseURL }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  const unique = uniqueName('Browser Lead');
  const form = await hydrated(page.getByTestId('contact-form'));
  await form.getByLabel('Full name').fill(unique);
  await form.getByLabel('Email').fill('e2e.lead@example.com');
  await form.getByLabel('Phone').fill('+91 98450 12345');
  await form.getByLabel('Who is this for?').selectOption('working-professional');
  await form.getByRole('button', { name: /book my free career call/i }).click();

  await expect(page.getByTestId('contact-thank-you')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' })).toBeVisible();
  await expect(page.getByTestId('contact-thank-you').getByRole('button', { name: 'Pick a time now' })).toBeVisible();

  expect((await request.get('/api/contact')).status()).toBe(401);
  await signInAsAdmin(request, baseURL ?? '');
  const list = await (await request.get('/api/contact')).json();
  expect(list.items[0]).toMatchObject({
    name: unique,
    email: 'e2e.lead@example.com',
    whoIsThisFor: 'working-professional',
  });
  expect(problems).toEqual([]);
});

test('a failed submission shows the error toast and keeps the form filled', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }),
  );
  await page.goto('/?section=contact');
  const form = await hydrated(page.getByTestId('contact-form'));
  await form.getByLabel('Full name').fill('Kept Name');
  await form.getByLabel('Email').fill('kept@example.com');
  await form.getByLabel('Phone').fill('9845012345');
  await form.getByLabel('Who is this for?').selectOption('college');
  await form.getByRole('button', { name: /book my free career call/i }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to Send Message' })).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveValue('Kept Name');
  await expect(form.getByLabel('Email')).toHaveValue('kept@example.com');
});

test('an unknown path redirects to the home page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.url()).toMatch(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('From Confusion to Clarity');
});

test('the mobile menu opens, holds every entry and closes after a choice', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const menu = page.locator('#site-menu');
  await expect(menu).toBeVisible();
  for (const label of ['Corporate Parenting Wellbeing', 'Blogs/Resources', 'How it Works', 'Contact Us']) {
    await expect(menu.getByRole('link', { name: label })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Book A Free Call' })).toBeVisible();
  // Hold the navigation back once to see the menu close on the same page.
  await page.evaluate(() => document.addEventListener('click', (event) => event.preventDefault(), { once: true }));
  await menu.getByRole('link', { name: 'How it Works' }).click();
  await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(menu).toBeHidden();
  await toggle.click();
  await menu.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test('the navigation bar changes style after 20 px of scroll', async ({ page }) => {
  await page.goto('/');
  const header = page.locator('[data-site-nav]');
  await expect(header).not.toHaveAttribute('data-scrolled', '');
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute('data-scrolled', '');
});

test('F8 moves focus to the notifications region, with no island loaded yet', async ({ page }) => {
  // goto waits for the page's behaviours, F8's listener among them; the toaster's island
  // itself loads only with the first toast, so the key cannot depend on it.
  await page.goto('/');
  await expect(page.locator('astro-island[component-url*="/Toaster."]')).toHaveAttribute('ssr', '');
  await page.keyboard.press('F8');
  await expect(page.getByTestId('toaster')).toBeFocused();
});

test('the admin login page signs in to the dashboard and out', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByTestId('local-password-hint')).toContainText('admin');
  await page.getByLabel('Password').fill('wrong');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Wrong password.');
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/bookings$/);
  await page.goto('/admin/login');
  await expect(page.getByTestId('signed-in')).toBeVisible();
  const session = await page.request.get('/api/admin/session');
  expect(session.status()).toBe(200);
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByLabel('Password')).toBeVisible();
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);
});

test('a toast is dismissed by swiping right more than 50 px, not less', async ({ page }) => {
  await page.route('**/api/contact', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }),
  );
  await page.goto('/?section=contact');
  const form = await hydrated(page.getByTestId('contact-form'));
  await form.getByLabel('Full name').fill('Swipe Test');
  await form.getByLabel('Email').fill('swipe@example.com');
  await form.getByLabel('Phone').fill('9845012345');
  await form.getByLabel('Who is this for?').selectOption('college');
  await form.getByRole('button', { name: /book my free career call/i }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Failed to Send Message' });
  await expect(toast).toBeVisible();

  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 50, y, { steps: 5 });
  await page.mouse.up();
  await expect(toast).toBeVisible();

  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, y, { steps: 5 });
  await page.mouse.up();
  await expect(toast).toBeHidden();
});

test('the home page greets a buyer returning with ?payment=success', async ({ page }) => {
  await page.goto('/?payment=success');
  await expect(page.getByRole('status').filter({ hasText: 'Payment Successful!' })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});
