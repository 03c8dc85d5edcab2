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

/**
 * Holds the module of the island `component` on the page at `path` at the network until the
 * returned `release` is called (`held` is the route to unroute after): what a phone on a slow network sees in its first seconds, the
 * server's HTML with no code behind it (docs/decisions/0035-first-tap-works.md).
 */
export async function holdIsland(
  page: Page,
  path: string,
  component: string,
): Promise<{ release: () => void; held: string }> {
  const html = await (await page.request.get(path)).text();
  const componentUrl = new RegExp(`component-url="([^"]*${component}[^"]*)"`).exec(html)?.[1];
  expect(componentUrl, `${path} has the ${component} island`).toBeTruthy();
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = `**${componentUrl}`;
  await page.route(held, async (route) => {
    await released;
    await route.continue();
  });
  return { release, held };
}
