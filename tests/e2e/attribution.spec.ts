import AxeBuilder from '@axe-core/playwright';
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { openView, signInAsAdmin, signInThroughLoginPage as signIn } from './support/admin';
import { watchConsole } from './support/console';
import { startFreshServer } from './support/fresh-server';
import { hydrated } from './support/hydration';
import { uniqueName } from '../support/names';

// Lead sources in the browser: a visit that lands from an ad keeps its source for the visit,
// every lead form sends it, and the owner sees it on the dashboard and in the export;
// the dashboard's Notifications panel says when notifications are off and resends one
// that could not be delivered.

// The dashboard opens with many calls at once on a busy 2-core machine (see admin-dashboard.spec.ts).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });

const port = Number(process.env.E2E_PORT ?? 8890);
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

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

const toast = (page: Page, title: string) => page.getByTestId('toaster').locator('li').filter({ hasText: title });

async function axeViolations(page: Page, selectors: string[]) {
  const { violations } = await new AxeBuilder({ page })
    .include(selectors)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

async function storedItems<T>(api: APIRequestContext, path: string): Promise<T[]> {
  return ((await (await api.get(`${path}?limit=100`)).json()) as { items: T[] }).items;
}

test('a visit that landed from an ad: its contact message and its call booking carry the source to the cards, the timeline, leads by source and the export', async ({
  page,
  request,
  baseURL,
}, testInfo) => {
  const problems = watchConsole(page);
  await consentAlreadyGiven(page);
  const marker = unique();
  const source = `e2e-ads-${marker}`;
  const campaign = 'class-10-streams';
  const expected = {
    source,
    medium: 'cpc',
    campaign,
    referrer: 'https://www.google.com/',
    // Only the utm_* parameters: the e-mail in the ad's link is not stored.
    landingPage: `/blogs-resources?utm_source=${source}&utm_medium=cpc&utm_campaign=${campaign}`,
  };

  // 1. Lands from a Google ad whose link also carries an e-mail address.
  await page.goto(
    `/blogs-resources?utm_source=${source}&utm_medium=cpc&utm_campaign=${campaign}&email=leak%40example.com`,
    { referer: 'https://www.google.com/' },
  );
  // The landing script ran under the page's CSP (a blocked script would log a violation and store nothing).
  await expect.poll(() => page.evaluate(() => sessionStorage.getItem('ccc-visit'))).toContain(source);

  // 2. Moves on inside the site: the first landing stays the visit's source.
  await page.getByRole('navigation').getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  const contactName = uniqueName('Source Contact');
  const contactEmail = `source.${marker}@example.in`;
  const form = await hydrated(page.getByTestId('contact-form'));
  await form.getByLabel('Full name').fill(contactName);
  await form.getByLabel('Email').fill(contactEmail);
  await form.getByLabel('Phone').fill('+91 98450 12345');
  await form.getByLabel('Who is this for?').selectOption('working-professional');
  await form.getByRole('button', { name: /book my free career call/i }).click();
  await expect(page.getByTestId('contact-thank-you')).toBeVisible();

  // 3. A second kind of lead in the same visit: the free call, from the nav.
  const callerName = uniqueName('Source Caller');
  await page.getByRole('navigation').getByRole('link', { name: 'Book A Free Call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book your free career clarity call' });
  await dialog.getByLabel('Full Name').fill(callerName);
  await dialog.getByLabel('Phone Number').fill(`9${marker.slice(-9)}`);
  await dialog.getByLabel('Current Background').selectOption('working-professional');
  await dialog.getByRole('button', { name: 'Book My Free Call' }).click();
  // Booked: the dialog offers a fixed time; Done closes it.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  expect(problems).toEqual([]);

  // Stored on both records, exactly (read back through the admin APIs).
  await signInAsAdmin(request, baseURL ?? '');
  const contacts = await storedItems<{ name: string; attribution?: unknown }>(request, '/api/contact');
  expect(contacts.find((contact) => contact.name === contactName)?.attribution).toEqual(expected);
  const bookings = await storedItems<{ fullName: string; attribution?: unknown }>(request, '/api/bookings');
  expect(bookings.find((booking) => booking.fullName === callerName)?.attribution).toEqual(expected);

  // The dashboard: the booking card, the contact row, the person timeline.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const label = `${source} / cpc · ${campaign}`;
  const card = page
    .getByTestId('list-bookings')
    .getByTestId('booking-card')
    .filter({ has: page.getByRole('heading', { name: callerName, exact: true }) });
  await expect(card.getByTestId('lead-source').locator('dt')).toHaveText('Source');
  await expect(card.getByTestId('lead-source').locator('dd')).toHaveText(label);
  const row = page.getByTestId('list-contacts').locator('article').filter({ hasText: contactName });
  await expect(row.getByTestId('lead-source')).toHaveText(`Source: ${label}`);
  await page.getByLabel('Find a person').fill(contactEmail);
  await expect(page.getByTestId('search-results').getByTestId('lead-source')).toHaveText(`Source: ${label}`);

  // The People view at both widths: the card, the row and the timeline keep the source.
  expect(await axeViolations(page, ['[data-testid="list-contacts"]', '[data-booking-id]'])).toEqual([]);
  const noSideways = async () =>
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await noSideways();
    await card.screenshot({ path: testInfo.outputPath(`booking-card-source-${width}.png`) });
    await row.screenshot({ path: testInfo.outputPath(`contact-row-source-${width}.png`) });
    await page.getByTestId('search-results').screenshot({ path: testInfo.outputPath(`timeline-source-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Leads by source (Money): one contact message and one discovery call under this ad.
  await openView(page, 'Money');
  const sources = page.getByTestId('leads-by-source');
  const sourceRow = sources
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: source, exact: true }) });
  await expect(sourceRow.getByRole('cell')).toHaveText([
    'cpc',
    '2',
    '0',
    '₹0',
    '0%',
    '0',
    '0',
    '–',
    '–',
    'Discovery calls 1 · Contact messages 1',
  ]);
  expect(await axeViolations(page, ['[data-testid="lead-sources"]'])).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await noSideways();
    await page.getByTestId('lead-sources').screenshot({ path: testInfo.outputPath(`leads-by-source-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Notifications (Settings): the e2e server has no SMTP settings.
  await openView(page, 'Settings');
  await expect(page.getByTestId('notifications-off')).toContainText('Notifications are off.');
  await expect(page.getByTestId('notifications-off')).toContainText('SMTP_URL');
  expect(await axeViolations(page, ['[data-testid="notifications"]'])).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await noSideways();
    await page.getByTestId('notifications').screenshot({ path: testInfo.outputPath(`notifications-off-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The export: Source is the last column.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  const download = await downloading;
  const text = (await readFile((await download.path()) ?? '')).toString('utf8').slice(1);
  const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  expect(header?.at(-1)).toBe('Source');
  expect(rows.find((cells) => cells[1] === contactName)?.at(-1)).toBe(label);
  expect(rows.find((cells) => cells[1] === callerName)?.at(-1)).toBe(label);
});

test('a visit without a source is (direct); a tab of its own is a visit of its own', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL: baseURL ?? '' });
  try {
    const page = await context.newPage();
    await consentAlreadyGiven(page);
    await page.goto('/how-it-works');
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('ccc-visit'))).not.toBeNull();
    const marker = unique();
    const email = `direct.${marker}@example.com`;
    await page.goto('/blogs-resources?utm_source=too-late');
    const form = page.getByTestId('newsletter-form');
    await hydrated(form.getByLabel('Email address'));
    const sent = page.waitForRequest((req) => req.url().endsWith('/api/newsletter') && req.method() === 'POST');
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Join Leaders' }).click();
    expect((await sent).postDataJSON()).toMatchObject({ email, attribution: { landingPage: '/how-it-works' } });
    expect((await sent).postDataJSON().attribution).toEqual({ landingPage: '/how-it-works' });
    await expect(page.getByTestId('newsletter-thanks')).toBeVisible();

    // Another tab starts its own visit: sessionStorage is per tab, and nothing crosses visits.
    const other = await context.newPage();
    await other.goto('/contact?utm_source=second-tab');
    await expect.poll(() => other.evaluate(() => sessionStorage.getItem('ccc-visit'))).toContain('second-tab');
    // Admin pages keep no visit.
    await other.evaluate(() => sessionStorage.clear());
    await other.goto('/admin/login?utm_source=admin');
    await other.waitForLoadState('load');
    expect(await other.evaluate(() => sessionStorage.getItem('ccc-visit'))).toBeNull();
  } finally {
    await context.close();
  }
});

test('a notification the mail server refused is listed with its error and can be resent', async ({
  browser,
}, testInfo) => {
  // A server of its own whose SMTP server refuses connections (nothing listens on that port).
  const refusingSmtpPort = port + 4;
  const server = await startFreshServer(port + 3, {
    SMTP_URL: `smtp://127.0.0.1:${refusingSmtpPort}`,
    NOTIFY_EMAIL_TO: 'owner@example.in',
    NOTIFY_EMAIL_FROM: 'CCC Edu <leads@example.in>',
  });
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const marker = unique();
    const lead = await context.request.post('/api/contact', {
      data: {
        name: uniqueName('Refused Lead'),
        email: `refused.${marker}@example.in`,
        phone: '98450 55555',
        whoIsThisFor: 'college',
      },
    });
    expect(lead.status()).toBe(201);

    const page = await context.newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signIn(page);
    await openView(page, 'Settings');
    const panel = page.getByTestId('notifications');
    await expect(panel.getByTestId('notifications-off')).toHaveCount(0);
    // The first attempt ran right after the lead's response and was refused: listed as retrying.
    const owners = panel.getByTestId('undelivered-notification').filter({ hasText: 'E-mail to you' });
    const loaded = () =>
      expect(panel.getByTestId('undelivered-notifications').or(panel.getByTestId('notifications-on'))).toBeVisible();
    await loaded();
    await expect
      .poll(
        async () => {
          if ((await owners.count()) === 0) {
            await page.reload();
            await loaded();
          }
          return owners.count();
        },
        { timeout: 60_000, intervals: [500, 1_000, 2_000] },
      )
      .toBe(1);
    await expect(owners).toContainText('Retrying');
    await expect(owners).toContainText('Last error:');
    // The first attempt ran right after the lead's response (the minute's sweep may have added one).
    const attempts = async () => Number(/(\d+) attempts?/.exec(await owners.innerText())?.[1]);
    const before = await attempts();
    expect(before).toBeGreaterThanOrEqual(1);
    expect(await axeViolations(page, ['[data-testid="notifications"]'])).toEqual([]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await panel.screenshot({ path: testInfo.outputPath(`notifications-undelivered-${width}.png`) });
    }

    await owners.getByRole('button', { name: /^Resend/ }).click();
    await expect(toast(page, 'Notification queued')).toBeVisible();
    // Sent again at once and refused again: the list, read again, counts one more attempt.
    await expect
      .poll(
        async () => {
          await page.reload();
          await loaded();
          return attempts();
        },
        { timeout: 60_000, intervals: [1_000, 2_000, 3_000] },
      )
      .toBeGreaterThan(before);
  } finally {
    await context.close();
    await server.stop();
  }
});
