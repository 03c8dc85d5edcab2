import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { holdIsland } from './support/hydration';
import { readFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { DOCUMENT_PART_BYTES } from '../../src/lib/schemas/clientDocument';
import type { FakeRazorpay } from '../api/support/fake-razorpay';
import type { SmtpReceiver } from '../api/support/mail-receivers';
import { signInThroughLoginPage as signIn, openView } from './support/admin';
import { watchConsole } from './support/console';
import type { FreshServer } from './support/fresh-server';
import { startPaymentServer } from './support/paymentServer';
import { payAscendPlus } from './support/paidClient';
import { e2ePort } from './support/ports';
import { expect as baseExpect, test } from './support/test';

// The client space's brief and documents (docs/client-space.md) in Chromium against the
// production build, at 390 and 1280 px: a paid client answers the questions before their first
// session with the keyboard and sees them saved; the owner reads the answers on the client's
// person page and uploads a PDF there; the client is told by mail and downloads the same bytes
// from "Your documents". Screenshots go to /tmp (SHOTS_DIR).

const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ mode: 'serial', timeout: 150_000 });
const shots = process.env.SHOTS_DIR ?? '/tmp/ccc-e2e-shots';

let smtp: SmtpReceiver;
let server: FreshServer;
let razorpay: FakeRazorpay;
let stop: (() => Promise<void>) | undefined;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  ({ server, smtp, razorpay, stop } = await startPaymentServer(e2ePort + 31));
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

for (const width of [390, 1280]) {
  test(`at ${width} px: the client answers the brief by keyboard; the owner reads it and uploads a PDF; the client downloads it`, async ({
    browser,
  }) => {
    const name = width === 390 ? 'Anika Rao' : 'Dev Kulkarni';
    const phone = width === 390 ? '98450 22390' : '98450 21280';
    const email = `brief.${width}.${Date.now()}@example.com`;
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width, height: width === 390 ? 844 : 900 },
      acceptDownloads: true,
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
      const { link } = await payAscendPlus(
        context.request,
        { baseURL: server.baseURL, razorpay, smtp },
        { name, email, phone },
      );
      await page.goto(`${link.pathname}${link.search}`);
      const space = page.getByTestId('client-space');
      await expect(page.locator('astro-island[component-url*="ClientSpace"]')).not.toHaveAttribute('ssr', '');

      // The brief, by keyboard: each question is a labelled control.
      const brief = space.getByRole('region', { name: 'Before your first session' });
      await expect(brief).toBeVisible();
      await expect(space.getByRole('region', { name: 'Your documents' })).toContainText(
        'Reports and plans from your coach will be listed here',
      );
      await brief.getByLabel('What is your current role?').fill('Operations manager');
      await page.keyboard.press('Tab');
      await page.keyboard.type('9');
      await expect(brief.getByLabel('How many years of work experience do you have?')).toHaveValue('9');
      await page.keyboard.press('Tab');
      await page.keyboard.type('Move into supply-chain strategy.');
      // A wrong answer is named under its field and nothing is sent.
      await brief.getByLabel('How many years of work experience do you have?').fill('nine');
      await brief.getByRole('button', { name: 'Save my answers' }).press('Enter');
      await expect(brief.getByText('Enter a whole number of years')).toBeVisible();
      await brief.getByLabel('How many years of work experience do you have?').fill('9');
      await brief.getByRole('button', { name: 'Save my answers' }).focus();
      await page.keyboard.press('Enter');
      await expect(brief.getByTestId('brief-saved')).toContainText('Saved');
      expect(await axe(page, '[data-testid="client-space"]')).toEqual([]);
      await page.screenshot({ path: `${shots}/client-brief-${width}.png`, fullPage: true });

      // A change saved with a tap right after the page paints, before the client space's code is in
      // (docs/decisions/0035-first-tap-works.md): the submit is held, then sent once the code arrives.
      const { release, held } = await holdIsland(page, `${link.pathname}${link.search}`, 'ClientSpace');
      await page.reload({ waitUntil: 'domcontentloaded' });
      const island = page.locator('astro-island[component-url*="ClientSpace"]');
      await expect(island).toHaveAttribute('ssr', '');
      await brief.getByLabel('What is your current role?').fill('Operations manager, Pune');
      await brief.getByRole('button', { name: 'Save my answers' }).click();
      release();
      await expect(island).not.toHaveAttribute('ssr', '');
      await page.unroute(held);
      await expect(brief.getByTestId('brief-saved')).toContainText('Saved');
      const clientId = link.pathname.split('/')[2]!;
      const stored = (await (await page.request.get(`/api/client-space/${clientId}/brief${link.search}`)).json()) as {
        answers: Record<string, string>;
      };
      expect(Object.values(stored.answers)).toContain('Operations manager, Pune');

      // The owner: the answers beside the client's sessions, and an upload.
      await signIn(page);
      await openView(page, 'People');
      await page.getByLabel('Find a person').fill(phone);
      await page
        .getByTestId('search-results')
        .getByRole('link', { name: /^Open person/ })
        .first()
        .click();
      const person = page.getByTestId('person-page');
      await expect(person.getByRole('heading', { level: 2, name })).toBeVisible();
      const answers = person.getByTestId('client-brief');
      await expect(answers).toContainText('3 of 4 answered');
      await answers.locator('summary').click();
      await expect(answers).toContainText('Operations manager');
      await expect(answers).toContainText('Move into supply-chain strategy.');

      const pdf = await PDFDocument.create();
      pdf.addPage([300, 200]).drawText(`Action plan for ${name}`, { x: 20, y: 100, size: 14 });
      // Over one part (4 MiB), padded past its %%EOF: the island sends it in two parts, then completes.
      const head = await pdf.save();
      const bytes = Buffer.alloc(DOCUMENT_PART_BYTES + 512 * 1024, 0x20);
      bytes.set(head);
      for (let i = head.byteLength; i < bytes.length; i += 97) bytes[i] = i & 0xff;
      const documents = person.getByTestId('client-documents-admin');
      await documents.getByLabel('Document title').fill('Action plan');
      await documents
        .getByLabel(/^PDF file/)
        .setInputFiles({ name: 'plan.pdf', mimeType: 'application/pdf', buffer: bytes });
      const uploadButton = documents.getByRole('button', { name: /^Upload a PDF/ });
      const box = await uploadButton.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await uploadButton.click();
      await expect(documents.getByTestId('client-document')).toContainText('Action plan');
      await expect(documents).toContainText('is told by e-mail');
      expect(await axe(page, '[data-testid="person-page"]')).toEqual([]);
      await person.getByTestId('person-client').screenshot({ path: `${shots}/admin-client-documents-${width}.png` });

      // The client is told by mail, with their space's link and not the file.
      await expect
        .poll(
          () =>
            smtp.mails.find((mail) => mail.to.includes(email) && mail.subject.startsWith('A new document'))?.text ?? '',
        )
        .toContain(`/client/${link.pathname.split('/')[2]}?token=`);

      // The client downloads it from "Your documents": a plain link, the same bytes.
      await page.goto(`${link.pathname}${link.search}`);
      const listed = page.getByRole('region', { name: 'Your documents' }).getByRole('link', { name: 'Action plan' });
      await expect(listed).toBeVisible();
      const [download] = await Promise.all([page.waitForEvent('download'), listed.click()]);
      expect(download.suggestedFilename()).toBe('Action-plan.pdf');
      expect(readFileSync((await download.path())!)).toEqual(bytes);
      expect(await axe(page, '[data-testid="client-space"]')).toEqual([]);
      await page.screenshot({ path: `${shots}/client-documents-${width}.png`, fullPage: true });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
