import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { type SmtpReceiver, startSmtpReceiver } from '../api/support/mail-receivers';
import { signInThroughLoginPage as signIn, openView } from './support/admin';
import { type FreshServer, startFreshServer } from './support/fresh-server';
import { e2ePort } from './support/ports';
import { expect as baseExpect, test } from './support/test';

// A person's own data (docs/privacy.md, "Rights") in Chromium against the production build, at
// 390 and 1280 px: the person sent the contact form (with WhatsApp ticked) and subscribed; they
// ask on /privacy/my-data, the one-time link arrives by mail (a real SMTP server), the page shows
// their records, downloads them as CSV, corrects the name, withdraws WhatsApp in one tap, then
// erases everything; the link is dead after. A server of its own, so mail reaches the SMTP server.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ mode: 'serial', timeout: 120_000 });
const shots = process.env.SHOTS_DIR ?? '/tmp/ccc-e2e-shots';

let smtp: SmtpReceiver;
let server: FreshServer;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  smtp = await startSmtpReceiver();
  server = await startFreshServer(e2ePort + 25, {
    SMTP_URL: smtp.url,
    NOTIFY_EMAIL_TO: 'owner@example.in',
    NOTIFY_EMAIL_FROM: 'CCC Edu <leads@example.in>',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).include('#main').analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
  }));
}

async function linkFor(email: string): Promise<string> {
  let url: string | undefined;
  await expect
    .poll(() => {
      const mail = smtp.mails
        .filter((each) => each.to.includes(email) && each.subject.startsWith('Your data at'))
        .at(-1);
      url = mail ? /Your data: (\S+\/privacy\/my-data\/\S+\?token=\S+)/.exec(mail.text)?.[1] : undefined;
      return url;
    })
    .toBeTruthy();
  return url!;
}

for (const width of [390, 1280]) {
  test(`at ${width}px: ask for the link, see every record, download, correct, withdraw, erase`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const email = `meera.${width}.${Date.now()}@example.com`;
    const origin = { origin: server.baseURL };
    const sent = await request.post(`${server.baseURL}/api/contact`, {
      headers: origin,
      data: {
        name: 'Meera Iyer',
        email,
        phone: `98450 6${String(width).padStart(4, '0')}`,
        whoIsThisFor: 'college',
        whatsappOptIn: true,
      },
    });
    expect(sent.status()).toBe(201);
    expect(
      (await request.post(`${server.baseURL}/api/newsletter`, { headers: origin, data: { email } })).status(),
    ).toBe(200);

    // Asking: the page says the same whatever we hold.
    await page.goto(`${server.baseURL}/privacy/my-data`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('See, correct or erase what we hold about you');
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send me the link' }).click();
    await expect(page.getByTestId('my-data-sent')).toContainText('a one-time link to it is on its way');
    expect(await axe(page)).toEqual([]);

    // The link: every record, its consents, nothing wider than the screen.
    const link = await linkFor(email);
    const response = await page.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toContain('no-store');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByTestId('my-data')).toContainText(email);
    await expect(page.getByTestId('my-data-record')).toHaveCount(2);
    await expect(page.getByTestId('withdraw-whatsapp-updates')).toBeVisible();
    await page.getByTestId('my-data-record').first().locator('summary').click();
    await page.screenshot({ path: `${shots}/my-data-${width}.png` });
    expect(await axe(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // The download: one row per field of each record.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download (CSV)' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('kind,id,created,field,value,kept until,why kept');
    expect(csv).toContain(`contact,`);
    expect(csv).toContain(`,email,${email},`);

    // Correct the name; withdraw WhatsApp in one tap.
    await page.getByLabel('Name').fill('Meera R Iyer');
    await page.getByRole('button', { name: 'Save corrections' }).click();
    await expect(page.getByRole('status')).toContainText('Corrected');
    await expect(page.getByText('Names: Meera R Iyer')).toBeVisible();
    await page.getByTestId('withdraw-whatsapp-updates').click();
    await expect(page.getByRole('status')).toContainText('Withdrawn: Send me updates on WhatsApp');
    await expect(page.getByTestId('withdraw-whatsapp-updates')).toHaveCount(0);

    // Erase, confirmed; the link is dead after.
    await page.getByTestId('my-data-erase').click();
    await page.getByTestId('my-data-erase-confirm').click();
    await expect(page.getByTestId('my-data-erased')).toContainText('Your data is being erased');
    await page.screenshot({ path: `${shots}/my-data-erased-${width}.png` });
    await expect
      .poll(async () => (await request.get(link.replace('/privacy/my-data/', '/api/privacy/my-data/'))).status())
      .toBe(404);
    const dead = await page.goto(link);
    expect(dead?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText("does not open anyone's data");
  });
}

for (const width of [390, 1280]) {
  test(`at ${width}px: the owner's Privacy panel: the requests with their 90 days, the log, and erasing for a phone request`, async ({
    browser,
    request,
  }) => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: 900 } });
    const page = await context.newPage();
    // A call request from a number with no mailbox and no WhatsApp consent: only the owner can verify it.
    const phone = `98450 7${String(width).padStart(4, '0')}`;
    const origin = { origin: server.baseURL };
    expect(
      (
        await request.post(`${server.baseURL}/api/book-call`, {
          headers: origin,
          data: { name: 'Ravi Kumar', phone, background: 'working-professional' },
        })
      ).status(),
    ).toBe(201);
    expect(
      (await request.post(`${server.baseURL}/api/privacy/requests`, { headers: origin, data: { phone } })).status(),
    ).toBe(202);

    await signIn(page);
    await openView(page, 'Today');
    await expect(page.getByTestId('todo-privacy')).toContainText('to answer');
    await page.getByTestId('todo-privacy').getByRole('link').click();
    const panel = page.getByTestId('privacy-panel');
    await expect(panel.getByTestId('privacy-request').filter({ hasText: phone }).first()).toContainText(
      'Call to verify',
    );
    await expect(panel.getByTestId('retention-next-month')).toContainText('24 months');
    expect(await axe(page)).toEqual([]);
    await panel.screenshot({ path: `${shots}/admin-privacy-${width}.png` });

    await panel.getByLabel('Phone').fill(phone);
    await panel.getByRole('button', { name: 'Erase…' }).click();
    await panel.getByRole('button', { name: 'Yes, erase' }).click();
    await expect(page.getByText('Their data is erased within a minute')).toBeVisible();
    await expect
      .poll(async () => {
        await page.reload();
        return page.getByTestId('erasure-log').textContent();
      })
      .toContain('You, for their request');
    // The request the owner had to verify is answered by the erasure.
    await expect(panel.getByTestId('privacy-request').filter({ hasText: phone })).toHaveCount(0);
    await context.close();
  });
}

for (const width of [390, 1280]) {
  test(`at ${width}px: a parent books a student package for a child under 18, and confirms from the link`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: 900 } });
    await context.addInitScript(() =>
      localStorage.setItem('cookieConsent', JSON.stringify({ essential: true, analytics: false, marketing: false })),
    );
    const page = await context.newPage();
    const parentEmail = `lakshmi.${width}.${Date.now()}@example.com`;
    // A post for students links the programmes on the Students tab.
    await page.goto('/blog/choosing-your-stream-after-class-10');
    await expect(page.getByTestId('student-programmes')).toHaveAttribute('href', '/?for=students#packages');
    await page.goto('/?for=students#packages');
    await expect(page.getByRole('tab', { name: /Students/ })).toHaveAttribute('aria-selected', 'true');
    const card = page.locator('[data-package-card="achieve"]');
    await expect(card).toBeVisible();
    await card.locator('[data-book-package]').click();
    const dialog = page.getByTestId('package-booking');
    await expect(dialog).toBeVisible();
    // Class and school, a parent; no designation, company or industry.
    await expect(dialog.getByLabel('Designation')).toHaveCount(0);
    await dialog.getByLabel("Student's name").fill('Anaya Iyer');
    await dialog.getByLabel('Class').selectOption('10');
    await dialog.getByLabel('School').fill('Kendriya Vidyalaya');
    await dialog.getByLabel("Parent's name").fill('Lakshmi Iyer');
    await dialog.getByLabel("Parent's mobile").fill(`98450 8${String(width).padStart(4, '0')}`);
    await dialog.getByLabel(/Parent's e-mail/).fill(parentEmail);
    await dialog.getByLabel('Yes: a parent confirms first').check();
    await expect(dialog.getByLabel('State')).toHaveCount(0);
    await dialog.screenshot({ path: `${shots}/student-package-${width}.png` });
    expect(await axe(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Send to the parent to confirm' }).click();
    await expect(dialog.getByTestId('awaiting-parent')).toContainText('Sent to Lakshmi Iyer to confirm');

    // The parent's link: three statements, all needed.
    let link: string | undefined;
    await expect
      .poll(() => {
        const mail = smtp.mails.find(
          (each) => each.to.includes(parentEmail) && each.subject.startsWith('Please confirm'),
        );
        link = mail ? /Confirm: (\S+)/.exec(mail.text)?.[1] : undefined;
        return link;
      })
      .toBeTruthy();
    const response = await page.goto(link!);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Lakshmi');
    await expect(page.locator('#main')).toContainText('Anaya Iyer asked');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByRole('alert')).toContainText('Tick all three');
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    expect(await axe(page)).toEqual([]);
    await page.screenshot({ path: `${shots}/parent-consent-${width}.png` });
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByTestId('parent-confirmed')).toContainText('confirmed');
    // The link is spent.
    expect((await page.goto(link!))?.status()).toBe(404);
    await context.close();
  });
}

/** Holds the script modules matching `only` at the network until the returned function is called. */
async function holdScripts(page: Page, only: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(only, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("used before their code arrives: the request form sends what was typed, once; a parent's three ticks count", async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const posted: unknown[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/api/privacy/')) posted.push(sent.postDataJSON());
  });
  // The request page: typed and sent while its island's code is held.
  let release = await holdScripts(page, /\/_astro\/MyDataRequest[^/]*\.js$/);
  await page.goto('/privacy/my-data', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('E-mail').fill('early.asker@example.com');
  await page.getByRole('button', { name: 'Send me the link' }).click();
  release();
  await expect(page.getByTestId('my-data-sent')).toBeVisible({ timeout: 15_000 });
  expect(posted).toEqual([expect.objectContaining({ email: 'early.asker@example.com' })]);

  // A parent's page: the three boxes ticked and Confirm tapped before its island's code arrives.
  const parentEmail = `early.parent.${Date.now()}@example.com`;
  const held = await request.post(`${server.baseURL}/api/book-call`, {
    headers: { origin: server.baseURL },
    data: {
      name: 'Ira Nair',
      phone: '98450 77001',
      background: 'student-8-9',
      minor: true,
      parentName: 'Maya Nair',
      parentPhone: '98450 77001',
      parentEmail,
    },
  });
  expect(held.status()).toBe(202);
  let link: string | undefined;
  await expect
    .poll(() => {
      const mail = smtp.mails.find((each) => each.to.includes(parentEmail));
      link = mail ? /Confirm: (\S+)/.exec(mail.text)?.[1] : undefined;
      return link;
    })
    .toBeTruthy();
  release = await holdScripts(page, /\/_astro\/ParentConsent[^/]*\.js$/);
  await page.goto(link!, { waitUntil: 'domcontentloaded' });
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  release();
  await expect(page.getByTestId('parent-confirmed')).toBeVisible({ timeout: 15_000 });
  await context.close();
});
