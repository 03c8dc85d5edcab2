import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { type SmtpReceiver, startSmtpReceiver } from '../api/support/mail-receivers';
import { scratchDir } from '../support/scratch';
import { signInThroughLoginPage } from './support/admin';
import { watchConsole } from './support/console';
import { type FreshServer, startFreshServer } from './support/fresh-server';
import type { PastSession, PastSessionClient } from './support/pastSession';
import { e2ePort } from './support/ports';
import { expect as baseExpect, test } from './support/test';

// Reviews after a held session (docs/decisions/0044-client-reviews-with-consent.md) in Chromium
// against the production build, at 390 and 1280 px: the owner marks a past session held, the
// request mail (a real SMTP server) carries the review link, the client leaves a review with the
// keyboard on the plain form, the owner approves it under People, Reviews, and the home page and
// How It Works show it as static HTML (JavaScript off). The sessions are written into a store of
// this file's own before its server starts (pastSession.ts). Screenshots go to /tmp (SHOTS_DIR).

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 240_000 });
const shots = process.env.SHOTS_DIR ?? '/tmp/ccc-e2e-shots';

const clients: Record<number, PastSessionClient & { text: string; rating: number }> = {
  390: { name: 'Priya Sharma', phone: '98450 71001', email: 'priya.review@example.com', rating: 4, text: '' },
  1280: { name: 'Arjun Mehta', phone: '98450 71002', email: 'arjun.review@example.com', rating: 5, text: '' },
};
clients[390]!.text = 'Clear, kind advice: I chose the analytics offer and know why.';
clients[1280]!.text = 'The assessment named what I had felt for years.\nNow I have a plan.';

let smtp: SmtpReceiver;
let server: FreshServer;
let blobsDir: string;
const sessions: Record<number, PastSession> = {};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  smtp = await startSmtpReceiver();
  blobsDir = mkdtempSync(join(scratchDir(), 'ccc-e2e-reviews-'));
  const seeded = spawnSync(
    process.execPath,
    ['tests/e2e/support/seed-past-session.mjs', JSON.stringify([clients[390], clients[1280]])],
    { env: { ...process.env, BLOBS_DIR: blobsDir }, encoding: 'utf8' },
  );
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  const [first, second] = JSON.parse(seeded.stdout) as PastSession[];
  sessions[390] = first!;
  sessions[1280] = second!;
  server = await startFreshServer(e2ePort + 33, {
    BLOBS_DIR: blobsDir,
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL_TO: 'owner@example.in',
    NOTIFY_EMAIL_FROM: 'CCC Edu <leads@example.in>',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
  if (blobsDir) rmSync(blobsDir, { recursive: true, force: true });
});

async function axe(page: Page, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

async function newPage(browser: Browser, width: number, javaScriptEnabled = true) {
  const context = await browser.newContext({
    baseURL: server.baseURL,
    viewport: { width, height: width === 390 ? 844 : 900 },
    javaScriptEnabled,
  });
  // The cookie banner answered, so it covers nothing in the screenshots.
  await context.addInitScript(() => {
    localStorage.setItem(
      'cookieConsent',
      JSON.stringify({ essential: true, analytics: false, preferences: false, marketing: false, timestamp: '' }),
    );
  });
  return { context, page: await context.newPage() };
}

for (const width of [390, 1280] as const) {
  test(`at ${width} px: held, the request mail, a review by keyboard, the owner approves, the pages show it without script`, async ({
    browser,
  }) => {
    const client = clients[width]!;
    const { sessionId } = sessions[width]!;
    const owner = await newPage(browser, width);
    const visitor = await newPage(browser, width);
    try {
      const problems = watchConsole(owner.page);
      await signInThroughLoginPage(owner.page);
      const marked = await owner.page.request.post(`/api/admin/sessions/${sessionId}/outcome`, {
        data: { outcome: 'held' },
        headers: { origin: server.baseURL },
      });
      expect(marked.status()).toBe(200);
      const requestMail = () =>
        smtp.mails.find((mail) => mail.to.includes(client.email) && mail.subject.startsWith('How was your session'));
      await expect.poll(() => requestMail()?.subject ?? null).not.toBeNull();
      const link = new URL(/Leave a review: (\S+)/.exec(requestMail()!.text)![1]!);
      expect(link.pathname).toBe(`/review/${sessionId}`);

      // The client's page: private, a plain form that works without waiting for any script.
      const page = visitor.page;
      const clientProblems = watchConsole(page);
      const opened = await page.goto(`${link.pathname}${link.search}`);
      expect(opened?.status()).toBe(200);
      expect(opened?.headers()['cache-control']).toBe('private, no-store');
      // Never sent to another site; `no-referrer` would make the form's POST come from origin "null".
      expect(opened?.headers()['referrer-policy']).toBe('same-origin');
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
      const firstName = client.name.split(' ')[0]!;
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`How was your session, ${firstName}?`);
      const publish = page.getByRole('checkbox', { name: /You may publish this/ });
      await expect(publish).not.toBeChecked();
      expect(await axe(page)).toEqual([]);
      await page.screenshot({ path: `${shots}/review-form-${width}.png`, fullPage: true });

      // Keyboard only: into the rating group, arrow to the rating, then the text, the box and send.
      const ratings = page.getByRole('group', { name: /Your rating/ });
      await page.getByRole('radio', { name: /^1 / }).focus();
      await page.keyboard.press('Space');
      for (let step = 1; step < client.rating; step += 1) await page.keyboard.press('ArrowRight');
      await expect(ratings.getByRole('radio', { name: new RegExp(`^${client.rating} `) })).toBeChecked();
      for (const radio of await ratings.getByRole('radio').all()) {
        const box = await radio.locator('xpath=..').boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
      }
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Your review')).toBeFocused();
      await page.keyboard.type(client.text);
      await page.keyboard.press('Tab');
      await expect(publish).toBeFocused();
      await page.keyboard.press('Space');
      await expect(publish).toBeChecked();
      await page.getByRole('button', { name: 'Send my review' }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Thank you, ${firstName}`);
      await expect(page.getByRole('status')).toContainText('first name and the initial of your last name');
      await page.screenshot({ path: `${shots}/review-thanks-${width}.png`, fullPage: true });
      // The link again: reviewed already. A wrong token: the 404 page.
      await page.goto(`${link.pathname}${link.search}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('You have reviewed this session');
      const wrong = await page.goto(`${link.pathname}?token=${'A'.repeat(43)}`);
      expect(wrong?.status()).toBe(404);
      expect(clientProblems.filter((problem) => !problem.includes('404'))).toEqual([]);

      // The owner is told without the text; approves under People, Reviews.
      const published = `${firstName} ${client.name.split(' ')[1]![0]}.`;
      await expect
        .poll(() => smtp.mails.find((mail) => mail.to.includes('owner@example.in') && mail.subject.includes(published)))
        .toBeDefined();
      const notice = smtp.mails.find((mail) => mail.subject.includes(published))!;
      expect(notice.subject).toBe(`A new review (${client.rating}/5) from ${published} awaits approval`);
      expect(`${notice.text}${notice.html}`).not.toContain(client.text.slice(0, 20));

      // The notice's link opens People, where the Reviews panel is.
      const adminLink = new URL(/People, Reviews: (\S+)/.exec(notice.text)![1]!);
      expect(`${adminLink.pathname}${adminLink.hash}`).toBe('/admin/bookings#people');
      await owner.page.goto(`${adminLink.pathname}${adminLink.hash}`);
      // The owner's page was open on People since before the review: opened again, as from the mail.
      await owner.page.reload();
      await expect(owner.page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
      const panel = owner.page.getByTestId('admin-reviews');
      const item = panel.getByTestId('admin-review').filter({ hasText: published });
      await expect(item).toContainText('Awaiting your approval');
      await expect(item).toContainText(client.text.split('\n')[0]!);
      const approve = item.getByRole('button', { name: `Approve ${published}'s review` });
      const box = await approve.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.width).toBeGreaterThanOrEqual(44);
      await approve.click();
      await expect(item).toContainText('Approved');
      await expect(approve).toHaveAttribute('aria-pressed', 'true');
      expect(await axe(owner.page, '[data-testid="admin-reviews"]')).toEqual([]);
      await item.screenshot({ path: `${shots}/admin-review-${width}.png` });
      expect(problems).toEqual([]);

      // Visitors, with JavaScript off: the reviews are in the HTML, beside the claims.
      const reader = await newPage(browser, width, false);
      try {
        const count = width === 390 ? 1 : 2;
        const average = width === 390 ? '4.0' : '4.5';
        for (const path of ['/', '/how-it-works']) {
          await reader.page.goto(path);
          const section = reader.page.getByTestId('client-reviews');
          await expect(section).toContainText(`${average} out of 5`);
          await expect(section).toContainText(`from ${count} ${count === 1 ? 'review' : 'reviews'}`);
          await expect(section.getByRole('listitem').filter({ hasText: published })).toContainText(
            client.text.split('\n')[0]!,
          );
          await expect(section.getByRole('listitem')).toHaveCount(count);
          await section.scrollIntoViewIfNeeded();
          await section.screenshot({ path: `${shots}/reviews-${path === '/' ? 'home' : 'how-it-works'}-${width}.png` });
        }
      } finally {
        await reader.context.close();
      }
      // axe runs in the page: the section checked on a page with its script on.
      await page.goto('/');
      expect(await axe(page, '[data-testid="client-reviews"]')).toEqual([]);
    } finally {
      await owner.context.close();
      await visitor.context.close();
    }
  });
}
