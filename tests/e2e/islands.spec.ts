import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signInAsAdmin } from './support/admin';
import { watchConsole } from './support/console';
import { uniqueName } from '../support/names';

// Read off the <astro-island> itself: the dialog islands render nothing until opened.
async function islandReady(page: Page, name: string): Promise<void> {
  const island = page.locator(`astro-island[component-url*="/${name}."]`);
  await expect(island).toHaveCount(1);
  await expect.poll(() => island.evaluate((element) => element.hasAttribute('ssr')), { timeout: 15_000 }).toBe(false);
}

/** Adds a trigger the way pages mark theirs, to exercise the real data-attribute contract. */
async function addTrigger(page: Page, attributes: Record<string, string>, label: string): Promise<void> {
  await page.evaluate(
    ({ attributes, label }) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.style.cssText = 'position:fixed;top:6rem;left:1rem;z-index:10';
      for (const [name, value] of Object.entries(attributes)) button.setAttribute(name, value);
      document.body.append(button);
    },
    { attributes, label },
  );
}

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

test.describe('islands load when asked for', () => {
  test('a returning visitor loads no island code until they reach for a dialog, which then opens at the first click', async ({
    page,
  }) => {
    await consentAlreadyGiven(page);
    const problems = watchConsole(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    // What used to load the islands unasked: the browser's idle callbacks (client:idle).
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
    await page.waitForLoadState('networkidle');

    // Every island but the page's behaviours (plain DOM, no React); the contact form further
    // down hydrates only when it comes into view.
    const islands = page.locator('astro-island:not([client="painted"])');
    const islandCode = await islands.evaluateAll((elements) =>
      elements.flatMap((island) => [island.getAttribute('component-url'), island.getAttribute('renderer-url')]),
    );
    expect(islandCode).toContainEqual(expect.stringMatching(/\/CallModal\./));
    expect(scripts.filter((path) => islandCode.includes(path))).toEqual([]);
    await expect(islands.and(page.locator('[ssr]'))).toHaveCount(await islands.count());

    await page.getByRole('navigation').getByRole('link', { name: 'Book A Free Call' }).click();
    await expect(page.getByRole('dialog', { name: 'Book your free career clarity call' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    expect(scripts.some((path) => /\/CallModal\.[^/]*\.js$/.test(path))).toBe(true);
    // Nothing else came with it: the banner's island stays unloaded for an answered visitor.
    expect(scripts.some((path) => /\/CookieBanner\.[^/]*\.js$/.test(path))).toBe(false);
    expect(problems).toEqual([]);
  });
});

test.describe('free discovery call modal', () => {
  test.beforeEach(async ({ page }) => consentAlreadyGiven(page));

  test("opens from the nav, shows the free call's details, books the call and the admin sees it", async ({
    page,
    request,
    baseURL,
  }) => {
    const problems = watchConsole(page);
    await page.goto('/contact');
    const navButton = page.getByRole('navigation').getByRole('link', { name: 'Book A Free Call' });
    await navButton.click();

    const dialog = page.getByRole('dialog', { name: 'Book your free career clarity call' });
    await expect(dialog).toBeVisible();
    for (const heading of ["What You'll Get (Free)", 'Not Included (Paid Only)', 'Your 10-Minute Call Timeline']) {
      await expect(dialog.getByRole('heading', { name: heading })).toBeVisible();
    }
    await expect(dialog.getByText('Quick & Valuable')).toBeVisible();
    for (const minutes of ['0-3 min', '3-7 min', '7-10 min']) await expect(dialog.getByText(minutes)).toBeVisible();
    await expect(dialog.getByLabel('Phone Number')).toHaveAttribute('type', 'tel');
    await expect(dialog.getByLabel('Phone Number')).toHaveAttribute('placeholder', /\+91/);
    await expect(dialog.getByLabel('Full Name')).toBeFocused();

    const name = uniqueName('Browser Caller');
    await dialog.getByLabel('Full Name').fill(name);
    await dialog.getByLabel('Phone Number').fill('+91 98450 12345');
    await dialog.getByLabel('Current Background').selectOption({ label: 'Working Professional' });
    await dialog.getByRole('button', { name: 'Book My Free Call' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Discovery Call Booked! 🎉' })).toBeVisible();
    await expect(page.getByRole('status')).toContainText(
      "We'll call you within 4 hours for your 10-minute career clarity session.",
    );
    // The dialog offers a fixed time now; Done closes it.
    await expect(dialog.getByRole('button', { name: 'Pick a time now' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(navButton).toBeFocused();

    // Reopened, the form is empty again.
    await navButton.click();
    await expect(dialog.getByLabel('Full Name')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await signInAsAdmin(request, baseURL ?? '');
    const list = await (await request.get('/api/bookings')).json();
    expect(list.items[0]).toMatchObject({
      fullName: name,
      mobile: '+91 98450 12345',
      currentStage: 'Working Professional',
      bookingType: 'discovery_call',
      packageName: 'Free Discovery Call',
      status: 'pending',
      source: 'nav',
    });
    expect(problems).toEqual([]);
  });

  test('a click made before the island hydrated opens the modal once it has', async ({ page }) => {
    const problems = watchConsole(page);
    // Hold the island's code back so the click lands while only the tiny trigger script runs.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/_astro\/CallModal\.[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/contact');
    await page.waitForLoadState('load');
    await page.getByRole('navigation').getByRole('link', { name: 'Book A Free Call' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator('[data-call-modal-ready]')).toHaveCount(0);
    release();
    await expect(page.getByRole('dialog', { name: 'Book your free career clarity call' })).toBeVisible();
    await expect(page.locator('[data-call-modal-ready]')).toHaveCount(1);
    expect(problems).toEqual([]);
  });

  test('missing fields show the toast and send nothing', async ({ page }) => {
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/book-call')) sent.push(req.url());
    });
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Book A Free Call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book your free career clarity call' });
    await dialog.getByLabel('Full Name').fill('Only A Name');
    await dialog.getByRole('button', { name: 'Book My Free Call' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Please fill all fields' });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('All fields are required to book your free call.');
    await expect(dialog).toBeVisible();
    expect(sent).toEqual([]);
  });

  test('a failed booking keeps the form filled and the modal open', async ({ page }) => {
    await page.route('**/api/book-call', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"down"}' }),
    );
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Book A Free Call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book your free career clarity call' });
    await dialog.getByLabel('Full Name').fill('Kept Caller');
    await dialog.getByLabel('Phone Number').fill('9845012345');
    await dialog.getByLabel('Current Background').selectOption('student-10-12');
    // A student background asks whether the student is under 18 (docs/privacy.md, "Students and parents").
    await dialog.getByLabel('No, 18 or older').check();
    await dialog.getByRole('button', { name: 'Book My Free Call' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to Book Call' })).toContainText(
      'Please try again later.',
    );
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full Name')).toHaveValue('Kept Caller');
    await expect(dialog.getByLabel('Phone Number')).toHaveValue('9845012345');
    await expect(dialog.getByLabel('Current Background')).toHaveValue('student-10-12');
    await expect(dialog.getByRole('button', { name: 'Book My Free Call' })).toBeEnabled();
  });

  test('shows the pending state while the booking is sent', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/book-call', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Book A Free Call' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book your free career clarity call' });
    await dialog.getByLabel('Full Name').fill('Pending Caller');
    await dialog.getByLabel('Phone Number').fill('9845012345');
    await dialog.getByLabel('Current Background').selectOption('student-8-9');
    await dialog.getByLabel('No, 18 or older').check();
    await dialog.getByRole('button', { name: 'Book My Free Call' }).click();
    await expect(dialog.getByRole('button', { name: 'Booking Your Call...' })).toBeDisabled();
    release();
    // Booked: the dialog offers a fixed time instead of the form.
    await expect(dialog.getByRole('heading', { name: 'Request received' })).toBeVisible();
    await expect(dialog.getByTestId('call-form')).toHaveCount(0);
  });
});

const bandAnswers = [
  { option: 0, percent: 100, title: 'Safe for Now' },
  { option: 2, percent: 50, title: 'Moderate Risk' },
  { option: 3, percent: 25, title: 'High Risk' },
  { option: 4, percent: 0, title: 'Immediate Danger' },
];

test.describe('AI career vulnerability quiz', () => {
  test.beforeEach(async ({ page }) => {
    await consentAlreadyGiven(page);
    await page.goto('/');
  });

  for (const { option, percent, title } of bandAnswers) {
    test(`answering option ${option + 1} everywhere scores ${percent}% (${title})`, async ({ page }) => {
      await page.getByRole('button', { name: 'Take the Free Assessment' }).click();
      const quiz = page.getByRole('dialog', { name: 'How exposed is your role to AI?' });
      for (let question = 1; question <= 6; question += 1) {
        await expect(quiz.getByText(`Question ${question} of 6`)).toBeVisible();
        const next = quiz.getByRole('button', { name: question === 6 ? 'Get Results' : 'Next' });
        await expect(next).toBeDisabled();
        await quiz.getByRole('radio').nth(option).check();
        await next.click();
      }
      await expect(quiz).toBeHidden();
      const result = page.getByRole('dialog', { name: title });
      await expect(result).toBeVisible();
      await expect(result.getByTestId('quiz-score')).toHaveText(`${percent}%`);
      await expect(result.getByText('What to do:')).toBeVisible();
    });
  }

  test('Back is disabled first and restores the earlier answer; the progress bar moves', async ({ page }) => {
    await page.getByRole('button', { name: 'Take the Free Assessment' }).click();
    const quiz = page.getByRole('dialog', { name: 'How exposed is your role to AI?' });
    await expect(quiz.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expect(quiz.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
    await quiz.getByRole('radio').nth(1).check();
    await quiz.getByRole('button', { name: 'Next' }).click();
    await expect(quiz.getByText('Question 2 of 6')).toBeVisible();
    await expect(quiz.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '17');
    await expect(quiz.getByRole('radio', { checked: true })).toHaveCount(0);
    await quiz.getByRole('button', { name: 'Back' }).click();
    await expect(quiz.getByText('Question 1 of 6')).toBeVisible();
    await expect(quiz.getByRole('radio').nth(1)).toBeChecked();
    await expect(quiz.getByRole('button', { name: 'Next' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(quiz).toBeHidden();
  });

  test("the result's Book call opens the call modal and the booking keeps the score", async ({
    page,
    request,
    baseURL,
  }) => {
    await page.getByRole('button', { name: 'Take the Free Assessment' }).click();
    const quiz = page.getByRole('dialog', { name: 'How exposed is your role to AI?' });
    // 3+3+3+3+2+2 of 24 = 16/24 → 67 %
    for (const option of [1, 1, 1, 1, 2, 2]) {
      await quiz.getByRole('radio').nth(option).check();
      await quiz.getByRole('button', { name: /^(Next|Get Results)$/ }).click();
    }
    const result = page.getByRole('dialog', { name: 'Moderate Risk' });
    await expect(result.getByTestId('quiz-score')).toHaveText('67%');
    await result.getByRole('button', { name: 'Book call' }).click();
    await expect(result).toBeHidden();

    const dialog = page.getByRole('dialog', { name: 'Book your free career clarity call' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('67%');
    const name = uniqueName('Quiz Taker');
    await dialog.getByLabel('Full Name').fill(name);
    await dialog.getByLabel('Phone Number').fill('98450 12345');
    await dialog.getByLabel('Current Background').selectOption('college-graduate');
    await dialog.getByRole('button', { name: 'Book My Free Call' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Discovery Call Booked!' })).toBeVisible();

    await signInAsAdmin(request, baseURL ?? '');
    const list = await (await request.get('/api/bookings')).json();
    expect(list.items[0]).toMatchObject({
      fullName: name,
      source: 'quiz',
      quizScore: 67,
      currentStage: 'College Graduate',
    });
  });
});

test.describe('download dialog', () => {
  test.beforeEach(async ({ page }) => {
    await consentAlreadyGiven(page);
    await page.goto('/why-ccc-edu');
  });

  test('validates each field, stores the request and downloads the PDF', async ({ page, request, baseURL }) => {
    await page.getByRole('button', { name: 'Download the Free Guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Executive Career Acceleration Guide' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Download Now' }).click();
    for (const message of [
      'Full name is required',
      'Valid email is required',
      'Valid mobile number is required',
      'Please select your current stage',
    ]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    const name = uniqueName('Guide Reader');
    await dialog.getByLabel('Full Name').fill(name);
    await expect(dialog.getByText('Full name is required')).toBeHidden();
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Mobile Number').fill('98450');
    await dialog.getByRole('button', { name: 'Download Now' }).click();
    await expect(dialog.getByText('Valid email is required')).toBeVisible();
    await expect(dialog.getByText('Valid mobile number is required')).toBeVisible();

    await dialog.getByLabel('Email').fill('reader@example.com');
    await dialog.getByLabel('Mobile Number').fill('98450 12345');
    await dialog.getByLabel('Current Stage').selectOption({ label: 'Mid-Career Professional (5-15 years)' });
    const downloading = page.waitForEvent('download');
    const started = Date.now();
    await dialog.getByRole('button', { name: 'Download Now' }).click();
    await expect(dialog.getByRole('button', { name: 'Preparing Download...' })).toBeDisabled();
    const download = await downloading;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(download.suggestedFilename()).toBe('Executive_Career_Acceleration_Guide.pdf');
    const stream = await download.createReadStream();
    const head = await new Promise<string>((resolve) =>
      stream.once('data', (chunk: Buffer) => resolve(chunk.subarray(0, 5).toString())),
    );
    stream.destroy();
    expect(head).toBe('%PDF-');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Download Started' })).toContainText(
      'Executive Career Acceleration Guide',
    );

    await signInAsAdmin(request, baseURL ?? '');
    const list = await (await request.get('/api/resource-downloads')).json();
    expect(list.items[0]).toMatchObject({
      fullName: name,
      email: 'reader@example.com',
      mobile: '98450 12345',
      currentStage: 'Mid-Career Professional (5-15 years)',
      resourceId: 'executive-guide',
      resourceTitle: 'Executive Career Acceleration Guide',
    });

    // Reopened, the form is reset.
    await page.getByRole('button', { name: 'Download the Free Guide' }).click();
    await expect(dialog.getByLabel('Full Name')).toHaveValue('');
  });

  test('a failure shows the destructive toast and keeps the dialog open', async ({ page }) => {
    await page.route('**/api/resource-downloads', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x"}' }),
    );
    await page.getByRole('button', { name: 'Download the Free Guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Executive Career Acceleration Guide' });
    await dialog.getByLabel('Full Name').fill('Unlucky Reader');
    await dialog.getByLabel('Email').fill('unlucky@example.com');
    await dialog.getByLabel('Mobile Number').fill('9845012345');
    await dialog.getByLabel('Current Stage').selectOption('senior');
    await dialog.getByRole('button', { name: 'Download Now' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Download Failed' })).toContainText(
      'There was an error processing your download. Please try again.',
    );
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Full Name')).toHaveValue('Unlucky Reader');
    await expect(dialog.getByRole('button', { name: 'Download Now' })).toBeEnabled();
  });

  test('clicking the backdrop closes it; an unknown resource shows nothing', async ({ page }) => {
    await page.getByRole('button', { name: 'Download the Free Guide' }).click();
    const dialog = page.getByRole('dialog', { name: 'Executive Career Acceleration Guide' });
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();

    await addTrigger(page, { 'data-download-resource': 'no-such-resource' }, 'Broken Download');
    await page.getByRole('button', { name: 'Broken Download' }).click();
    await page.waitForTimeout(500);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test('the resource cards of /blogs-resources open the download dialog for their resource', async ({ page }) => {
  await consentAlreadyGiven(page);
  await page.goto('/blogs-resources');
  const section = page.locator('#resources');
  for (const title of ['Executive Career Acceleration Guide', 'Corporate Parenting Wellbeing Program Brochure']) {
    await section
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: /^Download/ })
      .click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  }
});

test.describe('cookie consent banner', () => {
  const banner = (page: Page) => page.getByRole('region', { name: 'Your privacy, your choice' });
  const stored = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('cookieConsent') ?? 'null'));

  test('appears about 2 s after load; Accept All stores all four categories', async ({ page }) => {
    await page.goto('/');
    const loaded = Date.now();
    await expect(banner(page)).toBeVisible({ timeout: 8000 });
    expect(Date.now() - loaded).toBeGreaterThan(1000);
    await banner(page).getByRole('button', { name: 'Accept All' }).click();
    await expect(banner(page)).toBeHidden();
    const consent = await stored(page);
    expect(consent).toMatchObject({ essential: true, analytics: true, preferences: true, marketing: true });
    expect(Number.isNaN(Date.parse(consent.timestamp))).toBe(false);

    await page.reload();
    await page.waitForTimeout(3000);
    await expect(banner(page)).toHaveCount(0);
  });

  test('Essential Only stores only essential', async ({ page }) => {
    await page.goto('/contact');
    await banner(page).getByRole('button', { name: 'Essential Only' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toMatchObject({
      essential: true,
      analytics: false,
      preferences: false,
      marketing: false,
    });
  });

  test('Preferences: essential locked on, analytics and preferences on, marketing off; Save stores the choice', async ({
    page,
  }) => {
    await page.goto('/');
    await banner(page).getByRole('button', { name: 'Preferences' }).click();
    const region = banner(page);
    await expect(region.getByRole('checkbox', { name: /Essential/ })).toBeChecked();
    await expect(region.getByRole('checkbox', { name: /Essential/ })).toBeDisabled();
    await expect(region.getByRole('checkbox', { name: /Analytics/ })).toBeChecked();
    await expect(region.getByRole('checkbox', { name: /^Preferences/ })).toBeChecked();
    await expect(region.getByRole('checkbox', { name: /Marketing/ })).not.toBeChecked();
    await region.getByRole('checkbox', { name: /Analytics/ }).uncheck();
    await region.getByRole('checkbox', { name: /Marketing/ }).check();
    await region.getByRole('button', { name: 'Save Preferences' }).click();
    await expect(region).toBeHidden();
    expect(await stored(page)).toMatchObject({ essential: true, analytics: false, preferences: true, marketing: true });
  });

  test('the close button shows on small screens only and hides without saving', async ({ page }) => {
    await page.goto('/');
    await expect(banner(page)).toBeVisible({ timeout: 8000 });
    await expect(banner(page).getByRole('button', { name: 'Close cookie notice' })).toBeHidden();
    await page.setViewportSize({ width: 390, height: 844 });
    await banner(page).getByRole('button', { name: 'Close cookie notice' }).click();
    await expect(banner(page)).toBeHidden();
    expect(await stored(page)).toBeNull();
  });
});

test.describe('newsletter', () => {
  test('subscribes from /blogs-resources once, even when sent twice', async ({ page, request, baseURL }) => {
    await consentAlreadyGiven(page);
    await page.goto('/blogs-resources');
    const form = page.getByTestId('newsletter-form');
    await form.scrollIntoViewIfNeeded();
    await islandReady(page, 'NewsletterForm');
    const email = `leader.${Date.now()}@example.com`;
    await form.getByLabel('Email address').fill('nope');
    await form.getByRole('button', { name: 'Join Leaders' }).click();
    await expect(form.getByText('Enter a valid email address')).toBeVisible();
    await form.getByLabel('Email address').fill(email.toUpperCase());
    await form.getByRole('button', { name: 'Join Leaders' }).click();
    await expect(page.getByTestId('newsletter-thanks')).toContainText(email.toUpperCase());
    await expect(page.getByRole('status').filter({ hasText: 'Welcome aboard!' })).toBeVisible();

    expect(
      (await request.post('/api/newsletter', { data: { email }, headers: { origin: baseURL ?? '' } })).status(),
    ).toBe(200);
    await signInAsAdmin(request, baseURL ?? '');
    const list = await (await request.get('/api/newsletter?limit=100')).json();
    expect(list.items.filter((item: { email: string }) => item.email === email)).toHaveLength(1);
  });
});

test.describe('accessibility of the open dialogs', () => {
  // A dialog fades in over 180 ms; axe measuring contrast mid-fade sees pale text.
  // Reduced motion turns the fade off, so axe sees the colours a reader sees.
  test.use({ reducedMotion: 'reduce' });
  const axe = async (page: Page) =>
    (
      await new AxeBuilder({ page })
        .include('dialog[open], [data-testid="cookie-banner"]')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
        .analyze()
    ).violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );

  test('the call modal, quiz, result, download dialog and cookie banner pass axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('cookie-banner')).toBeVisible({ timeout: 8000 });
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Preferences' }).click();
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: 'Accept All' }).click();
    await page.getByRole('navigation').getByRole('link', { name: 'Book A Free Call' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axe(page)).toEqual([]);
    // Not the download dialog: a stray click on the backdrop keeps a half-filled form.
    await page.mouse.click(5, 5);
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('button', { name: 'Take the Free Assessment' }).click();
    await page.getByRole('radio').first().check();
    expect(await axe(page)).toEqual([]);
    for (let question = 0; question < 6; question += 1) {
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: /^(Next|Get Results)$/ }).click();
    }
    await expect(page.getByRole('dialog', { name: 'Safe for Now' })).toBeVisible();
    expect(await axe(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/corporate-parenting-wellbeing');
    await page.getByRole('button', { name: 'Download Our Corporate Brochure' }).click();
    const dialog = page.getByRole('dialog', { name: 'Corporate Parenting Wellbeing Program Brochure' });
    await dialog.getByRole('button', { name: 'Download Now' }).click();
    await expect(dialog.getByText('Full name is required')).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });
});
