import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import type { AdminStats } from '../../src/lib/schemas/adminApi';
import { expect as baseExpect, test } from './support/test';
import { signInAsAdmin, signInThroughLoginPage } from './support/admin';
import { watchConsole } from './support/console';
import { hydrated } from './support/hydration';
import { uniqueName } from '../support/names';

// The corporate page's enquiry in Chromium: an HR leader follows "Schedule Corporate
// Consultation" to the form, is told what is missing, sends it and is thanked; the owner
// finds it on the dashboard under Corporate enquiries and in the Corporate tile. The e2e
// store is shared by every spec, so the enquiry carries a unique name and the tile is
// compared with its own count before the enquiry.

// The dashboard opens with many calls at once on a busy 2-core machine (see admin-dashboard.spec.ts).
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 150_000 });

const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const grouped = (count: number) => new Intl.NumberFormat('en-IN').format(count);

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

async function axeViolations(page: Page, selectors?: string[]) {
  const builder = new AxeBuilder({ page });
  if (selectors) builder.include(selectors);
  const { violations } = await builder.analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function corporateCount(api: APIRequestContext): Promise<number> {
  return ((await (await api.get('/api/admin/stats')).json()) as AdminStats).corporateEnquiries;
}

const toast = (page: Page, title: string) => page.getByTestId('toaster').locator('li').filter({ hasText: title });

/** What an empty submit says under each field: the field's own label, then its error. */
const emptyFormErrors = {
  Name: 'Name is required',
  'Work e-mail': 'Enter a valid email address',
  Phone: 'Phone number is required',
  Company: 'Company is required',
  Employees: 'Choose the number of employees',
  'Your role': 'Role is required',
};

for (const width of [390, 1280]) {
  test(`at ${width}px: the CTA leads to the enquiry form, which checks, sends and thanks, and the owner sees the enquiry`, async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const problems = watchConsole(page);
    await consentAlreadyGiven(page);
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await signInAsAdmin(request, baseURL ?? '');
    const countBefore = await corporateCount(request);

    // 1. The hero's CTA is a plain link to the form on the same page.
    await page.goto('/corporate-parenting-wellbeing');
    const cta = page.getByRole('link', { name: 'Schedule Corporate Consultation' });
    await expect(cta).toHaveAttribute('href', '#corporate-enquiry');
    await cta.click();
    await expect(page).toHaveURL(/\/corporate-parenting-wellbeing#corporate-enquiry$/);
    const section = page.locator('#corporate-enquiry');
    await expect(
      section.getByRole('heading', { level: 2, name: 'Schedule a corporate consultation' }),
    ).toBeInViewport();
    const form = await hydrated(page.getByTestId('corporate-enquiry-form'));
    await page.waitForLoadState('networkidle');
    expect(await axeViolations(page)).toEqual([]);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await section.screenshot({ path: testInfo.outputPath(`corporate-enquiry-form-${width}.png`) });

    // 2. An empty submit: every required field says what it needs, and focus goes to the first.
    const submit = form.getByRole('button', { name: 'Schedule a Consultation' });
    await submit.click();
    for (const [label, message] of Object.entries(emptyFormErrors)) {
      const control = form.getByLabel(label);
      await expect(control, label).toHaveAttribute('aria-invalid', 'true');
      await expect(control, label).toHaveAccessibleDescription(message);
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(form.getByLabel('Message')).toHaveAttribute('aria-invalid', 'false');
    await expect(form.getByLabel('Name')).toBeFocused();
    expect(await axeViolations(page, ['#corporate-enquiry'])).toEqual([]);
    await section.screenshot({ path: testInfo.outputPath(`corporate-enquiry-errors-${width}.png`) });

    // 3. Valid values: sent, thanked by first name, with the promised reply time.
    const marker = unique();
    const enquiry = {
      name: uniqueName('Anita Corporate'),
      email: `anita.${marker}@example.in`,
      phone: `9${marker.slice(-9)}`,
      company: `E2E Steel ${marker}`,
      role: 'CHRO',
      message: 'We would like to start with our two plants in Pune.',
    };
    await form.getByLabel('Name').fill(enquiry.name);
    await form.getByLabel('Work e-mail').fill(enquiry.email);
    await form.getByLabel('Phone').fill(enquiry.phone);
    await form.getByLabel('Company').fill(enquiry.company);
    await form.getByLabel('Employees').selectOption('1000-4999');
    await form.getByLabel('Your role').fill(enquiry.role);
    await form.getByLabel('Message').fill(enquiry.message);
    await expect(form.getByText(`${enquiry.message.length} / 1,000 characters`)).toBeVisible();
    // Typing clears a field's error.
    await expect(form.getByText('Name is required')).toHaveCount(0);
    await submit.click();

    const thanks = page.getByTestId('corporate-enquiry-thanks');
    const thanksHeading = thanks.getByRole('heading', { name: 'Thank you, Anita!' });
    await expect(thanksHeading).toBeVisible();
    await expect(thanksHeading).toBeFocused();
    await expect(thanks).toContainText('24 business hours');
    await expect(toast(page, 'Enquiry Sent Successfully!')).toBeVisible();
    expect(await axeViolations(page, ['#corporate-enquiry'])).toEqual([]);
    await section.screenshot({ path: testInfo.outputPath(`corporate-enquiry-thanks-${width}.png`) });
    expect(problems).toEqual([]);

    // Stored as sent, with where the visit came from (it landed here directly).
    await expect.poll(() => corporateCount(request)).toBe(countBefore + 1);
    const stored = (await (await request.get('/api/corporate-enquiries?limit=20')).json()) as {
      items: Array<Record<string, unknown>>;
    };
    expect(stored.items.find((item) => item.name === enquiry.name)).toMatchObject({
      ...enquiry,
      employees: '1000-4999',
      attribution: { landingPage: '/corporate-parenting-wellbeing' },
    });

    // 4. The owner's dashboard: the Corporate tile and the Corporate enquiries list.
    await signInThroughLoginPage(page);
    const tile = page.getByTestId('stat-corporateEnquiries');
    await expect(tile.locator('dt')).toHaveText('Corporate');
    await expect(tile.locator('dd')).toHaveText(grouped(countBefore + 1));
    const list = page.getByTestId('list-corporateEnquiries');
    await expect(list.getByRole('heading', { level: 2, name: 'Corporate enquiries' })).toBeVisible();
    const row = list.locator('article').filter({ has: page.getByRole('heading', { name: enquiry.name, exact: true }) });
    await expect(row).toContainText('1,000-4,999 employees');
    await expect(row).toContainText(`CHRO · ${enquiry.company}`);
    await expect(row.getByRole('link', { name: enquiry.email })).toHaveAttribute('href', `mailto:${enquiry.email}`);
    await expect(row.getByRole('link', { name: enquiry.phone, exact: true })).toHaveAttribute('href', /^tel:/);
    await expect(row).toContainText(enquiry.message);
    await expect(row.getByTestId('lead-source')).toHaveText('Source: (direct)');
    await expect(row.locator('time')).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2}\s?[ap]m$/);

    // The person search names the kind of record.
    await page.getByLabel('Find a person').fill(enquiry.email);
    await expect(page.getByTestId('search-results')).toContainText('Corporate enquiry');

    expect(
      await axeViolations(page, ['[data-testid="stat-corporateEnquiries"]', '[data-testid="list-corporateEnquiries"]']),
    ).toEqual([]);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await page
      .getByRole('region', { name: 'Totals' })
      .screenshot({ path: testInfo.outputPath(`dashboard-tiles-${width}.png`) });
    await list.screenshot({ path: testInfo.outputPath(`dashboard-corporate-enquiries-${width}.png`) });
  });
}

test("a submit tapped before the form's code arrives is held, shown busy, and sent once the code is in", async ({
  page,
  request,
  baseURL,
}) => {
  await consentAlreadyGiven(page);
  await page.setViewportSize({ width: 390, height: 900 });
  // The island's code is held at the network, as on a slow phone: the form is only the page's HTML meanwhile.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/_astro\/CorporateEnquiryForm[^/]*\.js$/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  await page.goto('/corporate-parenting-wellbeing#corporate-enquiry');
  const form = page.getByTestId('corporate-enquiry-form');
  const name = uniqueName('Early Tap');
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Work e-mail').fill('early.tap@example.in');
  await form.getByLabel('Phone').fill('98765 40404');
  await form.getByLabel('Company').fill('Early Tap Ltd');
  await form.getByLabel('Employees').selectOption('5000+');
  await form.getByLabel('Your role').fill('Head of HR');
  await form.getByRole('button', { name: /Schedule a Consultation/ }).click();

  // Not sent natively (no GET of the page with the details in its address), and visibly busy.
  await expect(form).toHaveAttribute('data-submit-queued', '');
  await expect(form).toHaveAttribute('aria-busy', 'true');
  expect(new URL(page.url()).search).toBe('');
  await expect.poll(() => held).toBeGreaterThan(0);

  release();
  await expect(page.getByRole('heading', { name: 'Thank you, Early!' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  await signInAsAdmin(request, baseURL ?? '');
  const list = (await (await request.get('/api/corporate-enquiries?limit=20')).json()) as {
    items: Array<{ name: string; company: string; employees: string }>;
  };
  expect(list.items.find((item) => item.name === name)).toMatchObject({ company: 'Early Tap Ltd', employees: '5000+' });
});
