import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { FakeRazorpay } from '../api/support/fake-razorpay';
import type { SmtpReceiver } from '../api/support/mail-receivers';
import { payAscendPlus } from './support/paidClient';
import { signInThroughLoginPage as signIn, openView } from './support/admin';
import { watchConsole } from './support/console';
import type { FreshServer } from './support/fresh-server';
import { startPaymentServer } from './support/paymentServer';
import { e2ePort } from './support/ports';
import { expect as baseExpect, test } from './support/test';

// The client space (docs/payments.md) in Chromium against the production build, at 390 and 1280 px:
// a package is paid (our real order and verify routes, the fake Razorpay), the receipt mail
// (a real SMTP server) carries the client's link, the client books a session with the slot
// picker, and the owner sees it under Clients and Upcoming calls, where marking it held is
// refused until it has started (the API test marks a past session). Then the owner refunds
// the payment from the Payments list; once Razorpay's signed refund.processed arrives the
// credit note is listed under Invoices and the client space says no session is left. A
// server of its own (with a GSTIN), so mail reaches the SMTP server and the fake Razorpay's
// webhooks reach it. Sessions are held online (SESSION_MEETING_URL, docs/scheduling.md "The meeting
// link"): the booked session shows its Join link, the page the session rules. Screenshots go to /tmp (SHOTS_DIR).

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 150_000 });
const shots = process.env.SHOTS_DIR ?? '/tmp/ccc-e2e-shots';
const ROOM = 'https://us02web.zoom.us/j/81234567890?pwd=e2e';

let smtp: SmtpReceiver;
let server: FreshServer;
let razorpay: FakeRazorpay;
let stop: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  // A fresh server may take up to a minute to start (startFreshServer).
  test.setTimeout(90_000);
  ({ server, smtp, razorpay, stop } = await startPaymentServer(e2ePort + 21, {
    GST_GSTIN: '29ABCDE1234F1ZW',
    GST_LEGAL_NAME: 'CCC Edu Careers LLP',
    GST_ADDRESS: '12 MG Road, Bengaluru 560001',
    GST_STATE: 'Karnataka',
    SESSION_MEETING_URL: ROOM,
  }));
});
test.afterAll(async () => {
  await stop?.();
});

async function axe(page: Page, include: string) {
  const { violations } = await new AxeBuilder({ page })
    .include(include)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

/** Pays Ascend Plus; the receipt says what it holds and carries the client's link. */
async function payAndReadReceipt(request: APIRequestContext, name: string, email: string): Promise<URL> {
  const { link, receipt } = await payAscendPlus(
    request,
    { baseURL: server.baseURL, razorpay, smtp },
    { name, email, phone: '98450 12345' },
  );
  expect(receipt.text).toContain('Your package includes 3 coaching sessions.');
  return link;
}

for (const width of [390, 1280]) {
  test(`at ${width} px: pay, open the receipt's client link, book a session; the owner sees it in Clients and Upcoming calls (Held refused before it starts), refunds it, and the credit note is listed`, async ({
    browser,
  }) => {
    // One client per viewport, so each finds its own rows.
    const name = width === 390 ? 'Meera Iyer' : 'Kabir Menon';
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width, height: width === 390 ? 844 : 900 },
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
    const problems = watchConsole(page);
    try {
      const link = await payAndReadReceipt(context.request, name, `client.${width}.${Date.now()}@example.com`);
      expect(link.pathname).toMatch(/^\/client\/\d{13}-[0-9a-f]{10}$/);

      // The first tap comes right after the paint, with the island's code still held at the
      // network: it is kept (shown busy) and replayed once the code is in (docs/decisions/0035-first-tap-works.md).
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/_astro\/.*\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      const opened = await page.goto(`${link.pathname}${link.search}`, { waitUntil: 'commit' });
      expect(opened?.headers()['cache-control']).toBe('no-store');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      const space = page.getByTestId('client-space');
      await expect(space.getByTestId('sessions-left')).toHaveText('3 sessions left to book, of 3');
      const book = space.getByRole('button', { name: 'Book a session' });
      await book.click();
      await expect(book).toHaveAttribute('data-tap-queued', '');
      release();
      const picker = space.getByTestId('slot-picker');
      await expect(picker.getByRole('heading', { name: 'Pick a time for your session' })).toBeVisible();
      await picker.getByRole('radio').first().check();
      await picker.getByRole('button', { name: /^Book / }).click();
      await expect(space.getByRole('status')).toContainText('Booked: your session is on');
      await expect(space.getByTestId('sessions-left')).toHaveText('2 sessions left to book, of 3');
      const upcoming = space.getByTestId('upcoming-session');
      await expect(upcoming).toHaveCount(1);
      const when = (await upcoming.locator('.client-when').textContent())!;
      const join = upcoming.getByRole('link', { name: /^Join the session/ });
      await expect(join).toHaveAttribute('href', ROOM);
      await expect(join).toHaveAttribute('target', '_blank');
      await expect(space).toContainText('held online');
      const rules = space.getByTestId('session-rules').getByRole('listitem');
      await expect(rules).toHaveCount(2);
      await expect(rules.first()).toContainText('until 24 hours before');
      await expect(rules.last()).toContainText('money-back guarantee');
      expect(await axe(page, '[data-testid="client-space"]')).toEqual([]);
      await page.screenshot({ path: `${shots}/client-space-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);

      const wrong = await page.goto(`${link.pathname}?token=${'A'.repeat(43)}`);
      expect(wrong?.status()).toBe(404);

      await signIn(page);
      await openView(page, 'Today');
      const session = page
        .getByTestId('upcoming-calls')
        .getByTestId('upcoming-session')
        .filter({ hasText: name })
        .first();
      await expect(session).toContainText('Session · Ascend Plus');
      await expect(session.getByRole('link', { name: /^Join online/ })).toHaveAttribute('href', ROOM);
      await session.getByRole('button', { name: /^Outcome/ }).click();
      await session.getByLabel('Private note (optional)').fill('Prepared the CV questions.');
      await session.getByRole('button', { name: 'Held' }).click();
      await expect(session.getByRole('alert')).toContainText('has not started yet');
      expect(await axe(page, '[data-testid="upcoming-calls"]')).toEqual([]);
      await session.screenshot({ path: `${shots}/client-session-upcoming-${width}.png` });

      await openView(page, 'Calendar');
      const row = page.getByTestId('clients-panel').getByTestId('client').first();
      await expect(row).toContainText(name);
      await expect(row.getByTestId('sessions-used')).toHaveText('0 of 3 sessions, 1 booked');
      await expect(row.getByTestId('sessions-left')).toHaveText('2');
      await expect(row.getByTestId('next-session')).toHaveText(when.trim());
      expect(await axe(page, '[data-testid="clients-panel"]')).toEqual([]);
      await page.getByTestId('clients-panel').screenshot({ path: `${shots}/admin-clients-${width}.png` });

      // The money-back guarantee: one refund of all of it from the Payments list.
      await openView(page, 'Money');
      await page.getByRole('button', { name: `Refund ${name}'s payment` }).click();
      const dialog = page.getByTestId('refund-dialog');
      // Nothing is filled in for the owner: "Full amount" is one tap, and only the confirmation sends.
      await expect(dialog.getByLabel('Amount to refund (₹)')).toHaveValue('');
      await dialog.getByRole('button', { name: /^Full amount/ }).click();
      await expect(dialog.getByLabel('Amount to refund (₹)')).toHaveValue('10599');
      await dialog.getByLabel('Reason').fill('Not satisfied after the first session.');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      const confirm = dialog.getByTestId('refund-confirm');
      await expect(confirm).toContainText(`Refund ₹10,599 to ${name}?`);
      await expect(confirm).toContainText('no session is left to book');
      await expect(confirm).toContainText('A credit note for ₹10,599');
      await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
      expect(await axe(page, '[data-testid="refund-dialog"]')).toEqual([]);
      await dialog.getByRole('button', { name: 'Refund ₹10,599' }).click();
      await expect(dialog.getByTestId('refund-requested')).toContainText('Refund requested: ₹10,599.');
      await dialog.getByRole('button', { name: 'Done' }).click();
      // Only Razorpay's signed webhook settles it.
      const refund = [...razorpay.refunds.values()].find((one) => one.status === 'pending');
      expect(refund?.amount).toBe(1_059_900);
      expect((await razorpay.settleRefund(refund!.id, 'processed')).webhookStatus).toBe(200);

      // The credit note is the refund's follow-up, done just after the webhook's answer.
      const month = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Asia/Kolkata',
        year: 'numeric',
        month: '2-digit',
      }).format(new Date());
      await expect
        .poll(
          async () => {
            const { documents } = (await (await page.request.get(`/api/admin/invoices?month=${month}`)).json()) as {
              documents: Array<{ kind: string; recipientName: string }>;
            };
            return documents.filter((document) => document.kind === 'credit-note' && document.recipientName === name)
              .length;
          },
          { timeout: 30_000 },
        )
        .toBe(1);
      await page.reload();
      const invoices = page.getByTestId('invoices-panel');
      const note = invoices.getByTestId('invoice').filter({ hasText: name }).filter({ hasText: 'Credit note' });
      await expect(note).toHaveCount(1);
      await expect(note).toContainText('−₹10,599');
      await expect(note).toContainText(/against CCC\/\d{2}-\d{2}\/\d{4}/);
      expect(await axe(page, '[data-testid="invoices-panel"]')).toEqual([]);
      await note.screenshot({ path: `${shots}/admin-credit-note-${width}.png` });

      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByTestId('sessions-left')).toHaveText(
        'Your payment was refunded: no session is left to book.',
      );
      await expect(page.getByTestId('client-space')).toContainText('Credit note');
      await expect(page.getByTestId('client-refund')).toContainText('Refund of ₹10,599');
      await expect(page.getByTestId('net-paid')).toHaveText('Net paid: ₹0');
    } finally {
      await context.close();
    }
  });
}
