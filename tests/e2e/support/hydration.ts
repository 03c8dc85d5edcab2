import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the Astro island around `locator` has hydrated (Astro drops the
 * `ssr` attribute then). Typing into server-rendered HTML before that is lost.
 */
export async function hydrated(locator: Locator): Promise<Locator> {
  await locator.scrollIntoViewIfNeeded();
  await expect
    .poll(() => locator.evaluate((element) => element.closest('astro-island')?.hasAttribute('ssr') ?? false), { timeout: 15_000 })
    .toBe(false);
  return locator;
}
