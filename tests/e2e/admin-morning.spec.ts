import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { holdIsland } from './support/hydration';
import type { FakeRazorpay } from '../api/support/fake-razorpay';
import type { SmtpReceiver } from '../api/support/mail-receivers';
import { payAscendPlus } from './support/paidClient';
import type { TodoAnswer } from '../../src/lib/schemas/todo';
import { openView, signInAsAdmin } from './support/admin';
import { watchConsole } from './support/console';
import type { FreshServer } from './support/fresh-server';
import { startPaymentServer } from './support/paymentServer';
import { e2ePort } from './support/ports';
import { expect as baseExpect, test } from './support/test';

// The owner's morning on a phone and on a laptop (docs/admin.md, "Views"), in Chromium against
// the production build: Today first, a follow-up marked, a person's page with the call to make,
// a client's session moved, a partial refund confirmed. Every view (and the dialogs) is axe clean, has no control
// under 44 x 44 px and never scrolls sideways. A server of its own, with the fake Razorpay and
// an SMTP server, so a package can be paid and its client space reached.

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 180_000 });
const shots = process.env.SHOTS_DIR ?? '/tmp/ccc-e2e-shots';

let smtp: SmtpReceiver;
let server: FreshServer;
let razorpay: FakeRazorpay;
let stop: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  ({ server, smtp, razorpay, stop } = await startPaymentServer(e2ePort + 27));
});
test.afterAll(async () => {
  await stop?.();
});

async function axe(page: Page): Promise<Array<{ rule: string; nodes: string[] }>> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

/** Every visible button, link, field and summary of the admin smaller than 44 x 44 px (text inside a paragraph is a link too). */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = [];
    const root = document.querySelector('.adm-shell');
    if (!root) return ['no admin on the page'];
    for (const element of root.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary',
    )) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue; // not shown
      // A radio or checkbox counts by its label, which is the target a finger meets.
      const target = element.closest('label') ?? element;
      const { width, height } = target.getBoundingClientRect();
      if (width < 43.5 || height < 43.5)
        small.push(
          `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 30)}" ${Math.round(width)}x${Math.round(height)}`,
        );
    }
    return small;
  });
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Looks at a view as the owner would: axe clean, no small target, no sideways scroll; a screenshot. */
async function check(page: Page, name: string, width: number) {
  await page.waitForLoadState('networkidle');
  expect(await axe(page)).toEqual([]);
  expect(await smallTargets(page)).toEqual([]);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: `${shots}/morning-${name}-${width}.png` });
}

interface ClientSpaceAnswer {
  sessions: Array<{ id: string; start: string; status: string }>;
}

for (const width of [390, 1280]) {
  test(`the owner's morning at ${width} px: Today, a follow-up marked, a call from a person's page, a session moved, a partial refund confirmed`, async ({
    browser,
  }) => {
    const suffix = width === 390 ? '1' : '2';
    // Names are names (no digits: docs/decisions/0039-person-names-and-indic-documents.md).
    const surname = width === 390 ? 'Iyer' : 'Menon';
    const caller = { name: `Nisha ${surname}`, phone: `98470 1000${suffix}` };
    const client = {
      name: `Farhan ${surname}`,
      phone: `98470 2000${suffix}`,
      email: `farhan${suffix}.${Date.now()}@example.com`,
    };
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width, height: width === 390 ? 844 : 900 },
    });
    const page = await context.newPage();
    const problems = watchConsole(page);
    const api = context.request;
    try {
      // Overnight: a call back asked for, and a client who paid and booked a session for tomorrow or later.
      const asked = await api.post('/api/book-call', {
        data: { name: caller.name, phone: caller.phone, background: 'working-professional' },
      });
      expect(asked.status()).toBe(201);
      const { link } = await payAscendPlus(api, { baseURL: server.baseURL, razorpay, smtp }, client);
      const spaceUrl = `/api/client-space/${link.pathname.split('/').pop()}?${link.searchParams}`;
      const { client: own } = (await (await api.get(spaceUrl)).json()) as { client: { sessionMinutes: number } };
      const slots = (await (await api.get(`/api/slots?days=14&kind=session&minutes=${own.sessionMinutes}`)).json()) as {
        slots: Array<{ start: string }>;
      };
      const later = slots.slots.filter((slot) => Date.parse(slot.start) > Date.now() + 26 * 3_600_000);
      expect(later.length).toBeGreaterThan(2);
      const booked = await api.post(
        `/api/client-space/${link.pathname.split('/').pop()}/sessions?${link.searchParams}`,
        { headers: { origin: server.baseURL }, data: { start: later[0]!.start } },
      );
      expect(booked.status()).toBe(201);

      // Today, straight after signing in: the to-do, with the caller's stage and why it is due.
      await page.goto('/admin/bookings');
      await page.getByLabel('Password').fill('admin');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
      const entry = page.getByTestId('todo-item').filter({ hasText: caller.name });
      await expect(entry).toContainText('Working Professional');
      await expect(entry).toContainText('call back promised by');
      // Seen without scrolling: the entry's top is inside the first screen.
      const box = await entry.boundingBox();
      expect(box!.y).toBeLessThan(width === 390 ? 844 : 900);
      await check(page, 'today', width);

      // The follow-up is marked with a tap right after the page paints, before the dashboard's code is in
      // (docs/decisions/0035-first-tap-works.md): the to-do comes with the page, so its button is there to tap.
      const { release, held } = await holdIsland(page, '/admin/bookings', 'AdminDashboard');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await expect(page.locator('astro-island[component-url*="AdminDashboard"]')).toHaveAttribute('ssr', '');
      await entry.getByRole('button', { name: 'Mark contacted' }).click();
      release();
      await expect(page.locator('astro-island[component-url*="AdminDashboard"]')).not.toHaveAttribute('ssr', '');
      await page.unroute(held);
      // The follow-up is marked: off the to-do (read back from the server), and the toast covers nothing.
      await expect(page.getByTestId('toaster').locator('li').filter({ hasText: 'Marked contacted' })).toBeVisible();
      await expect(entry).toHaveCount(0);
      await signInAsAdmin(api, server.baseURL);
      const todo = (await (await api.get('/api/admin/todo')).json()) as TodoAnswer;
      expect(todo.items.some((item) => item.name === caller.name)).toBe(false);
      const toastBox = await page.getByTestId('toaster').boundingBox();
      const viewBox = await page.getByTestId('admin-view').boundingBox();
      // The toasts have their own row under the view's scroll area.
      expect(toastBox!.y).toBeGreaterThanOrEqual(viewBox!.y + viewBox!.height - 1);

      // People: the client's page, by the search.
      await openView(page, 'People');
      await page.getByLabel('Find a person').fill(client.phone);
      await page
        .getByTestId('search-results')
        .getByRole('link', { name: /^Open person/ })
        .first()
        .click();
      const person = page.getByTestId('person-page');
      await expect(person.getByRole('heading', { level: 2, name: client.name })).toBeVisible();
      // The call is one tap: a tel: link to their number.
      await expect(person.getByRole('link', { name: 'Call', exact: true })).toHaveAttribute(
        'href',
        `tel:+91${client.phone.replace(/\D/g, '')}`,
      );
      await expect(person.getByTestId('person-client')).toContainText('Used 0 of 3, 1 booked');
      await check(page, 'person', width);

      // The session moved to another time.
      await person.getByRole('button', { name: `Move ${client.name}'s session` }).click();
      const move = page.getByTestId('move-session-dialog');
      await expect(move).toBeVisible();
      const choices = move.getByRole('radio');
      await expect(choices.first()).toBeVisible();
      const target = (await choices.nth(1).getAttribute('value'))!;
      await choices.nth(1).check();
      await move.getByRole('button', { name: /^Move to / }).click();
      await expect(move.getByTestId('session-time-done')).toContainText('Moved:');
      await move.getByRole('button', { name: 'Done' }).click();
      const space = (await (await api.get(spaceUrl)).json()) as ClientSpaceAnswer;
      const starts = space.sessions.filter((session) => session.status === 'booked').map((session) => session.start);
      expect(starts.map((start) => Date.parse(start))).toEqual([Date.parse(target)]);

      // A partial refund, confirmed: ₹1,000 of ₹10,599.
      await person.getByRole('button', { name: `Refund ${client.name}'s payment` }).click();
      const dialog = page.getByTestId('refund-dialog');
      await expect(dialog.getByLabel('Amount to refund (₹)')).toHaveValue('');
      await dialog.getByLabel('Amount to refund (₹)').fill('1000');
      await dialog.getByLabel('Reason').fill('One session less, agreed on the phone.');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByTestId('refund-confirm')).toContainText(`Refund ₹1,000 to ${client.name}?`);
      await check(page, 'refund-confirm', width);
      await dialog.getByRole('button', { name: 'Refund ₹1,000' }).click();
      await expect(dialog.getByTestId('refund-requested')).toContainText('Refund requested: ₹1,000.');
      await dialog.getByRole('button', { name: 'Done' }).click();
      const refund = [...razorpay.refunds.values()].find((one) => one.amount === 100_000 && one.status === 'pending');
      expect(refund).toBeTruthy();
      // The person's page reads the refund back.
      await expect(person.getByTestId('person-payment')).toContainText('Refund pending');
      // The back button returns to People; a reload keeps the place.
      await page.reload();
      await expect(person.getByRole('heading', { level: 2, name: client.name })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
      await check(page, 'people', width);
      // The other views hold to the same: axe clean, 44 px targets, no sideways scroll.
      for (const view of ['Calendar', 'Money', 'Blog', 'Settings'] as const) {
        await openView(page, view);
        await check(page, view.toLowerCase(), width);
      }
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
