import AxeBuilder from '@axe-core/playwright';
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { openView, signInAsAdmin, signInThroughLoginPage as signIn } from './support/admin';
import { watchConsole } from './support/console';
import { startFreshServer } from './support/fresh-server';
import { e2ePort, fakeRazorpayUrl } from './support/ports';
import { TEST_KEY_ID, TEST_KEY_SECRET, TEST_WEBHOOK_SECRET } from '../api/support/fake-razorpay';
import { lettersOf } from '../support/names';

// Payment requests in the browser: after a good consultation the owner charges a life-coaching
// client the agreed fee with a Razorpay Payment Link; the customer pays it (the fake
// Razorpay sends the signed webhook to the site, as Razorpay does); the card shows Paid
// and 'Leads by source' counts the paying client and the revenue under the lead's source.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });

const SHOTS = '/tmp/e2e-shots/payment-requests';

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

test('the owner requests a payment for a life-coaching client, the link is paid, the card shows Paid and what converts counts it', async ({
  page,
  request,
  baseURL,
}) => {
  const problems = watchConsole(page);
  await mkdir(SHOTS, { recursive: true });
  const marker = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const source = `e2e-pay-${marker}`;
  // Short, for the screenshots: a word of at most four letters from the marker's last six digits.
  const name = `Meera Pay ${lettersOf(Number(marker.slice(-6)))}`;
  const booked = await request.post('/api/bookings', {
    data: {
      fullName: name,
      mobile: '98450 24680',
      designation: 'Senior Manager',
      company: 'Wipro',
      industry: 'Technology',
      packageId: 'life-coaching',
      attribution: { source, medium: 'whatsapp' },
    },
    headers: { origin: baseURL! },
  });
  expect(booked.status()).toBe(201);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  const card = page
    .getByTestId('list-bookings')
    .getByTestId('booking-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card.screenshot({ path: `${SHOTS}/card-before-${width}.png` });
  }
  await card.getByRole('button', { name: `Request payment from ${name}` }).click();

  const dialog = page.getByRole('dialog', { name: `Request payment from ${name}` });
  await expect(dialog).toBeVisible();
  // Life coaching is priced after the consultation: chosen for this booking, no amount yet.
  await expect(dialog.getByLabel('What it is for')).toHaveValue('life-coaching');
  await expect(dialog.getByLabel('Description the customer sees')).toHaveValue('Life Coaching');
  await expect(dialog.getByLabel('Amount (₹, whole rupees)')).toHaveValue('');
  await expect(dialog.getByLabel('Link open for (days)')).toHaveValue('7');
  // Its sessions are agreed on the call: the package's own number is none.
  await expect(dialog.getByLabel('Sessions included')).toHaveValue('0');
  // A wrong amount is named by the server and nothing is made.
  await dialog.getByLabel('Amount (₹, whole rupees)').fill('12.5');
  await dialog.getByRole('button', { name: 'Create payment link' }).click();
  await expect(dialog.getByText('Amount must be whole rupees')).toBeVisible();
  expect(await axeViolations(page, ['[data-testid="request-payment-dialog"]'])).toEqual([]);
  await dialog.screenshot({ path: `${SHOTS}/dialog-error-1280.png` });

  await dialog.getByLabel('Description the customer sees').fill('Life Coaching: 6 sessions');
  await dialog.getByLabel('Amount (₹, whole rupees)').fill('18000');
  await dialog.getByLabel('Sessions included').fill('6');
  await dialog.getByLabel("Customer's state").selectOption('Karnataka');
  await dialog.getByRole('button', { name: 'Create payment link' }).click();
  await expect(dialog.getByTestId('payment-link-ready')).toContainText('₹18,000 (6 sessions)');
  const url = await dialog.getByLabel('Payment link').inputValue();
  expect(url).toMatch(new RegExp(`^${fakeRazorpayUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/i/`));
  const whatsapp = dialog.getByRole('link', { name: `WhatsApp the link to ${name} (opens WhatsApp)` });
  const href = new URL((await whatsapp.getAttribute('href'))!);
  expect(href.origin + href.pathname).toBe('https://wa.me/919845024680');
  expect(href.searchParams.get('text')).toContain(url);
  expect(await axeViolations(page, ['[data-testid="request-payment-dialog"]'])).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await dialog.screenshot({ path: `${SHOTS}/dialog-ready-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();

  await openView(page, 'Money');
  const panelRow = page.getByTestId('payment-requests').getByRole('article', { name: `Payment request to ${name}` });
  await expect(panelRow).toContainText('Waiting for payment');
  expect(await axeViolations(page, ['[data-testid="payment-requests-panel"]'])).toEqual([]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await panelRow.screenshot({ path: `${SHOTS}/request-waiting-${width}.png` });
  }

  // The customer pays: the fake Razorpay sends the signed payment_link.paid webhook to the site.
  await signInAsAdmin(request, baseURL!);
  const listed = (await (await request.get('/api/admin/payment-requests')).json()) as {
    items: Array<{ name: string; linkId: string; url: string }>;
  };
  const mine = listed.items.find((item) => item.name === name)!;
  expect(mine.url).toBe(url);
  const paid = await request.post(`${fakeRazorpayUrl}/_test/payment_links/${mine.linkId}/pay`);
  const outcome = (await paid.json()) as { event: string; webhookStatus: number; redirect: string };
  expect(outcome).toMatchObject({ event: 'payment_link.paid', webhookStatus: 200 });

  // Razorpay sends the customer back to our thank-you page, which asks the server what was paid.
  const customer = await page.context().newPage();
  await customer.goto(outcome.redirect);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText('Payment Successful!');
  await expect(customer.getByText('Your investment of ₹18,000 has been processed successfully.')).toBeVisible();
  await customer.close();

  // The open request is asked about again every 15 s; once paid, the card follows without a reload.
  await expect(panelRow).toContainText('Paid', { timeout: 45_000 });
  await openView(page, 'People');
  await expect(card.locator('dt', { hasText: 'Payment' }).locator('xpath=..').locator('dd')).toHaveText('Paid');
  await expect(card.getByRole('button', { name: `Request payment from ${name}` })).toHaveCount(0);
  await expect(card.locator('dt', { hasText: 'Amount' }).locator('xpath=..').locator('dd')).toHaveText('₹18,000');

  // What converts: the lead's source has one lead, one paying client, ₹18,000, 100%, and no calls
  // (booked 0, held 0, no-show rate and reminder read rate not known).
  await page.reload();
  await openView(page, 'Money');
  const sources = page.getByTestId('leads-by-source');
  const sourceRow = sources
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: source, exact: true }) });
  await expect(sourceRow.getByRole('cell')).toHaveText([
    'whatsapp',
    '1',
    '1',
    '₹18,000',
    '100%',
    '0',
    '0',
    '–',
    '–',
    'Package bookings 1',
  ]);
  await page.getByTestId('lead-sources').getByRole('button', { name: '90 days' }).click();
  await expect(page.getByTestId('lead-sources').getByRole('button', { name: '90 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(sourceRow.getByRole('cell')).toHaveText([
    'whatsapp',
    '1',
    '1',
    '₹18,000',
    '100%',
    '0',
    '0',
    '–',
    '–',
    'Package bookings 1',
  ]);
  const chart = page.getByTestId('conversion-chart').getByRole('img', { name: 'Leads and paying clients per day' });
  await expect(chart).toBeVisible();
  expect(await chart.locator('desc').textContent()).toMatch(/paying client/);
  await page.getByTestId('lead-sources').getByRole('button', { name: '30 days' }).click();
  expect(await axeViolations(page, ['[data-testid="lead-sources"]', '[data-testid="payment-requests-panel"]'])).toEqual(
    [],
  );
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page.getByTestId('lead-sources').screenshot({ path: `${SHOTS}/what-converts-${width}.png` });
    await page.getByTestId('payment-requests-panel').screenshot({ path: `${SHOTS}/payment-requests-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await openView(page, 'People');

  // The person's timeline offers the same action (a second fee), beside the payment just recorded.
  await page.getByLabel('Find a person').fill('98450 24680');
  const timeline = page.getByTestId('search-results');
  await expect(timeline.locator('li').filter({ hasText: 'Life Coaching: 6 sessions' })).toContainText('₹18,000');
  await expect(timeline.getByRole('button', { name: `Request payment from ${name}` })).toHaveCount(1);

  const paidCard = page
    .getByTestId('list-bookings')
    .getByTestId('booking-card')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
  expect(await axeViolations(page, ['[data-booking-id]', '[data-testid="search-results"]'])).toEqual([]);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await paidCard.screenshot({ path: `${SHOTS}/card-paid-${width}.png` });
    await timeline.screenshot({ path: `${SHOTS}/timeline-${width}.png` });
  }
  // The one 400 is the deliberate whole-rupees mistake above, answered by the server.
  expect(problems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
  expect(problems.filter((problem) => problem.includes('status of 400'))).toHaveLength(1);
});

test('without Razorpay keys the dialog says what to set, and nothing is made', async ({ browser }) => {
  const server = await startFreshServer(e2ePort + 9, {
    RAZORPAY_KEY_ID: '',
    RAZORPAY_KEY_SECRET: '',
    RAZORPAY_API_BASE_URL: '',
  });
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 900 } });
  try {
    const page = await context.newPage();
    const name = 'Kabir No Keys';
    const booked = await context.request.post('/api/bookings', {
      data: {
        fullName: name,
        mobile: '98450 13579',
        designation: 'Director',
        company: 'TCS',
        industry: 'Technology',
        packageId: 'senior-transition',
      },
    });
    expect(booked.status()).toBe(201);
    await signIn(page);
    const card = page
      .getByTestId('list-bookings')
      .getByTestId('booking-card')
      .filter({ has: page.getByRole('heading', { name, exact: true }) });
    await card.getByRole('button', { name: `Request payment from ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Request payment from ${name}` });
    await expect(dialog.getByLabel('What it is for')).toHaveValue('senior-transition');
    await dialog.getByLabel('Amount (₹, whole rupees)').fill('25000');
    await dialog.getByLabel("Customer's state").selectOption('Maharashtra');
    await dialog.getByRole('button', { name: 'Create payment link' }).click();
    const alert = dialog.getByTestId('payment-request-error');
    await expect(alert).toHaveAttribute('role', 'alert');
    await expect(alert).toContainText('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are missing');
    await expect(dialog.getByTestId('payment-link-ready')).toHaveCount(0);
    expect(await axeViolations(page, ['[data-testid="request-payment-dialog"]'])).toEqual([]);
    await dialog.screenshot({ path: `${SHOTS}/dialog-no-keys-390.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await openView(page, 'Money');
    await expect(page.getByTestId('payment-requests-panel')).toContainText('No payment requests yet');
  } finally {
    await context.close();
    await server.stop();
  }
});

test('the payment requests panel shows the newest 20 and Load more brings the older ones', async ({ browser }) => {
  // A store of its own, so the count is exactly what this test made; links go to the fake Razorpay.
  const server = await startFreshServer(e2ePort + 13, {
    RAZORPAY_KEY_ID: TEST_KEY_ID,
    RAZORPAY_KEY_SECRET: TEST_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    RAZORPAY_API_BASE_URL: fakeRazorpayUrl,
  });
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
  try {
    await signInAsAdmin(context.request, server.baseURL);
    for (let n = 1; n <= 22; n += 1) {
      const made = await context.request.post('/api/admin/payment-requests', {
        data: {
          name: `Client ${lettersOf(n)}`,
          phone: `98450 ${String(10_000 + n)}`,
          amount: 1000 + n,
          description: `Coaching session ${n}`,
          customerState: 'Karnataka',
        },
        headers: { origin: server.baseURL },
      });
      expect(made.status()).toBe(201);
    }
    const page = await context.newPage();
    await page.goto('/admin/bookings#money');
    const panel = page.getByTestId('payment-requests-panel');
    const rows = panel.getByTestId('payment-request');
    await expect(rows).toHaveCount(20);
    await expect(rows.first()).toHaveAttribute('aria-label', `Payment request to Client ${lettersOf(22)}`);
    await expect(panel).toContainText('Showing 20 of 22');
    await panel.getByRole('button', { name: 'Load more' }).click();
    await expect(rows).toHaveCount(22);
    await expect(rows.last()).toHaveAttribute('aria-label', `Payment request to Client ${lettersOf(1)}`);
    await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0);
    expect(await axeViolations(page, ['[data-testid="payment-requests-panel"]'])).toEqual([]);
  } finally {
    await context.close();
    await server.stop();
  }
});
