import { type CDPSession, type Page, expect, test } from '@playwright/test';
import { signInThroughLoginPage } from './support/admin';
import { type Control, consentGiven, controlsOn, groupLocator, publicPages, tapAndExpectEffect } from './support/taps';

// A tap at any moment after the first paint does what the control is for
// (docs/decisions/0035-first-tap-works.md). These
// tests use Playwright's own `page.goto`, which returns at the load event: the page's
// behaviours start later (after paint, when idle), so every tap here can come before its
// control's code, which is the point.

async function controlsOf(page: Page, path: string): Promise<Control[]> {
  await page.goto(path);
  // Wait for everything to be live only to list the controls; each is then tapped on a fresh load.
  await page.waitForFunction(() => document.documentElement.getAttribute('data-live')?.includes('dialogs'));
  return controlsOn(page);
}

for (const width of [1280, 390]) {
  test.describe(`every control works on the first tap after load (${width} px)`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 900 } });

    for (const path of publicPages) {
      test(path, async ({ page }) => {
        test.setTimeout(180_000);
        await consentGiven(page);
        const all = await controlsOf(page, path);
        expect(all.length).toBeGreaterThan(0);
        // At 1280 px every control; on a phone the menu and the first control of each group (the
        // same code, in the narrow layout), which keeps CI within its time.
        const controls =
          width === 1280
            ? all
            : all.filter((control, index) => all.findIndex((other) => other.group === control.group) === index);
        if (width === 390) expect(controls.map((control) => control.group)).toContain('menu');
        for (const control of controls) {
          await page.goto(path);
          await test.step(`${control.group} ${control.index}: ${control.label}`, () =>
            tapAndExpectEffect(page, control));
        }
      });
    }
  });
}

/** Holds script modules (every one, or those matching `only`) at the network until the returned function is called. */
async function holdScripts(page: Page, only: RegExp = /\/_astro\/.*\.js$/): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(only, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test.describe('a tap held until the code arrives', () => {
  test("Book A Free Call tapped while the page's scripts are held at the network: busy, the same URL, then the modal", async ({
    page,
  }) => {
    await consentGiven(page);
    // Every script module waits until the test lets it through: the page is only its HTML.
    const release = await holdScripts(page);
    // Module scripts held, the document never reaches DOMContentLoaded: the visitor sees the painted HTML.
    await page.goto('/', { waitUntil: 'commit' });
    const book = page.locator('header [data-open-call]');
    await book.click();
    await expect(book).toHaveAttribute('data-tap-queued', '');
    await expect(book).toHaveAttribute('aria-busy', 'true');
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    release();
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('dialog').getByLabel('Full Name')).toBeVisible();
    await expect(book).not.toHaveAttribute('data-tap-queued', '');
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('a contact form filled (its WhatsApp box ticked) and sent before its island hydrates is sent once, with what was typed and the tick', async ({
    page,
  }) => {
    await consentGiven(page);
    const release = await holdScripts(page, /\/_astro\/ContactForm[^/]*\.js$/);
    const posted: string[] = [];
    const bodies: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/')) posted.push(request.url());
      if (request.method() === 'POST' && request.url().includes('/api/contact')) bodies.push(request.postDataJSON());
    });
    await page.goto('/contact', { waitUntil: 'domcontentloaded' });
    const form = page.locator('form:has(#contact-email)');
    await form.scrollIntoViewIfNeeded();
    await page.locator('#contact-name').fill('Priya Raman');
    await page.locator('#contact-email').fill('priya.early@example.com');
    await page.locator('#contact-phone').fill('+91 98450 12345');
    await page.locator('#contact-who').selectOption({ index: 1 });
    // The WhatsApp box ticked before the code arrives: the consent goes with the request.
    await page.locator('#contact-whatsapp').check();
    await form.locator('button[type="submit"]').click();
    await expect(form).toHaveAttribute('data-submit-queued', '');
    expect(page.url()).not.toContain('priya');
    release();
    await expect(page.getByTestId('contact-thank-you')).toBeVisible({ timeout: 15_000 });
    expect(posted.filter((url) => url.includes('/api/contact'))).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ name: 'Priya Raman', whatsappOptIn: true });
  });
});

test("the WhatsApp box ticked before the form's code arrives stays ticked through hydration, and the form sent afterwards carries the consent", async ({
  page,
}) => {
  await consentGiven(page);
  const release = await holdScripts(page, /\/_astro\/ContactForm[^/]*\.js$/);
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/contact')) bodies.push(request.postDataJSON());
  });
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  await page.locator('#contact-whatsapp').check();
  release();
  // Hydrated: React renders the box from its state, which must have taken the tick over.
  await page.waitForFunction(
    () =>
      document.querySelector('#contact-whatsapp') !== null &&
      !document.querySelector('astro-island[ssr] #contact-whatsapp'),
  );
  await expect(page.locator('#contact-whatsapp')).toBeChecked();
  await page.locator('#contact-name').fill('Priya Raman');
  await page.locator('#contact-email').fill('priya.late@example.com');
  await page.locator('#contact-phone').fill('+91 98450 12345');
  await page.locator('#contact-who').selectOption({ index: 1 });
  await page.locator('form:has(#contact-email) button[type="submit"]').click();
  await expect(page.getByTestId('contact-thank-you')).toBeVisible({ timeout: 15_000 });
  expect(bodies).toEqual([expect.objectContaining({ name: 'Priya Raman', whatsappOptIn: true })]);
});

test('a checkout filled before its code arrives (state and WhatsApp box too) has Proceed to Payment live once it has, with what was typed', async ({
  page,
}) => {
  await consentGiven(page);
  const release = await holdScripts(page, /\/_astro\/CheckoutPanel[^/]*\.js$/);
  await page.goto('/checkout/ascend', { waitUntil: 'domcontentloaded' });
  await page.locator('#checkout-customerName').fill('Priya Raman');
  await page.locator('#checkout-customerEmail').fill('priya.early@example.com');
  await page.locator('#checkout-customerPhone').fill('+91 98450 12345');
  await page.locator('#checkout-customerState').selectOption({ label: 'Karnataka' });
  await page.locator('#checkout-whatsapp').check();
  release();
  // The button is disabled until React's state holds every field: it must get what the page shows.
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeEnabled({ timeout: 15_000 });
  await expect(page.locator('#checkout-customerName')).toHaveValue('Priya Raman');
  await expect(page.locator('#checkout-customerState')).toHaveValue('Karnataka');
  await expect(page.locator('#checkout-whatsapp')).toBeChecked();
});

test.describe("the admin's own pages", () => {
  test('login: "Sign in with a passkey" right after load, and before its script arrives, starts the passkey sign-in on the same page', async ({
    page,
  }) => {
    await page.goto('/admin/login');
    await tapAndExpectEffect(page, { group: 'admin-page', index: 0, label: 'Sign in with a passkey' });

    const release = await holdScripts(page);
    await page.goto('/admin/login', { waitUntil: 'commit' });
    const passkey = page.getByRole('button', { name: 'Sign in with a passkey' });
    await passkey.click();
    await expect(passkey).toHaveAttribute('data-tap-queued', '');
    const started = page.waitForRequest('**/api/admin/passkey-login/options');
    release();
    await started;
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  test('login: a password sent before the script arrives signs in, and never goes into the address', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/admin/login', { waitUntil: 'commit' });
    await page.getByLabel('Password').fill('admin');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.locator('[data-login-form]')).toHaveAttribute('data-submit-queued', '');
    expect(page.url()).not.toContain('admin&');
    expect(new URL(page.url()).search).not.toContain('password');
    release();
    await expect(page).toHaveURL(/\/admin\/bookings/, { timeout: 20_000 });
  });

  test('passkeys: "Add a passkey on this device" right after load, and before its script arrives, starts adding one', async ({
    page,
  }) => {
    await signInThroughLoginPage(page);
    await page.goto('/admin/passkeys');
    await page.getByLabel('Name, so you can tell it apart').fill('Tapped at once');
    const first = page.waitForRequest('**/api/admin/passkeys/options');
    await page.getByRole('button', { name: 'Add a passkey on this device' }).click();
    await first;

    const release = await holdScripts(page);
    await page.goto('/admin/passkeys', { waitUntil: 'commit' });
    await page.getByLabel('Name, so you can tell it apart').fill('Tapped early');
    await page.getByRole('button', { name: 'Add a passkey on this device' }).click();
    await expect(page.locator('[data-add-form]')).toHaveAttribute('data-submit-queued', '');
    expect(new URL(page.url()).search).toBe('');
    const started = page.waitForRequest('**/api/admin/passkeys/options');
    release();
    await started;
    expect(new URL(page.url()).pathname).toBe('/admin/passkeys');
  });
});

// Lighthouse's mobile conditions: CPU slowed 4x, slow 4G (150 ms round trip, 1.6 Mbit/s down).
async function throttle(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return cdp;
}

/** Resolves at the first contentful paint, in the page's own clock. */
const firstPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list, observer) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (!entry) return;
          observer.disconnect();
          resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );

const throttledControls: Array<{
  path: string;
  group: Control['group'];
  selector: string;
  label: string;
  island?: string;
}> = [
  { path: '/', group: 'dialogs', selector: 'header [data-open-call]', label: 'Book A Free Call', island: 'call-modal' },
  { path: '/', group: 'dialogs', selector: '[data-open-quiz]', label: 'the quiz', island: 'quiz' },
  {
    path: '/',
    group: 'tabs',
    selector: '[data-package-tabs] [role="tab"]:nth-child(2)',
    label: 'a package audience tab',
  },
  {
    path: '/how-it-works',
    group: 'dialogs',
    selector: '[data-open-call]',
    label: 'Book Free Consultation',
    island: 'call-modal',
  },
  {
    path: '/blogs-resources',
    group: 'dialogs',
    selector: '[data-download-resource]',
    label: 'a download',
    island: 'download-dialog',
  },
  { path: '/admin/login', group: 'admin-page', selector: '[data-passkey-login]', label: 'Sign in with a passkey' },
];

/**
 * In the page: resolves with the page-clock time at which the tap's effect was first on
 * screen (checked every animation frame), for the selector's first match.
 */
const effectSeenAt = (page: Page, selector: string, group: Control['group']) =>
  page.evaluate(
    ({ selector, group }) =>
      new Promise<number>((resolve) => {
        const target = document.querySelector(selector);
        const startedAt = performance.now();
        // When the effect was first on screen, or for an admin button the moment its API request left.
        const seen = (): number | null => {
          if (group === 'admin-page') {
            const request = performance
              .getEntriesByType('resource')
              .find((entry) => entry.name.includes('/api/admin/') && entry.startTime > startedAt);
            return request ? request.startTime : null;
          }
          const shown =
            group === 'dialogs'
              ? [...document.querySelectorAll('dialog[open], [role="dialog"]')].some((dialog) =>
                  dialog.checkVisibility(),
                )
              : target?.getAttribute('aria-selected') === 'true';
          return shown ? performance.now() : null;
        };
        // Never seen: -1 after 20 s, so the test fails on the figure instead of hanging.
        const giveUp = performance.now() + 20_000;
        const check = () => {
          const at = seen();
          if (at !== null) resolve(at);
          else if (performance.now() > giveUp) resolve(-1);
          else requestAnimationFrame(check);
        };
        check();
      }),
    { selector, group },
  );

test.describe("under a phone's conditions (4x CPU, slow 4G), a tap at 0, 100, 300 and 1,000 ms after first paint works", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  for (const { path, group, selector, label, island } of throttledControls) {
    test(`${label} on ${path}`, async ({ page }) => {
      test.setTimeout(240_000);
      await consentGiven(page);
      await throttle(page);
      for (const delay of [0, 100, 300, 1000]) {
        await page.goto(path, { waitUntil: 'commit' });
        await firstPaint(page);
        await page.waitForTimeout(delay);
        const index = await groupLocator(page, group).evaluateAll(
          (all, wanted) => all.indexOf(document.querySelector(wanted)!),
          selector,
        );
        expect(index).toBeGreaterThanOrEqual(0);
        const tappedAt = await page.evaluate(() => performance.now());
        const seen = effectSeenAt(page, selector, group);
        await test.step(`at ${delay} ms`, () => tapAndExpectEffect(page, { group, index, label }));
        const effectAt = await seen;
        expect(effectAt).toBeGreaterThan(0);
        // The effect came within a second of the later of the tap and the code's arrival (the
        // trigger's code, and for a dialog the dialog's own island).
        const ready = await page.evaluate(
          ({ group, island }) => {
            const mark = (name: string) => performance.getEntriesByName(name)[0]?.startTime ?? null;
            return { live: mark(`ccc:live:${group}`), hydrated: island ? mark(`ccc:hydrated:${island}`) : 0 };
          },
          { group, island },
        );
        expect(ready.live).not.toBeNull();
        expect(ready.hydrated).not.toBeNull();
        const codeIn = Math.max(tappedAt, ready.live!, ready.hydrated!);
        const lag = effectAt - codeIn;
        console.log(
          `[first-tap] ${label} at ${delay} ms: code in ${Math.round(codeIn - tappedAt)} ms after the tap, effect ${Math.round(lag)} ms after that`,
        );
        expect(lag).toBeLessThan(1000);
      }
    });
  }
});

test('under a phone\'s conditions, "Add a passkey on this device" at 0, 100, 300 and 1,000 ms after first paint starts adding one', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInThroughLoginPage(page);
  await throttle(page);
  for (const delay of [0, 100, 300, 1000]) {
    await page.goto('/admin/passkeys', { waitUntil: 'commit' });
    await firstPaint(page);
    await page.waitForTimeout(delay);
    await page.getByLabel('Name, so you can tell it apart').fill(`Phone ${delay}`);
    const started = page.waitForResponse('**/api/admin/passkeys/options', { timeout: 20_000 });
    const tappedAt = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: 'Add a passkey on this device' }).click();
    await test.step(`at ${delay} ms`, async () => {
      await started;
      expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/admin/passkeys');
    });
    const lag = await page.evaluate((tappedAt) => {
      const live = performance.getEntriesByName('ccc:live:admin-page')[0]?.startTime ?? null;
      const request = performance
        .getEntriesByType('resource')
        .find((entry) => entry.name.includes('/api/admin/passkeys/options'));
      return live === null || !request ? null : request.startTime - Math.max(live, tappedAt);
    }, tappedAt);
    console.log(
      `[first-tap] Add a passkey at ${delay} ms: request ${lag === null ? '?' : Math.round(lag)} ms after the later of the tap and the code`,
    );
    // Sent within a second of the later of the tap and the page's script being in.
    expect(lag).not.toBeNull();
    expect(lag!).toBeLessThan(1000);
  }
});
