import { test as base } from '@playwright/test';
import { behavioursReady } from './hydration';

/**
 * Playwright's test, with a `page` whose goto and reload also wait for the page's
 * behaviours (see behavioursReady): they start after the first paint, and Playwright's
 * goto returns at the load event, which can come first. A page opened some other way,
 * or reached by clicking a link, waits with behavioursReady itself.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await behavioursReady(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await behavioursReady(page);
      return response;
    };
    await use(page);
  },
});

export { expect } from '@playwright/test';
