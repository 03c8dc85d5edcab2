import { type Dialog, type Locator, type Page, expect } from '@playwright/test';
import { type TapGroup, tapGroups } from '../../../src/scripts/tapGroups';

// What a tap on each kind of control must do, read off the page the way a
// visitor would see it: a dialog with its first field, a selected tab, an open menu, a
// browser alert. Shared by the first-tap tests and their throttled twin.

export interface Control {
  group: TapGroup;
  /** Which one of the group's controls on the page (document order, visible ones only). */
  index: number;
  label: string;
}

export const publicPages = [
  '/',
  '/how-it-works',
  '/why-ccc-edu',
  '/corporate-parenting-wellbeing',
  '/blogs-resources',
  '/contact',
  '/blog/ai-and-your-career-what-to-learn-next',
  '/checkout/ascend',
];

/** A visitor who answered the cookie question before: no banner over the controls. */
export async function consentGiven(page: Page): Promise<void> {
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

export const groupLocator = (page: Page, group: TapGroup): Locator =>
  page.locator(tapGroups[group]).locator('visible=true');

/** Every visible control of every group on the page as it is now. */
export async function controlsOn(page: Page): Promise<Control[]> {
  const found: Control[] = [];
  for (const group of Object.keys(tapGroups) as TapGroup[]) {
    const controls = groupLocator(page, group);
    const count = await controls.count();
    for (let index = 0; index < count; index += 1) {
      const label = ((await controls.nth(index).getAttribute('aria-label')) ?? (await controls.nth(index).innerText()))
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40);
      found.push({ group, index, label });
    }
  }
  return found;
}

/** Taps the control and waits for what it is for. Returns after the effect is on screen. */
export async function tapAndExpectEffect(
  page: Page,
  control: Control,
  tap: (target: Locator) => Promise<void> = (target) => target.click(),
): Promise<void> {
  const target = groupLocator(page, control.group).nth(control.index);
  const before = page.url();
  if (control.group === 'post-actions' || control.group === 'roi') {
    // These answer with a browser alert (or, without a clipboard, a prompt to copy the link).
    // The alert can open inside the click itself, so it is answered by a handler set first.
    const messages: string[] = [];
    const answer = (dialog: Dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    };
    page.on('dialog', answer);
    await tap(target);
    await expect.poll(() => messages.length, { timeout: 15_000 }).toBeGreaterThan(0);
    page.off('dialog', answer);
    expect(messages[0]!.length).toBeGreaterThan(0);
  } else if (control.group === 'dialogs') {
    await tap(target);
    const dialog = page.getByRole('dialog').locator('visible=true').first();
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    // Its first field: a text box, a choice, or the quiz's first question.
    await expect(
      dialog.locator('input:not([tabindex="-1"]):not([type="hidden"]), select, textarea, fieldset legend').first(),
    ).toBeVisible();
  } else if (control.group === 'menu') {
    await tap(target);
    await expect(target).toHaveAttribute('aria-expanded', 'true', { timeout: 15_000 });
  } else if (control.group === 'tabs') {
    const isDot = await target.evaluate((element) => element.hasAttribute('data-pillar-dot'));
    await tap(target);
    if (isDot) {
      await expect(target).toHaveAttribute('aria-current', 'true', { timeout: 15_000 });
    } else {
      await expect(target).toHaveAttribute('aria-selected', 'true', { timeout: 15_000 });
      await expectPackagesFiltered(page, target);
    }
  } else if (control.group === 'admin-page') {
    // The admin's buttons act through its API: the effect is the request they make.
    const acted = page.waitForRequest(
      (request) => request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/admin/'),
      { timeout: 15_000 },
    );
    await tap(target);
    await acted;
  } else {
    throw new Error(`No expected effect is written for the ${control.group} group`);
  }
  // Never taken anywhere else than where the control's code would have taken the visitor.
  expect(page.url()).toBe(before);
  await expect(target).not.toHaveAttribute('data-tap-queued', '');
}

/** A package audience tab shows only the cards for that audience. */
async function expectPackagesFiltered(page: Page, tab: Locator): Promise<void> {
  const audience = await tab.getAttribute('data-audience');
  if (!audience) return;
  const panel = page.locator('[data-package-panel]').first();
  await expect
    .poll(() =>
      panel
        .locator('[data-package-card]')
        .evaluateAll(
          (cards, wanted) =>
            cards.every(
              (card) =>
                (card as HTMLElement).hidden ===
                !((card as HTMLElement).dataset.audiences ?? '').split(' ').includes(wanted),
            ),
          audience,
        ),
    )
    .toBe(true);
}
