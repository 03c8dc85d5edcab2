import AxeBuilder from '@axe-core/playwright';
import { openView } from './support/admin';
import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './support/test';
import { watchConsole } from './support/console';
import { hydrated } from './support/hydration';
import { uniqueName } from '../support/names';

// Calls booked on the site (docs/scheduling.md), in Chromium against the production build: a visitor
// books from the call modal and from the contact form, moves the call through the manage
// link, and the owner sees it under Upcoming calls. Screenshots go to /tmp (SHOTS_DIR).

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 120_000 });
const shots = process.env.SHOTS_DIR ?? '/tmp/ccc-e2e-shots';
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;

async function consentAlreadyGiven(page: Page): Promise<void> {
  await page.addInitScript(() => {
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
}

async function axe(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}

/** At 390 and 1280 px: the element, or the viewport with `focus` scrolled into view (a dialog). */
async function snap(page: Page, name: string, locator?: ReturnType<Page['locator']>, { viewport = false } = {}) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    if (locator && viewport) {
      await locator.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${shots}/${name}-${width}.png` });
    } else if (locator) await locator.screenshot({ path: `${shots}/${name}-${width}.png` });
    else await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a visitor books a call in the modal, picks a time with the keyboard and sees the confirmation; the owner sees it under Upcoming calls', async ({
  page,
}) => {
  const problems = watchConsole(page);
  await consentAlreadyGiven(page);
  const name = uniqueName('Slot Picker');
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Book A Free Call' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book your free career clarity call' });
  await dialog.getByLabel('Full Name').fill(name);
  await dialog.getByLabel('Phone Number').fill('+91 98450 55555');
  await dialog.getByLabel('Current Background').selectOption({ label: 'Working Professional' });

  // The picker's code is not loaded until the visitor asks for it.
  const pickerScripts: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/SlotPicker\./.test(request.url())) pickerScripts.push(request.url());
  });
  await dialog.getByRole('button', { name: 'Book My Free Call' }).click();
  await expect(dialog.getByRole('heading', { name: 'Request received' })).toBeFocused();
  expect(pickerScripts).toEqual([]);

  await dialog.getByRole('button', { name: 'Pick a time now' }).click();
  const picker = dialog.getByTestId('slot-picker');
  await expect(picker.getByRole('radio').first()).toBeVisible();
  expect(pickerScripts.length).toBe(1);
  await snap(page, 'picker-modal', picker.getByRole('radio').first(), { viewport: true });
  expect(await axe(page, '[data-testid="call-modal"]')).toEqual([]);

  // Keyboard: the first time, then the next one with an arrow key.
  const first = picker.getByRole('radio').first();
  await first.focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  const chosen = await picker.getByRole('radio', { checked: true }).getAttribute('value');
  expect(chosen).toMatch(/\+05:30$/);
  await picker.getByRole('button', { name: /^Book / }).click();

  const booked = dialog.getByTestId('booked-call');
  await expect(booked.getByRole('heading', { name: 'Your call is booked' })).toBeVisible();
  await expect(booked.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute(
    'href',
    /\/api\/appointments\/\d{13}-[0-9a-f]{10}\/invite\.ics\?token=/,
  );
  const manage = await booked.getByRole('link', { name: 'Move or cancel' }).getAttribute('href');
  expect(manage).toMatch(/\/appointments\/\d{13}-[0-9a-f]{10}\?token=/);
  const ics = await page.request.get(
    (await booked.getByRole('link', { name: 'Add to calendar' }).getAttribute('href'))!,
  );
  expect(await ics.text()).toContain('BEGIN:VEVENT');
  await snap(page, 'booked-modal', booked, { viewport: true });
  expect(await axe(page, '[data-testid="call-modal"]')).toEqual([]);

  // The owner's dashboard.
  await page.goto('/admin/bookings');
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const upcoming = page.getByTestId('upcoming-calls');
  const call = upcoming.getByTestId('upcoming-call').filter({ hasText: name });
  await expect(call).toBeVisible({ timeout: 30_000 });
  await expect(call).toContainText('+91 98450 55555');
  await call.getByRole('button', { name: /^Booking/ }).click();
  await expect(call.getByTestId('booking-card')).toContainText('Free Discovery Call');
  await expect(call.getByTestId('booking-call')).toBeVisible();
  await snap(page, 'upcoming-calls', upcoming);
  expect(await axe(page, '[data-testid="upcoming-calls"]')).toEqual([]);

  // The owner moves it to another free time; the old time is free again for visitors.
  const before = await call.locator('time').first().getAttribute('datetime');
  await call.getByRole('button', { name: /^Move/ }).click();
  // The next day offered (still under this week's Upcoming calls): today may have one time left by the afternoon in India.
  await call.getByRole('group', { name: 'Day' }).getByRole('button').nth(1).click();
  await call.getByRole('radio').nth(2).check();
  await call.getByRole('button', { name: /^Move to / }).click();
  await expect(call.locator('time').first()).not.toHaveAttribute('datetime', before!);
  const free = (await (
    await page.request.get('/api/slots?days=14', { headers: { 'cache-control': 'no-cache' } })
  ).json()) as { slots: Array<{ start: string }> };
  expect(free.slots.map((slot) => slot.start)).toContain(before);

  // Every call of one number at once, offered beside the call's own cancel.
  await call.getByRole('button', { name: /^Cancel/ }).click();
  const cancelAll = call
    .getByRole('group', { name: /^Cancel / })
    .getByRole('button', { name: 'Cancel every call of +91 98450 55555' });
  await expect(cancelAll).toBeVisible();
  await snap(page, 'upcoming-cancel', upcoming);
  expect(await axe(page, '[data-testid="upcoming-calls"]')).toEqual([]);
  await cancelAll.click();
  await expect(upcoming.getByRole('status')).toHaveText(
    /^Cancelled [1-9]\d* calls? of \+91 98450 55555; each got its cancellation/,
  );
  await expect(call).toHaveCount(0);
  await snap(page, 'upcoming-cancelled', upcoming);

  await openView(page, 'Calendar');
  await expect(page.getByTestId('availability-form')).toBeVisible();
  await expect(page.getByTestId('calendar-feed').getByRole('textbox')).toHaveValue(
    /\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/,
  );
  await snap(page, 'schedule-tab', page.getByTestId('admin-view'));
  expect(await axe(page, '[data-testid="admin-view"]')).toEqual([]);
  expect(problems).toEqual([]);
});

test('from the contact form: a time two weeks out, then moved through the manage link', async ({ page }) => {
  const problems = watchConsole(page);
  await consentAlreadyGiven(page);
  await page.goto('/contact');
  const form = await hydrated(page.getByTestId('contact-form'));
  await form.getByLabel('Full name').fill(uniqueName('Manage Link'));
  await form.getByLabel('Email').fill(`manage.${unique()}@example.com`);
  await form.getByLabel('Phone').fill('+91 98450 66666');
  await form.getByLabel('Who is this for?').selectOption('working-professional');
  await form.getByRole('button', { name: /book my free career call/i }).click();
  const thanks = page.getByTestId('contact-thank-you');
  await thanks.getByRole('button', { name: 'Pick a time now' }).click();
  const picker = thanks.getByTestId('slot-picker');
  // The last day offered is days away: the call may still be moved online.
  await picker.getByRole('group', { name: 'Day' }).getByRole('button').last().click();
  await picker.getByRole('radio').first().check();
  await snap(page, 'picker-contact', picker.getByRole('radio').first(), { viewport: true });
  await picker.getByRole('button', { name: /^Book / }).click();
  const manageHref = await thanks.getByRole('link', { name: 'Move or cancel' }).getAttribute('href');
  expect(await axe(page, '[data-testid="contact-thank-you"]')).toEqual([]);

  const response = await page.goto(manageHref!);
  expect(response?.headers()['cache-control']).toBe('no-store');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const manage = await hydrated(page.getByTestId('manage-appointment'));
  const before = await manage.getByTestId('manage-when').innerText();
  await snap(page, 'manage-page');
  expect(await axe(page)).toEqual([]);

  await manage.getByRole('button', { name: 'Move to another time' }).click();
  await manage.getByRole('group', { name: 'Day' }).getByRole('button').last().click();
  await manage.getByRole('radio').nth(1).check();
  await manage.getByRole('button', { name: /^Move to / }).click();
  await expect(manage.getByRole('status')).toContainText('Moved.');
  const after = await manage.getByTestId('manage-when').innerText();
  expect(after).not.toBe(before);
  await page.reload();
  await expect(page.getByTestId('manage-when')).toHaveText(after);
  await snap(page, 'manage-moved', page.getByTestId('manage-appointment'), { viewport: true });

  // A wrong token is a plain 404.
  const wrong = await page.goto(manageHref!.replace(/token=[^&]+/, `token=${'x'.repeat(43)}`));
  expect(wrong?.status()).toBe(404);
  expect(problems.filter((problem) => !/404/.test(problem))).toEqual([]);
});
