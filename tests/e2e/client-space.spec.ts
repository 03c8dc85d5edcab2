import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { TEST_KEY_ID, TEST_KEY_SECRET, TEST_WEBHOOK_SECRET, razorpayId } from '../api/support/fake-razorpay';
import { type SmtpReceiver, startSmtpReceiver } from '../api/support/mail-receivers';
import { paymentSignature } from '../../src/server/payments/signatures';
import { signInThroughLoginPage as signIn } from './support/admin';
import { watchConsole } from './support/console';
import { type FreshServer, startFreshServer } from './support/fresh-server';
import { e2ePort, fakeRazorpayUrl } from './support/ports';
import { expect as baseExpect, test } from './support/test';

// The client space (issue 29) in Chromium against the production build, at 390 and 1280 px:
// a package is paid (our real order and verify routes, the fake Razorpay), the receipt mail
// (a real SMTP server) carries the client's link, the client books a session with the slot
// picker, and the owner sees it under Clients and Upcoming calls, where marking it held is
// refused until it has started (the API test marks a past session). A server of its own, so
// mail reaches the SMTP server. Screenshots go to /tmp (SHOTS_DIR).

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 150_000 });
const shots = process.env.SHOTS_DIR ?? '/tmp/ccc-e2e-shots';

let smtp: SmtpReceiver;
let server: FreshServer;

test.beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startFreshServer(e2ePort + 21, {
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL_TO: 'owner@example.in',
    NOTIFY_EMAIL_FROM: 'CCC Edu <leads@example.in>',
    RAZORPAY_KEY_ID: TEST_KEY_ID,
    RAZORPAY_KEY_SECRET: TEST_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    RAZORPAY_API_BASE_URL: fakeRazorpayUrl,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

async function axe(page: Page, include: string) {
  const { violations } = await new AxeBuilder({ page }).include(include).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return violations.map((violation) => ({ rule: violation.id, nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')) }));
}

/** Pays Ascend Plus as Checkout would (the payment recorded at the fake Razorpay, the signed answer verified by our route); the receipt's client link. */
async function payAndReadReceipt(request: APIRequestContext, email: string): Promise<URL> {
  const origin = { origin: server.baseURL };
  const ordered = await request.post(`${server.baseURL}/api/create-razorpay-order`, {
    headers: origin,
    data: { packageId: 'ascend-plus', customerName: 'Meera Iyer', customerEmail: email, customerPhone: '98450 12345', customerState: 'Karnataka' },
  });
  expect(ordered.status()).toBe(201);
  const { orderId } = (await ordered.json()) as { orderId: string };
  const paymentId = razorpayId('pay');
  expect((await request.post(`${fakeRazorpayUrl}/v1/test/checkout-payments`, { data: { order_id: orderId, payment_id: paymentId } })).ok()).toBe(true);
  const verified = await request.post(`${server.baseURL}/api/verify-payment`, {
    headers: origin,
    data: { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: paymentSignature(orderId, paymentId, TEST_KEY_SECRET) },
  });
  expect(verified.status()).toBe(200);
  await expect.poll(() => smtp.mails.find((mail) => mail.to.includes(email))?.subject ?? null, { timeout: 60_000, intervals: [250, 500, 1_000] }).toBe('Payment received: Ascend Plus');
  const receipt = smtp.mails.find((mail) => mail.to.includes(email))!;
  expect(receipt.text).toContain('Your package includes 3 coaching sessions.');
  return new URL(/Book your sessions: (\S+)/.exec(receipt.text)![1]!);
}

for (const width of [390, 1280]) {
  test(`at ${width} px: pay, open the receipt's client link, book a session; the owner sees it in Clients and Upcoming calls, Held refused before it starts`, async ({ browser }) => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: width === 390 ? 844 : 900 } });
    await context.addInitScript(() => {
      localStorage.setItem('cookieConsent', JSON.stringify({ essential: true, analytics: false, preferences: false, marketing: false, timestamp: new Date().toISOString() }));
    });
    const page = await context.newPage();
    const problems = watchConsole(page);
    try {
      const link = await payAndReadReceipt(context.request, `client.${width}.${Date.now()}@example.com`);
      expect(link.pathname).toMatch(/^\/client\/\d{13}-[0-9a-f]{10}$/);

      const opened = await page.goto(`${link.pathname}${link.search}`);
      expect(opened?.headers()['cache-control']).toBe('no-store');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      const space = page.getByTestId('client-space');
      await expect(space.getByTestId('sessions-left')).toHaveText('3 sessions left to book, of 3');
      await space.getByRole('button', { name: 'Book a session' }).click();
      const picker = space.getByTestId('slot-picker');
      await expect(picker.getByRole('heading', { name: 'Pick a time for your session' })).toBeVisible();
      await picker.getByRole('radio').first().check();
      await picker.getByRole('button', { name: /^Book / }).click();
      await expect(space.getByRole('status')).toContainText('Booked: your session is on');
      await expect(space.getByTestId('sessions-left')).toHaveText('2 sessions left to book, of 3');
      const upcoming = space.getByTestId('upcoming-session');
      await expect(upcoming).toHaveCount(1);
      const when = (await upcoming.locator('.client-when').textContent())!;
      expect(await axe(page, '[data-testid="client-space"]')).toEqual([]);
      await page.screenshot({ path: `${shots}/client-space-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);

      const wrong = await page.goto(`${link.pathname}?token=${'A'.repeat(43)}`);
      expect(wrong?.status()).toBe(404);

      await signIn(page);
      const session = page.getByTestId('upcoming-calls').getByTestId('upcoming-session').filter({ hasText: 'Meera Iyer' }).first();
      await expect(session).toContainText('Session · Ascend Plus');
      await session.getByRole('button', { name: /^Outcome/ }).click();
      await session.getByLabel('Private note (optional)').fill('Prepared the CV questions.');
      await session.getByRole('button', { name: 'Held' }).click();
      await expect(session.getByRole('alert')).toContainText('has not started yet');
      expect(await axe(page, '[data-testid="upcoming-calls"]')).toEqual([]);
      await session.screenshot({ path: `${shots}/client-session-upcoming-${width}.png` });

      await page.getByRole('tab', { name: 'Clients' }).click();
      const row = page.getByTestId('clients-panel').getByTestId('client').first();
      await expect(row).toContainText('Meera Iyer');
      await expect(row.getByTestId('sessions-used')).toHaveText('1 of 3 sessions');
      await expect(row.getByTestId('sessions-left')).toHaveText('2');
      await expect(row.getByTestId('next-session')).toHaveText(when.trim());
      expect(await axe(page, '[data-testid="clients-panel"]')).toEqual([]);
      await page.getByTestId('clients-panel').screenshot({ path: `${shots}/admin-clients-${width}.png` });
    } finally {
      await context.close();
    }
  });
}
