import AxeBuilder from '@axe-core/playwright';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { TodoAnswer } from '../../src/lib/schemas/todo';
import { expect as baseExpect, test } from './support/test';
import { signInAsAdmin } from './support/admin';
import { type FreshServer, startFreshServer } from './support/fresh-server';
import { e2ePort } from './support/ports';
import { uniqueName } from '../support/names';
import { scratchDir } from '../support/scratch';

// The owner's to-do (docs/admin.md, To do) in Chromium. Leads from the past are written the way the
// demo seed writes them (`npm run seed`, through the collection code, netlify/local/demo),
// into a store of this spec's own, served by a second production-like server; a lead
// booked through the site now is the one not yet due.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 150_000 });

let server: FreshServer;
let blobsDir = '';

test.beforeAll(async () => {
  test.setTimeout(150_000);
  blobsDir = mkdtempSync(join(scratchDir(), 'ccc-e2e-todo-'));
  // 24 bookings and 10 contact messages (and some downloads and subscribers) over the past
  // year: more pending leads than the panel shows at first.
  const seeded = spawnSync(process.execPath, ['netlify/local/seed.mjs', '24'], {
    env: { ...process.env, BLOBS_DIR: blobsDir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  server = await startFreshServer(e2ePort + 11, { BLOBS_DIR: blobsDir });
});

test.afterAll(async () => {
  await server?.stop();
  if (blobsDir) rmSync(blobsDir, { recursive: true, force: true });
});

async function openDashboard(browser: Browser, width: number): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width, height: 900 },
    reducedMotion: 'reduce',
  });
  await context.addInitScript(() => {
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
  });
  const page = await context.newPage();
  await page.goto('/admin/bookings');
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/bookings(#.*)?$/);
  await expect(page.getByTestId('todo-item').first()).toBeVisible();
  return { page, close: () => context.close() };
}

async function api(playwright: {
  request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> };
}): Promise<APIRequestContext> {
  const request = await playwright.request.newContext({ baseURL: server.baseURL });
  await signInAsAdmin(request, server.baseURL);
  return request;
}

const readTodo = async (request: APIRequestContext) =>
  (await (await request.get('/api/admin/todo')).json()) as TodoAnswer;
const overdueTile = (page: Page) => page.getByTestId('todo-overdue').locator('dd');

test('the to-do leads Today (after anything failing): overdue first and marked, Mark contacted takes a lead off, the tile counts', async ({
  browser,
  playwright,
}) => {
  const request = await api(playwright);
  const freshName = uniqueName('Fresh Caller');
  const booked = await request.post('/api/book-call', {
    data: { name: freshName, phone: '98450 77001', background: 'working-professional' },
  });
  expect(booked.status()).toBe(201);
  await expect.poll(async () => (await readTodo(request)).items.some((item) => item.name === freshName)).toBe(true);

  const before = (await readTodo(request)).items;
  const overdue = before.filter((item) => item.overdue);
  expect(overdue.length).toBeGreaterThanOrEqual(4); // at least the seeded messages, all long past due
  expect(before[0]!.overdue).toBe(true);
  expect(before.at(-1)).toMatchObject({ name: freshName, overdue: false });

  const { page, close } = await openDashboard(browser, 1280);
  try {
    // First thing on Today, after what is failing (notifications are off on this server).
    await expect(
      page.getByTestId('admin-view').locator('.adm-view-stack > :not([data-testid="attention"])').first(),
    ).toHaveAttribute('data-testid', 'todo');
    const rows = page.getByTestId('todo-item');
    const first = rows.first();
    await expect(first).toHaveAttribute('data-lead-id', before[0]!.id);
    await expect(first).toHaveAttribute('data-overdue', 'true');
    await expect(first.getByText('Overdue', { exact: true })).toBeVisible();
    await expect(first).toContainText(/Overdue by \d/);
    await expect(overdueTile(page)).toHaveText(String(overdue.length));
    await expect(page.getByTestId('todo-waiting').locator('dd')).toHaveText(String(before.length));

    // Its actions reach the lead: a phone call, WhatsApp with a greeting, e-mail when given.
    const firstItem = before[0]!;
    await expect(first.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:\+?\d+$/);
    const whatsapp = await first.getByRole('link', { name: 'WhatsApp' }).getAttribute('href');
    expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\d+\?text=Hello%20/);
    if (firstItem.email) await expect(first.getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', /^mailto:/);

    await first.getByRole('button', { name: 'Mark contacted' }).click();
    await expect(page.locator(`[data-testid="todo-item"][data-lead-id="${firstItem.id}"]`)).toHaveCount(0);
    await expect(overdueTile(page)).toHaveText(String(overdue.length - 1));
    // Stored: the to-do no longer has it, and the lead itself says contacted.
    const after = await readTodo(request);
    expect(after.items.map((item) => item.id)).not.toContain(firstItem.id);
    expect(after.items).toHaveLength(before.length - 1);
    if (firstItem.kind === 'booking') {
      expect((await (await request.get(`/api/bookings/${firstItem.id}`)).json()).status).toBe('contacted');
    } else {
      const contacts = (await (await request.get('/api/contact?limit=100')).json()) as {
        items: Array<{ id: string; status: string }>;
      };
      expect(contacts.items.find((contact) => contact.id === firstItem.id)?.status).toBe('contacted');
    }
    // A reload reads the same from the server.
    await page.reload();
    await expect(rows.first()).toHaveAttribute('data-lead-id', after.items[0]!.id);
    await expect(overdueTile(page)).toHaveText(String(overdue.length - 1));
  } finally {
    await close();
    await request.dispose();
  }
});

test('shows the ten due soonest and asks the server for more; the tiles count every pending lead; the lead booked now is last, not overdue', async ({
  browser,
  playwright,
}) => {
  const request = await api(playwright);
  const whole = await readTodo(request);
  // More than the first ten, fewer than the next step's thirty (the seed is fixed).
  expect(whole.total).toBeGreaterThan(10);
  expect(whole.total).toBeLessThanOrEqual(30);
  expect(whole.items).toHaveLength(whole.total);
  const { page, close } = await openDashboard(browser, 1280);
  try {
    const panel = page.getByTestId('todo');
    const rows = page.getByTestId('todo-item');
    const shownIds = () =>
      rows.evaluateAll((elements) => elements.map((element) => element.getAttribute('data-lead-id')));
    await expect(rows).toHaveCount(10);
    expect(await shownIds()).toEqual(whole.items.slice(0, 10).map((item) => item.id));
    await expect(page.getByTestId('todo-waiting').locator('dd')).toHaveText(String(whole.total));
    await expect(overdueTile(page)).toHaveText(String(whole.overdue));
    await expect(panel).toContainText(`Showing 10 of ${whole.total}`);

    // The rows come from the server a few at a time, never the whole backlog.
    const asked = page.waitForRequest(
      (req) =>
        new URL(req.url()).pathname === '/api/admin/todo' && new URL(req.url()).searchParams.get('limit') === '30',
    );
    await panel.getByRole('button', { name: 'Show more' }).click();
    await asked;
    await expect(rows).toHaveCount(whole.total);
    expect(await shownIds()).toEqual(whole.items.map((item) => item.id));
    await expect(panel.getByRole('button', { name: 'Show more' })).toHaveCount(0);
    // The lead booked through the site in the first test: after every overdue one, not marked.
    const last = rows.last();
    await expect(last).toHaveAttribute('data-overdue', 'false');
    await expect(last).toContainText(/Due in \d/);
    await expect(last).toContainText('Fresh Caller');
  } finally {
    await close();
    await request.dispose();
  }
});

for (const width of [390, 1280]) {
  test(`at ${width}px: the to-do has no axe violations, no sideways scroll; screenshots`, async ({ browser }) => {
    const { page, close } = await openDashboard(browser, width);
    try {
      await page.waitForLoadState('networkidle');
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(
        violations.map((violation) => ({
          rule: violation.id,
          nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        })),
      ).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      ).toBeLessThanOrEqual(0);
      await page.getByTestId('todo').screenshot({ path: `/tmp/wt20todo-todo-${width}.png` });
      await page.screenshot({ path: `/tmp/wt20todo-dashboard-${width}.png` });
    } finally {
      await close();
    }
  });
}
