import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Waits until the Astro island around `locator` has hydrated (Astro drops the
 * `ssr` attribute then). Typing into server-rendered HTML before that is lost.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await locator.scrollIntoViewIfNeeded();
  await expect
    .poll(() => locator.evaluate((element) => element.closest('astro-island')?.hasAttribute('ssr') ?? false), {
      timeout: 15_000,
    })
    .toBe(false);
  return locator;
}

/**
 * Waits until the page's behaviours have run: the plain-DOM scripts (dialog triggers,
 * tabs, F8, Share) that Astro mounts with `client:painted` once the page has painted,
 * which can be after the load event. Until then a trigger link just navigates.
 */
export async function behavioursReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('astro-island[client="painted"][ssr]'), null, {
    timeout: 15_000,
  });
}
