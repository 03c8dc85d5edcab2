import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';

// The privacy notice (docs/privacy.md) in English and Hindi, built from the data inventory:
// readable at a phone's and a desktop's width, axe clean, the Hindi page in its Devanagari web
// font, linked from the footer and from beside a form's submit button.

const notices = [
  { path: '/privacy', lang: 'en-IN', heading: 'Privacy notice', other: 'हिंदी में पढ़ें' },
  { path: '/hi/privacy', lang: 'hi', heading: 'निजता सूचना', other: 'Read in English' },
];

for (const notice of notices) {
  for (const width of [390, 1280]) {
    test(`${notice.path} at ${width}px: every form's part, the contact, axe clean`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(notice.path);
      await expect(page.locator('html')).toHaveAttribute('lang', notice.lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(notice.heading);
      // One part per form, each with what is kept, why, on what ground and for how long.
      for (const form of ['call', 'contact', 'download', 'newsletter', 'corporate', 'package'])
        await expect(page.locator(`#form-${form} dl`).first()).toBeVisible();
      await expect(page.locator('#main').getByRole('link', { name: 'hello@cccedu.example' })).toBeVisible();
      await expect(page.getByRole('link', { name: notice.other })).toBeVisible();
      const version = await page.locator('[data-notice-version]').getAttribute('data-notice-version');
      expect(version).toMatch(/^[0-9a-f]{16}$/);
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((violation) => ({ rule: violation.id, nodes: violation.nodes.length }))).toEqual([]);
      // Nothing is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const shot = `test-results/privacy${notice.path.replace(/\//g, '-')}-${width}`;
      await page.screenshot({ path: `${shot}-top.png` });
      await page.locator('#form-package').screenshot({ path: `${shot}-form.png` });
      await page.locator('#use').screenshot({ path: `${shot}-contact.png` });
    });
  }
}

test('the Hindi notice is set in its Devanagari web font, and the English one does not fetch it', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('devanagari')) fetched.push(request.url());
  });
  await page.goto('/privacy');
  await page.waitForLoadState('networkidle');
  expect(fetched).toEqual([]);

  await page.goto('/hi/privacy');
  await page.evaluate(() => document.fonts.ready);
  await expect
    .poll(() => page.evaluate(() => document.fonts.check('16px "Noto Sans Devanagari Variable"', 'निजता')))
    .toBe(true);
  const family = await page.getByRole('heading', { level: 1 }).evaluate((node) => getComputedStyle(node).fontFamily);
  expect(family).toMatch(/^"?Noto Sans Devanagari Variable/);
  expect(fetched.some((url) => url.endsWith('.woff2'))).toBe(true);
});

test("the footer links both notices, and a form's link opens its own part of the notice", async ({ page }) => {
  await page.goto('/contact');
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'Privacy notice' })).toHaveAttribute('href', '/privacy');
  await expect(footer.getByRole('link', { name: 'निजता सूचना (हिंदी)' })).toHaveAttribute('href', '/hi/privacy');
  const link = page
    .locator('form')
    .getByRole('link', { name: /Privacy notice/ })
    .first();
  await expect(link).toHaveAttribute('href', '/privacy#form-contact');
  await link.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/privacy-form-link.png' });
  const [notice] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
  await notice.waitForLoadState();
  await expect(notice.locator('#form-contact')).toBeInViewport();
});
