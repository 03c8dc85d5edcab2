import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const publicPages = [
  '/',
  '/why-ccc-edu',
  '/corporate-parenting-wellbeing',
  '/how-it-works',
  '/contact',
  '/thank-you',
  '/thank-you?type=investment&amount=6499',
];

for (const path of publicPages) {
  for (const width of [390, 1280]) {
    test(`${path} at ${width}px has no axe violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).analyze();
      const summary = violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      }));
      expect(summary).toEqual([]);
    });
  }
}
