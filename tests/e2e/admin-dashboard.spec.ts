import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { holdIsland } from './support/hydration';
import { expect as baseExpect, test } from './support/test';
import { openView, signInAsAdmin } from './support/admin';
import { watchConsole } from './support/console';
import { startFreshServer } from './support/fresh-server';
import { PERSON_NAME_MESSAGE } from '../../src/lib/schemas/fields';
import { lettersOf, uniqueName } from '../support/names';

// The owner's dashboard at /admin/bookings, in Chromium against the real APIs.
// The e2e store is shared by every spec and test, so each test makes its own records
// with unique names and looks only at those; empty states are checked on a second
// server with a store of its own.

// The dashboard opens with five list calls at once, each answered by a bundled function
// on the local server (docs/local-server.md): on a busy 2-core machine a first load can
// take well over the default 10 s.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });

const port = Number(process.env.E2E_PORT ?? 8890);
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
/** A 10-digit Indian mobile no other test uses. */
const uniqueMobile = () => `9${unique().slice(-9)}`;

async function consentAlreadyGiven(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem('cookieConsent')) {
      localStorage.setItem(
        'cookieConsent',
        JSON.stringify({
          essential: true,
          analytics: false,
          preferences: false,
          marketing: false,
          timestamp: new Date().toISOString(),
        }),
      );
    }
  });
}

/** Opens the dashboard the way the owner does: the page sends them to the login page and back. */
async function signIn(page: Page, path = '/admin/bookings#people'): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/admin\/login\?next=\/admin\/bookings/);
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/bookings(#.*)?$/);
  await dashboardReady(page);
}

/** The island has hydrated, the tiles show numbers and the bookings list has loaded. */
async function dashboardReady(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page
          .locator('astro-island[component-url*="AdminDashboard"]')
          .evaluate((element) => element.hasAttribute('ssr')),
      { timeout: 30_000 },
    )
    .toBe(false);
  await expect(page.getByTestId('stat-bookings').locator('dd')).toHaveText(/^\d[\d,]*$/);
  await expect(
    page.getByTestId('list-bookings').locator('[data-testid="booking-card"], [data-testid="empty-state"]').first(),
  ).toBeAttached();
}

function bookingCard(page: Page, name: string): Locator {
  return page
    .getByTestId('list-bookings')
    .getByTestId('booking-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
}

async function tile(page: Page, key: string): Promise<number> {
  const text = await page.getByTestId(`stat-${key}`).locator('dd').innerText();
  return Number(text.replace(/,/g, ''));
}

async function adminApi(request: APIRequestContext, baseURL: string | undefined): Promise<APIRequestContext> {
  await signInAsAdmin(request, baseURL ?? '');
  return request;
}

async function bookCall(request: APIRequestContext, name: string, phone: string): Promise<void> {
  const response = await request.post('/api/book-call', { data: { name, phone, background: 'working-professional' } });
  expect(response.status()).toBe(201);
}

const toast = (page: Page, title: string) => page.getByTestId('toaster').locator('li').filter({ hasText: title });

test.describe('access', () => {
  test('without a session the page redirects to the login page and sends no dashboard', async ({ request }) => {
    const response = await request.get('/admin/bookings', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe('/admin/login?next=/admin/bookings');
    expect(response.headers()['cache-control']).toContain('no-store');
    expect(await response.text()).toBe('');
  });

  test('with a session the dashboard is served uncached and kept out of search engines', async ({
    request,
    baseURL,
  }) => {
    await adminApi(request, baseURL);
    const response = await request.get('/admin/bookings', { maxRedirects: 0 });
    expect(response.status()).toBe(200);
    expect(response.headers()['cache-control']).toContain('no-store');
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain('AdminDashboard');
    expect(html).toContain('Admin areas');
    // Today's to-do comes with the page: its counts at first paint, before any script runs.
    expect(html).toMatch(/data-testid="todo-waiting"[^>]*><dt>Waiting<\/dt><dd>[\d,]+<\/dd>/);
  });

  test("the public pages load none of the dashboard's code", async ({ page }) => {
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(await response.text().catch(() => ''));
    });
    for (const path of ['/', '/contact', '/blogs-resources']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.length).toBeGreaterThan(3);
    for (const script of scripts) {
      expect(script).not.toContain('refetchOnWindowFocus');
      expect(script).not.toContain('Admin areas');
    }
  });
});

test('a lead booked through the public call form is worked on the dashboard: status and edit survive a reload', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await consentAlreadyGiven(page);
  const name = uniqueName('Dashboard Lead');
  await page.goto('/contact');
  await page.getByRole('navigation').getByRole('link', { name: 'Book A Free Call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book your free career clarity call' });
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Phone Number').fill('+91 98450 67890');
  await dialog.getByLabel('Current Background').selectOption({ label: 'Working Professional' });
  await dialog.getByRole('button', { name: 'Book My Free Call' }).click();
  await expect(toast(page, 'Discovery Call Booked!')).toBeVisible();

  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  const card = bookingCard(page, name);
  await expect(card).toContainText('Discovery call');
  await expect(card).toContainText('Free Discovery Call');
  await expect(card.getByRole('link', { name: '+91 98450 67890' })).toHaveAttribute('href', 'tel:+919845067890');
  await expect(card.locator('time').first()).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}\s?[ap]m$/);

  // Status: the tiles follow the change.
  const contactedBefore = await tile(page, 'contacted');
  const status = card.getByLabel('Status');
  await expect(status).toHaveValue('pending');
  await status.selectOption('contacted');
  await expect(toast(page, 'Status Updated Successfully!')).toBeVisible();
  await expect(status).toBeEnabled();
  await expect(page.getByTestId('stat-contacted').locator('dd')).toHaveText(String(contactedBefore + 1));

  // Edit: the dropdown is locked meanwhile; Cancel discards, Save stores only what changed.
  await card.getByRole('button', { name: /^Edit/ }).click();
  const form = card.getByRole('form');
  await expect(form.getByLabel('Full name')).toHaveValue(name);
  await expect(card.getByLabel('Status')).toBeDisabled();
  await form.getByLabel('Notes').fill('This must not be kept');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toContainText('No notes yet.');
  await expect(card.getByLabel('Status')).toBeEnabled();

  const renamed = `${name} Iyer`;
  await card.getByRole('button', { name: /^Edit/ }).click();
  await form.getByLabel('Mobile').fill('98450');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter a valid 10-digit mobile number')).toBeVisible();
  await form.getByLabel('Full name').fill(renamed);
  await form.getByLabel('Mobile').fill('98450 67891');
  await form.getByLabel('Current stage').fill('Product Manager at Flipkart (E-commerce)');
  await form.getByLabel('Notes').fill('Prefers a call after 6 pm');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Booking Updated Successfully!')).toBeVisible();
  const saved = bookingCard(page, renamed);
  await expect(saved).toContainText('Prefers a call after 6 pm');

  await page.reload();
  await dashboardReady(page);
  const reloaded = bookingCard(page, renamed);
  await expect(reloaded.getByLabel('Status')).toHaveValue('contacted');
  await expect(reloaded).toContainText('Product Manager at Flipkart (E-commerce)');
  await expect(reloaded).toContainText('Prefers a call after 6 pm');
  await expect(reloaded.getByRole('link', { name: '98450 67891' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('an edit made stale by another change is refused: the card says so and shows the fresh values', async ({
  page,
  request,
  baseURL,
}) => {
  const api = await adminApi(request, baseURL);
  const name = uniqueName('Stale Edit');
  await bookCall(api, name, uniqueMobile());
  await signIn(page);
  // Found by id from here on: the name on the card is about to change.
  const id = await bookingCard(page, name).getAttribute('data-booking-id');
  const card = page.getByTestId('list-bookings').locator(`[data-booking-id="${id}"]`);
  await card.getByRole('button', { name: /^Edit/ }).click();
  const form = card.getByRole('form');
  await expect(form.getByLabel('Full name')).toHaveValue(name);

  // Someone else (another tab, another device) changes the booking meanwhile.
  const elsewhere = await api.patch(`/api/bookings/${id}`, {
    data: { fullName: `${name} Elsewhere`, notes: 'Changed in another tab' },
    headers: { origin: baseURL ?? '', 'if-match': '*' },
  });
  expect(elsewhere.status()).toBe(200);

  await form.getByLabel('Notes').fill('My note');
  await form.getByRole('button', { name: 'Save' }).click();
  const conflict = page.getByTestId('booking-conflict');
  await expect(conflict).toContainText('changed by someone else');
  await expect(toast(page, '❌ Update Failed')).toBeVisible();
  await expect(form.getByLabel('Full name')).toHaveValue(`${name} Elsewhere`);
  await expect(form.getByLabel('Notes')).toHaveValue('Changed in another tab');
  await expect(conflict).toContainText('My note');
  const stored = await (await api.get(`/api/bookings/${id}`)).json();
  expect(stored).toMatchObject({ fullName: `${name} Elsewhere`, notes: 'Changed in another tab' });

  // Applied again on purpose, over the fresh version, it saves.
  await conflict.getByRole('button', { name: 'Use my changes again' }).click();
  await expect(form.getByLabel('Notes')).toHaveValue('My note');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Booking Updated Successfully!')).toBeVisible();
  expect(await (await api.get(`/api/bookings/${id}`)).json()).toMatchObject({
    fullName: `${name} Elsewhere`,
    notes: 'My note',
  });
});

test('export downloads every record as one CSV: BOM, header, a row per record, formulas neutralised; a formula typed as a name is refused at the form', async ({
  page,
  request,
  baseURL,
}) => {
  const api = await adminApi(request, baseURL);
  const marker = unique();
  // A formula as a name is refused at the form and never reaches the export ...
  const hostile = `=HYPERLINK("http://evil.example","${marker}")`;
  const refused = await api.post('/api/contact', {
    data: { name: hostile, email: `refused.${marker}@example.in`, phone: '98450 11223', whoIsThisFor: 'college' },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { fields: Record<string, string> }).fields).toEqual({ name: PERSON_NAME_MESSAGE });
  // ... but a name may start with a dash, which a spreadsheet would still run as a formula.
  const formulaLike = `-${uniqueName('Export Contact')}`;
  expect(
    (
      await api.post('/api/contact', {
        data: {
          name: formulaLike,
          email: `export.${marker}@example.in`,
          phone: '98450 11223',
          whoIsThisFor: 'college',
        },
      })
    ).status(),
  ).toBe(201);
  const lead = uniqueName('Export Lead');
  await bookCall(api, lead, uniqueMobile());
  await signIn(page);

  // Every record stored now, counted by reading every page (not from the counters).
  const countStored = async (path: string) => {
    let count = 0;
    let cursor: string | null = null;
    do {
      const page = (await (await api.get(`${path}?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).json()) as {
        items: unknown[];
        nextCursor: string | null;
      };
      count += page.items.length;
      cursor = page.nextCursor;
    } while (cursor);
    return count;
  };
  const stored = await Promise.all(
    ['/api/bookings', '/api/contact', '/api/payments', '/api/resource-downloads', '/api/newsletter'].map(countStored),
  );
  const expected = stored.reduce((sum, count) => sum + count, 0);

  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ccc-edu-data-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path()) ?? '');
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = bytes.toString('utf8').slice(1);
  expect(text.split('\r\n')[0]).toBe('Data Type,Name,Email/Mobile,Date,Status,Amount,Package,Notes,Source');
  const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1);
  expect(rows).toHaveLength(expected);
  expect(rows.find((row) => row[1] === lead)).toEqual([
    'Booking',
    lead,
    expect.stringMatching(/^\d{10}$/),
    expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/),
    'Pending',
    '',
    'Free Discovery Call',
    'Discovery call | Stage: Working Professional',
    '',
  ]);
  expect(rows.find((row) => row[2]?.startsWith(`export.${marker}@`))?.slice(0, 2)).toEqual([
    'Contact Form',
    `'${formulaLike}`,
  ]);
  expect(rows.some((row) => row[2]?.startsWith(`refused.${marker}@`))).toBe(false);
  for (const type of new Set(rows.map((row) => row[0])))
    expect(['Booking', 'Contact Form', 'Payment', 'Resource Download', 'Newsletter Subscriber']).toContain(type);
  await expect(toast(page, 'Export Complete')).toContainText(`${expected.toLocaleString('en-IN')} records`);
});

test('export shows its busy state when preparing takes longer than half a second, and says when it fails', async ({
  page,
}) => {
  await signIn(page);
  const button = page.getByTestId('export-button');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  // The export's first call (the list of time slices to read) is held back.
  const exportReads = /\/api\/admin\/export(\/|\?|$)/;
  await page.route(exportReads, async (route) => {
    await held;
    await route.continue();
  });
  await button.click();
  await expect(button).toBeDisabled();
  await expect(button).toHaveText(/Exporting/);
  await expect(button).toHaveAttribute('aria-busy', 'true');
  release();
  await expect(toast(page, 'Export Complete')).toBeVisible();
  await expect(button).toHaveText('Export');
  await page.unroute(exportReads);

  await page.route(exportReads, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Storage is down"}' }),
  );
  await button.click();
  await expect(toast(page, 'Export Failed')).toContainText('Failed to export data. Please try again.');
  await expect(button).toBeEnabled();
});

test('search finds a person by phone in another format and shows their records as one timeline', async ({
  page,
  request,
  baseURL,
}) => {
  const api = await adminApi(request, baseURL);
  const mobile = uniqueMobile();
  const name = uniqueName('Searchable Person');
  await bookCall(api, name, `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  expect(
    (
      await api.post('/api/contact', {
        data: { name, email: `search.${mobile}@example.in`, phone: mobile, whoIsThisFor: 'working-professional' },
      })
    ).status(),
  ).toBe(201);
  await signIn(page);

  const box = page.getByLabel('Find a person');
  await box.fill('9');
  await expect(page.getByTestId('search-results')).toHaveCount(0);
  await box.fill(`${mobile.slice(0, 3)}-${mobile.slice(3, 6)}-${mobile.slice(6)}`);
  const results = page.getByTestId('search-results');
  await expect(results.locator('li')).toHaveCount(2);
  await expect(results.locator('li').nth(0)).toContainText('Contact form');
  await expect(results.locator('li').nth(1)).toContainText('Booking');
  await expect(results.locator('li').nth(1)).toContainText('Free Discovery Call');
  await expect(page.getByText(/2 records found by phone number/)).toBeVisible();

  await box.fill(`search.${mobile}@example.in`);
  await expect(results.locator('li')).toHaveCount(1);
  await expect(results.locator('li').first()).toContainText(name);
});

test('views are links: the back button goes back a view, a reload keeps the view, the view heading takes the focus', async ({
  page,
}) => {
  await signIn(page);
  const nav = page.getByRole('navigation', { name: 'Admin areas' });
  await expect(nav.getByRole('link', { name: 'People', exact: true })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveURL(/#blog$/);
  await expect(nav.getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Create New Blog' })).toBeVisible();
  await expect(page.getByTestId('list-bookings')).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('button', { name: 'Create New Blog' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Blog', exact: true })).toHaveAttribute('aria-current', 'page');
  await page.goBack();
  await expect(page).toHaveURL(/#people$/);
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect(page.getByTestId('list-bookings')).toBeVisible();
  // The tabbed dashboard's old addresses still land where their content went.
  await page.goto('/admin/bookings#customers');
  await expect(nav.getByRole('link', { name: 'People', exact: true })).toHaveAttribute('aria-current', 'page');
});

test('a view tapped before the dashboard has hydrated is the one it opens on', async ({ page }) => {
  await signIn(page);
  // Hold the dashboard island's own module: what a phone on a slow network sees in its first seconds.
  const { release, held } = await holdIsland(page, '/admin/bookings', 'AdminDashboard');
  await page.goto('/admin/bookings', { waitUntil: 'domcontentloaded' });
  const island = page.locator('astro-island[component-url*="AdminDashboard"]');
  await expect(island).toHaveAttribute('ssr', '');
  await page.getByRole('navigation', { name: 'Admin areas' }).getByRole('link', { name: 'Blog', exact: true }).click();
  await expect(page).toHaveURL(/#blog$/);
  release();
  await expect(island).not.toHaveAttribute('ssr', '');
  await expect(page.getByRole('button', { name: 'Create New Blog' })).toBeVisible();
  await page.unroute(held);
});

test('a link to a view survives the trip through the login page', async ({ page }) => {
  await page.goto('/admin/bookings#blog');
  await expect(page).toHaveURL(/\/admin\/login\?next=\/admin\/bookings/);
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/bookings#blog$/);
  await expect(page.getByRole('button', { name: 'Create New Blog' })).toBeVisible();
});

test("'Load more' brings the next page of bookings from the server's cursor", async ({ page, request, baseURL }) => {
  const api = await adminApi(request, baseURL);
  const marker = uniqueName('Paged');
  // One more than a page: the newest 12 fill the first page, whatever else the store holds.
  for (let index = 1; index <= 13; index += 1) await bookCall(api, `${marker} ${lettersOf(index)}`, uniqueMobile());
  await signIn(page);
  const list = page.getByTestId('list-bookings');
  const ours = list.getByTestId('booking-card').filter({ hasText: marker });
  await expect(ours).toHaveCount(12);
  await expect(list.getByTestId('booking-card')).toHaveCount(12);
  await expect(list.getByText(/^Showing 12 of [\d,]+$/)).toBeVisible();
  await list.getByRole('button', { name: 'Load more' }).click();
  await expect(ours).toHaveCount(13);
  await expect(
    ours.filter({ has: page.getByRole('heading', { name: `${marker} ${lettersOf(1)}`, exact: true }) }),
  ).toHaveCount(1);
});

test('a list that cannot load says so on its own and recovers with Try again', async ({ page }) => {
  let failing = true;
  await page.route('**/api/contact?*', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: '{"error":"Storage is unavailable right now."}',
        })
      : route.continue(),
  );
  await signIn(page);
  const contacts = page.getByTestId('list-contacts');
  await expect(contacts.getByRole('alert')).toContainText(
    "Couldn't load contact submissions. Storage is unavailable right now.",
  );
  await expect(page.getByTestId('list-bookings').getByTestId('booking-card').first()).toBeVisible();
  failing = false;
  await contacts.getByRole('button', { name: 'Try again' }).click();
  await expect(contacts.getByRole('alert')).toHaveCount(0);
  await expect(contacts.locator('article').first()).toBeVisible();
});

test('when the session ends mid-edit the owner signs in again and the unsaved edit comes back', async ({
  page,
  request,
  baseURL,
}) => {
  const api = await adminApi(request, baseURL);
  const name = uniqueName('Expiring Session');
  await bookCall(api, name, uniqueMobile());
  await signIn(page);
  const card = bookingCard(page, name);
  await card.getByRole('button', { name: /^Edit/ }).click();
  await card.getByRole('form').getByLabel('Notes').fill('Typed before the session ended');

  // The session ends on the server (as when it expires or is signed out elsewhere).
  expect((await page.request.post('/api/admin/logout', { headers: { origin: baseURL ?? '' } })).status()).toBe(200);
  await card.getByRole('form').getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Session Expired')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login\?next=\/admin\/bookings/, { timeout: 10_000 });
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await dashboardReady(page);

  const restored = page.getByRole('region', { name: 'Unsaved edits' }).getByTestId('booking-card');
  await expect(restored).toHaveCount(1);
  await expect(restored.getByTestId('draft-restored')).toBeVisible();
  await expect(restored.getByLabel('Notes')).toHaveValue('Typed before the session ended');
  await restored.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Booking Updated Successfully!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Unsaved edits' })).toHaveCount(0);
  await expect(bookingCard(page, name)).toContainText('Typed before the session ended');
});

test('sign out ends the session: the dashboard then sends the owner to the login page', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByLabel('Password')).toBeVisible();
  expect((await page.request.get('/api/admin/session')).status()).toBe(401);
  await page.goto('/admin/bookings');
  await expect(page).toHaveURL(/\/admin\/login\?next=\/admin\/bookings$/);
});

test.describe('a fresh store', () => {
  test('every list shows its own empty state and the tiles count nothing', async ({ browser }) => {
    const server = await startFreshServer(port + 2);
    const context = await browser.newContext({ baseURL: server.baseURL });
    try {
      const page = await context.newPage();
      await signIn(page);
      const emptyStates: Array<[string, string]> = [
        ['bookings', 'No bookings yet'],
        ['contacts', 'No messages yet'],
        ['downloads', 'No downloads yet'],
        ['subscribers', 'No subscribers yet'],
      ];
      for (const [kind, title] of emptyStates) {
        await expect(page.getByTestId(`list-${kind}`).getByTestId('empty-state')).toContainText(title);
      }
      for (const key of [
        'bookings',
        'contacts',
        'payments',
        'downloads',
        'subscribers',
        'pending',
        'contacted',
        'completed',
      ]) {
        expect(await tile(page, key)).toBe(0);
      }
      expect(await tile(page, 'totalRecords')).toBe(await tile(page, 'blogPosts'));
      await page.getByLabel('Find a person').fill('Nobody Here');
      await expect(page.getByText('No records found for “Nobody Here”.')).toBeVisible();
      await openView(page, 'Money');
      await expect(page.getByTestId('list-payments').getByTestId('empty-state')).toContainText('No payments yet');
      // Today on a fresh store: nothing due, no one new, no money yet.
      await openView(page, 'Today');
      await expect(page.getByTestId('todo')).toContainText('Nothing is waiting');
      await expect(page.getByTestId('money-today')).toContainText('No payments yet today.');
    } finally {
      await context.close();
      await server.stop();
    }
  });
});

test('a server that is not the local one, with no admin secrets set, says the admin is disabled (503)', async ({
  request,
}) => {
  // NETLIFY_LOCAL=false: what a deployed site without ADMIN_PASSWORD and SESSION_SECRET looks like.
  const server = await startFreshServer(port + 2, { NETLIFY_LOCAL: 'false' });
  try {
    const response = await request.get(`${server.baseURL}/admin/bookings`, { maxRedirects: 0 });
    expect(response.status()).toBe(503);
    expect(response.headers()['cache-control']).toContain('no-store');
    const html = await response.text();
    expect(html).toContain('The admin is disabled: set ADMIN_PASSWORD and SESSION_SECRET');
    expect(html).not.toContain('AdminDashboard');
  } finally {
    await server.stop();
  }
});

test.describe('looks and accessibility', () => {
  for (const width of [390, 1280]) {
    test(`at ${width}px: no axe violations (lists, edit form, blog tab), no sideways scroll, screenshots`, async ({
      page,
      request,
      baseURL,
    }, testInfo) => {
      await bookCall(await adminApi(request, baseURL), uniqueName('Look Check'), uniqueMobile());
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await signIn(page);
      await page.waitForLoadState('networkidle');
      const scan = async () => {
        const { violations } = await new AxeBuilder({ page }).analyze();
        return violations.map((violation) => ({
          rule: violation.id,
          nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        }));
      };
      expect(await scan()).toEqual([]);
      const overflow = () =>
        page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`dashboard-${width}.png`), fullPage: true });

      const card = page.getByTestId('list-bookings').getByTestId('booking-card').first();
      await card.getByRole('button', { name: /^Edit/ }).click();
      await expect(card.getByRole('form')).toBeVisible();
      expect(await scan()).toEqual([]);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await card.screenshot({ path: testInfo.outputPath(`booking-edit-${width}.png`) });
      await card.getByRole('button', { name: 'Cancel' }).click();

      await page
        .getByRole('navigation', { name: 'Admin areas' })
        .getByRole('link', { name: 'Blog', exact: true })
        .click();
      await expect(page.getByRole('button', { name: 'Create New Blog' })).toBeVisible();
      await expect(page.getByTestId('admin-view').locator('article').first()).toBeVisible();
      expect(await scan()).toEqual([]);
      expect(await overflow()).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`blog-tab-${width}.png`), fullPage: true });
    });
  }
});
