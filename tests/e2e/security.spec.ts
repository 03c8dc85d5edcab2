import { ISLAND_REQUEST_EVENT } from '../../src/islands/on-request/requestIsland';
import { watchCsp } from './support/csp';
import { expect, test } from './support/test';

// Every page runs under the Content Security Policy Astro writes (hashes, no
// 'unsafe-inline' for scripts) and the same security headers as on Netlify.

const pages = [
  '/',
  '/why-ccc-edu',
  '/corporate-parenting-wellbeing',
  '/blogs-resources',
  '/blog/choosing-your-stream-after-class-10',
  '/how-it-works',
  '/contact',
  '/thank-you',
  '/checkout/ascend-plus',
  '/admin/login',
];

for (const path of pages) {
  test(`${path} loads with no CSP violation and sends the security headers`, async ({ page }) => {
    const violations = await watchCsp(page);
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    // Prerendered pages carry Astro's policy in a <meta>; pages rendered on demand in the header.
    const meta = page.locator('meta[http-equiv="content-security-policy"]');
    const policy = (await meta.count()) > 0 ? await meta.getAttribute('content') : headers['content-security-policy'];
    expect(policy).toMatch(/script-src 'self' https:\/\/checkout\.razorpay\.com 'sha256-/);
    expect(policy).not.toContain("'unsafe-inline'");
    await page.waitForLoadState('networkidle');
    // Islands still hydrate under the policy (each drops `ssr` once hydrated): the
    // client:request ones are asked for the way the page asks (the request event), the
    // client:visible ones are brought into view.
    await expect
      .poll(
        () =>
          page.evaluate((requestEvent) => {
            const waiting = [...document.querySelectorAll('astro-island[ssr]')];
            for (const island of waiting) {
              const name = JSON.parse(island.getAttribute('opts') ?? '{}').value;
              if (island.getAttribute('client') === 'request')
                document.dispatchEvent(new CustomEvent(requestEvent, { detail: name }));
              // An island is `display: contents`: its first element is what can come into view.
              else (island.firstElementChild ?? island).scrollIntoView();
            }
            return waiting.length;
          }, ISLAND_REQUEST_EVENT),
        { timeout: 15_000 },
      )
      .toBe(0);
    expect(violations).toEqual([]);
  });
}

test('functions answer with the same security headers', async ({ request }) => {
  for (const path of ['/api/packages', '/api/admin/session', '/api/nothing-here-api']) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  }
});

test('a script the policy does not name is blocked', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.append(script);
  });
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
});
