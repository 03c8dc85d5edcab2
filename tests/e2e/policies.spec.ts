import AxeBuilder from '@axe-core/playwright';
import { business } from '../../src/lib/business';
import { expect, test } from './support/test';

// The terms and the refund policy (docs/privacy.md, "Terms and refund policy") in English and
// Hindi, from the facts of src/lib/business.ts, linked where money is taken and promised.

const pages = [
  { path: '/terms', lang: 'en-IN', heading: 'Terms of service', fact: `courts at ${business.jurisdictionCity}` },
  { path: '/hi/terms', lang: 'hi', heading: 'सेवा की शर्तें', fact: `${business.jurisdictionCity} की अदालतों` },
  {
    path: '/refund-policy',
    lang: 'en-IN',
    heading: 'Refund and cancellation policy',
    fact: `until ${business.promises.rescheduleNoticeHours} hours before it starts`,
  },
  {
    path: '/hi/refund-policy',
    lang: 'hi',
    heading: 'रिफ़ंड और रद्द करने की नीति',
    fact: `${business.promises.rescheduleNoticeHours} घंटे पहले तक`,
  },
];

for (const policy of pages) {
  for (const width of [390, 1280]) {
    test(`${policy.path} at ${width}px: its facts, the other language, axe clean`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      const response = await page.goto(policy.path);
      expect(response?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(policy.path);
      await expect(page.locator('html')).toHaveAttribute('lang', policy.lang);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(policy.heading);
      await expect(page.locator('#main')).toContainText(policy.fact);
      await expect(page.locator('#main')).toContainText(business.contact.phone);
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((violation) => ({ rule: violation.id, nodes: violation.nodes.length }))).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/policy${policy.path.replace(/\//g, '-')}-${width}.png` });
    });
  }
}

test('the footer links both; the money-back promise links the refund policy; checkout links terms and refunds', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.locator('footer');
  await expect(footer.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms');
  await expect(footer.getByRole('link', { name: 'Refund policy' })).toHaveAttribute('href', '/refund-policy');
  await expect(page.getByRole('link', { name: 'Read the refund policy' })).toHaveAttribute('href', '/refund-policy');

  await page.goto('/checkout/ascend-plus');
  const form = page.locator('form').first();
  await expect(form.getByRole('link', { name: /terms of service/ })).toHaveAttribute('href', '/terms');
  await expect(form.getByRole('link', { name: /refund policy/ })).toHaveAttribute('href', '/refund-policy');
});
