import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';

const publicPages = ['/', '/why-ccc-edu', '/corporate-parenting-wellbeing', '/how-it-works', '/contact', '/thank-you'];

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

test('revealed states stay accessible: other package tabs, pillar slides, open answers', async ({ page }) => {
  const scan = async () => {
    const { violations } = await new AxeBuilder({ page }).analyze();
    return violations.map((violation) => ({
      rule: violation.id,
      nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  };
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await page.getByRole('tab', { name: /Students/ }).click();
  await page
    .locator('[data-pillars]')
    .getByRole('tab', { name: /Impact/ })
    .click();
  expect(await scan()).toEqual([]);
  await page.getByRole('tab', { name: /Senior/ }).click();
  expect(await scan()).toEqual([]);

  await page.goto('/contact');
  for (const category of ['Privacy & Security', 'Support & Contact']) {
    await page.getByRole('tab', { name: new RegExp(category) }).click();
    await page
      .getByRole('tabpanel')
      .locator('details')
      .evaluateAll((items) => items.forEach((item) => ((item as HTMLDetailsElement).open = true)));
    expect(await scan()).toEqual([]);
  }

  await page.goto('/corporate-parenting-wellbeing');
  await page
    .locator('details')
    .evaluateAll((items) => items.forEach((item) => ((item as HTMLDetailsElement).open = true)));
  expect(await scan()).toEqual([]);
});
