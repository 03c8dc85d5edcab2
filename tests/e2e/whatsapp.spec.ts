import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { WHATSAPP_CONSENT_WORDS } from '../../src/lib/whatsappConsent';
import { uniqueName } from '../support/names';
import { scratchDir } from '../support/scratch';
import { openView, signInThroughLoginPage } from './support/admin';
import { watchConsole } from './support/console';
import { startFreshServer } from './support/fresh-server';
import { hydrated } from './support/hydration';
import { e2ePort } from './support/ports';
import type { StartedCall, StartedCallRequest } from './support/startedCalls';
import { consentGiven } from './support/taps';
import { expect as baseExpect, test } from './support/test';

// WhatsApp (docs/whatsapp.md) in Chromium against the production build. Every lead form shows one
// unticked "Send me updates on WhatsApp" box, whole on a phone and on a desktop, that the
// keyboard ticks; a ticked box is stored as the visitor's consent with its words, which the
// owner reads in the admin. And the owner marks a discovery call that has started a no-show
// under Upcoming calls, and What converts counts it under the call's source.

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 90_000 });
const shots = process.env.SHOTS_DIR ?? '/tmp/ccc-e2e-shots';
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

/**
 * The box in `form`: labelled with the shared words, unticked, whole in the viewport once
 * scrolled to and covered by nothing, and ticked with Space. Left ticked when `keep`.
 */
async function expectOptInBox(page: Page, form: Locator, { keep = false } = {}): Promise<Locator> {
  const box = form.getByRole('checkbox', { name: WHATSAPP_CONSENT_WORDS, exact: true });
  await expect(box).toHaveCount(1);
  await expect(box).toHaveAccessibleName(WHATSAPP_CONSENT_WORDS);
  await expect(box).not.toBeChecked();
  await box.scrollIntoViewIfNeeded();
  const label = box.locator('xpath=ancestor::label');
  await expect(label).toHaveText(WHATSAPP_CONSENT_WORDS);
  await expect(label).toBeInViewport({ ratio: 1 });
  // What a tap at the box, or at its words, lands on: the box or its label, not a neighbour over it.
  const uncovered = await label.evaluate((element) =>
    [element.querySelector('input')!, element.querySelector('span')!].every((part) => {
      const { x, y, width, height } = part.getBoundingClientRect();
      return element.contains(document.elementFromPoint(x + width / 2, y + height / 2));
    }),
  );
  expect(uncovered).toBe(true);
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  if (!keep) {
    await page.keyboard.press('Space');
    await expect(box).not.toBeChecked();
  }
  return box;
}

for (const width of [390, 1280]) {
  test(`at ${width} px: every lead form shows the unticked WhatsApp box, whole and ticked with the keyboard${width === 1280 ? '; a ticked contact form is stored as consent the owner reads' : ''}`, async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await consentGiven(page);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });

    // The home page: the free call modal (the hero's button) and a package card's booking popup.
    await page.goto('/');
    await page.getByRole('link', { name: 'Free Career Clarity Call' }).click();
    const callModal = page.getByRole('dialog', { name: 'Book your free career clarity call' });
    await expectOptInBox(page, callModal.getByTestId('call-form'));
    await callModal.screenshot({ path: `${shots}/whatsapp-call-modal-${width}.png` });
    await page.keyboard.press('Escape');
    await expect(callModal).toBeHidden();
    await page.locator('[data-book-package]').locator('visible=true').first().click();
    const packagePopup = page.getByTestId('package-booking');
    await expectOptInBox(page, packagePopup);
    await page.keyboard.press('Escape');
    await expect(packagePopup).toBeHidden();

    // The corporate page: the brochure's download dialog, the enquiry form and the contact form
    // (whose free call, booked from its thank-you, carries the same consent).
    await page.goto('/corporate-parenting-wellbeing');
    await page.getByRole('button', { name: 'Download Our Corporate Brochure' }).click();
    const download = page.getByTestId('download-form');
    await expectOptInBox(page, download);
    await page.keyboard.press('Escape');
    await expect(download).toBeHidden();
    await expectOptInBox(page, await hydrated(page.getByTestId('corporate-enquiry-form')));
    const contact = await hydrated(page.getByTestId('contact-form'));
    const name = uniqueName('WhatsApp Consent');
    const ticked = await expectOptInBox(page, contact, { keep: width === 1280 });
    await contact.screenshot({ path: `${shots}/whatsapp-contact-form-${width}.png` });
    if (width === 1280) {
      await contact.getByLabel('Full name').fill(name);
      await contact.getByLabel('Email').fill(`consent.${unique()}@example.com`);
      await contact.getByLabel('Phone').fill('+91 98450 61616');
      await contact.getByLabel('Who is this for?').selectOption('working-professional');
      await expect(ticked).toBeChecked();
      await contact.getByRole('button', { name: /book my free career call/i }).click();
      await expect(page.getByTestId('contact-thank-you')).toBeVisible();
    }

    // The checkout page of a paid package.
    await page.goto('/checkout/ascend');
    await expectOptInBox(page, await hydrated(page.getByTestId('checkout-form')));
    expect(problems).toEqual([]);
    if (width !== 1280) return;

    // The owner reads the consent, with the words the visitor saw, on the message's row.
    await signInThroughLoginPage(page);
    const row = page.getByTestId('list-contacts').locator('article').filter({ hasText: name });
    await expect(row.getByTestId('whatsapp-consent')).toHaveText(
      new RegExp(`^WhatsApp: opted in .+ \\(“${WHATSAPP_CONSENT_WORDS}”\\)$`),
    );
  });
}

test("the owner marks a discovery call that has started a no-show under Upcoming calls, and What converts counts it under the call's source", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // Calls whose time has come can only be booked before it: they are written into a store of
  // this test's own, through the site's code, before its server starts (startedCalls.ts).
  const blobsDir = mkdtempSync(join(scratchDir(), 'ccc-e2e-noshow-'));
  const source = 'noshow-e2e';
  const requests: StartedCallRequest[] = [
    { name: 'Rohan Das', phone: '98450 70001', attribution: { source, medium: 'test' } },
    { name: 'Lata Nair', phone: '98450 70002', attribution: { source, medium: 'test' } },
  ];
  const seeded = spawnSync(process.execPath, ['tests/e2e/support/seed-started-calls.mjs', JSON.stringify(requests)], {
    env: { ...process.env, BLOBS_DIR: blobsDir },
    encoding: 'utf8',
  });
  if (seeded.status !== 0) throw new Error(`seeding failed: ${seeded.stderr}`);
  // The latest call that has started (today), and one before it.
  const [missed, held] = JSON.parse(seeded.stdout) as StartedCall[];
  const server = await startFreshServer(e2ePort + 23, { BLOBS_DIR: blobsDir });
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const problems = watchConsole(page);
    await signInThroughLoginPage(page);
    await openView(page, 'Money');

    // What converts before any outcome: the two calls booked under their source, none marked.
    const sourceRow = page
      .getByTestId('leads-by-source')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: source, exact: true }) });
    const cells = sourceRow.getByRole('cell');
    const column = { booked: 5, held: 6, noShowRate: 7 };
    await expect(cells.nth(column.booked)).toHaveText('2');
    await expect(cells.nth(column.held)).toHaveText('0');
    await expect(cells.nth(column.noShowRate)).toHaveText('–');

    // The earlier call was held (marked through the owner's route); the latest is missed, marked with one tap.
    expect(
      (
        await page.request.post(`/api/admin/appointments/${held!.id}/outcome`, {
          data: { outcome: 'held' },
          headers: { origin: server.baseURL },
        })
      ).status(),
    ).toBe(200);
    await openView(page, 'Today');
    const call = page.getByTestId('upcoming-calls').getByTestId('upcoming-call').filter({ hasText: missed!.name });
    const outcome = call.getByRole('group', { name: `Outcome of ${missed!.name}'s call` });
    await expect(outcome).toContainText('Did the call take place?');
    await outcome.getByRole('button', { name: /^No-show/ }).click();
    await expect(outcome.locator('.adm-pill')).toHaveText('No-show');
    await expect(outcome.getByRole('button', { name: /^No-show/ })).toHaveAttribute('aria-pressed', 'true');

    // The route counts the outcome before it answers, and the tap has What converts read again: no reload.
    await openView(page, 'Money');
    const counted = { callsBooked: 2, callsHeld: 1, callsNoShow: 1 };
    // No-shows per 100 calls marked held or no-show.
    const rate = Math.round((100 * counted.callsNoShow) / (counted.callsHeld + counted.callsNoShow));
    await expect(cells.nth(column.booked)).toHaveText(String(counted.callsBooked));
    await expect(cells.nth(column.held)).toHaveText(String(counted.callsHeld));
    await expect(cells.nth(column.noShowRate)).toHaveText(`${rate}%${counted.callsNoShow} missed`);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('lead-sources').screenshot({ path: `${shots}/whatsapp-what-converts-${width}.png` });
    }
    await openView(page, 'Today');
    await expect(
      page
        .getByTestId('upcoming-calls')
        .getByTestId('upcoming-call')
        .filter({ hasText: missed!.name })
        .locator('.adm-pill'),
    ).toHaveText('No-show');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByTestId('upcoming-calls').screenshot({ path: `${shots}/whatsapp-no-show-${width}.png` });
    }
    expect(problems).toEqual([]);
  } finally {
    await context.close();
    await server.stop();
    rmSync(blobsDir, { recursive: true, force: true });
  }
});
