import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { watchConsole } from './support/console';

const visibleCards = (page: Page) =>
  page
    .locator('#packages [data-package-card]:visible')
    .evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.packageCard));

test.describe('every public page is complete HTML', () => {
  const pages: Array<{ path: string; h1: RegExp; ids?: string[]; texts: string[] }> = [
    {
      path: '/',
      h1: /From Confusion to Clarity/,
      ids: ['about', 'packages', 'contact'],
      texts: [
        'Why choose us',
        'AI Career Vulnerability Assessment',
        'Our approach',
        'Premium services',
        'Meet ',
        '3,50,000+',
        'Most Popular',
        '₹10,599',
      ],
    },
    {
      path: '/why-ccc-edu',
      h1: /other side of the table/,
      texts: [
        '3,725',
        '150',
        '24',
        '94',
        'What makes us different',
        'Why not others',
        'Corporate solutions',
        'Executive Assessment',
        'Strategic Career Architecture',
        'Executive Coaching Sessions',
        'Ongoing Leadership Support',
        'Executive Career Acceleration Guide',
        'data-download-resource="executive-guide"',
        'href="/corporate-parenting-wellbeing"',
      ],
    },
    {
      path: '/corporate-parenting-wellbeing',
      h1: /comes to work with them/,
      ids: ['offerings', 'roi-metrics', 'corporate-enquiry', 'contact'],
      texts: [
        'For CHROs and HR leaders',
        'Who it is for',
        'Why it matters',
        '₹2.3 Cr',
        'Questions HR leaders ask us',
        'Schedule Corporate Consultation',
        'href="#corporate-enquiry"',
        'Schedule a corporate consultation',
        'data-download-resource="corporate-brochure"',
        'Download Full ROI Case Study',
      ],
    },
    {
      path: '/how-it-works',
      h1: /career plan you believe in/,
      texts: [
        'Initial Consultation',
        '10-15 minutes',
        'Psychometric Assessment',
        '2-3 hours',
        'Career Coaching Sessions',
        '1-3 sessions',
        'Ongoing Support &amp; Guidance',
        'Why our process works',
        'data-book-package="ascend"',
        'data-book-package="ascend-plus"',
        '₹6,499',
        '₹10,599',
        'Success metrics',
        'href="mailto:',
        'href="https://wa.me/',
      ],
    },
    {
      path: '/contact',
      h1: /where you want to go/,
      ids: ['contact', 'faq'],
      texts: [
        'Services &amp; Pricing',
        'Process &amp; Methodology',
        'Booking &amp; Scheduling',
        'Privacy &amp; Security',
        'Support &amp; Contact',
        'href="tel:',
        'href="mailto:',
      ],
    },
    {
      path: '/thank-you',
      h1: /Thank You for Your Interest!/,
      texts: [
        'Your discovery call request has been successfully submitted.',
        'What happens next',
        'Monday to Friday, 9:00 AM-6:00 PM IST',
        'href="/blogs-resources"',
      ],
    },
  ];

  for (const entry of pages) {
    test(`${entry.path} renders its sections`, async ({ page, request }) => {
      const response = await request.get(entry.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      for (const text of entry.texts.filter(Boolean))
        expect(html, `${entry.path} should contain ${text}`).toContain(text);
      for (const id of entry.ids ?? []) expect(html).toContain(`id="${id}"`);

      const problems = watchConsole(page);
      await page.goto(entry.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.h1);
      for (const id of entry.ids ?? []) await expect(page.locator(`#${id}`)).toHaveCount(1);
      expect(problems).toEqual([]);
    });
  }

  test('the home sections come in the order of the spec', async ({ page }) => {
    await page.goto('/');
    const headings = await page.locator('main h2').allTextContents();
    const order = [
      'Career advice from someone',
      'AI is rewriting',
      'From confusion to clarity',
      'Everything you need',
      'Meet ',
      'Choose the programme',
      'Start with a free career clarity call',
      'Backed by the',
    ];
    const positions = order.map((start) => headings.findIndex((text) => text.startsWith(start)));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    await expect(page.getByRole('link', { name: 'Discover Your Path' })).toHaveAttribute('href', '/?section=packages');
    await expect(page.getByRole('link', { name: 'Free Career Clarity Call' })).toHaveAttribute(
      'data-open-call',
      'hero',
    );
    await expect(page.getByRole('button', { name: 'Take the Free Assessment' })).toHaveAttribute('data-open-quiz', '');
    const about = page.locator('#about');
    await expect(about.getByRole('link', { name: 'Find My Career Path' })).toHaveAttribute(
      'href',
      '/?section=packages',
    );
    await expect(about.getByRole('link', { name: 'Book a Free Call' })).toHaveAttribute('data-open-call', 'about');
  });
});

test('audience tabs filter the packages, Freshers first', async ({ page }) => {
  await page.goto('/');
  const tabs = page.getByRole('tablist', { name: 'Who the programme is for' });
  await expect(tabs.getByRole('tab', { name: /Freshers/ })).toHaveAttribute('aria-selected', 'true');
  expect(await visibleCards(page)).toEqual(['ascend', 'ascend-plus', 'life-coaching']);
  await expect(page.locator('[data-package-card="ascend-plus"]').getByText('Most Popular')).toBeVisible();

  await tabs.getByRole('tab', { name: /Students/ }).click();
  await expect(tabs.getByRole('tab', { name: /Students/ })).toHaveAttribute('aria-selected', 'true');
  await expect(tabs.getByRole('tab', { name: /Freshers/ })).toHaveAttribute('aria-selected', 'false');
  expect(await visibleCards(page)).toEqual(['discover', 'discover-plus', 'achieve', 'achieve-plus']);
  await expect(page.locator('[data-package-card="discover-plus"]')).toContainText('₹15,000');

  await tabs.getByRole('tab', { name: /Senior/ }).click();
  expect(await visibleCards(page)).toEqual(['senior-transition', 'life-coaching']);
  await expect(page.locator('[data-package-card="senior-transition"]')).toContainText('Price on consultation');

  // Keyboard: arrow keys move the selection like any tablist.
  await tabs.getByRole('tab', { name: /Senior/ }).press('ArrowLeft');
  await expect(tabs.getByRole('tab', { name: /Middle/ })).toBeFocused();
  await expect(tabs.getByRole('tab', { name: /Middle/ })).toHaveAttribute('aria-selected', 'true');
  expect(await visibleCards(page)).toEqual(['ascend', 'ascend-plus', 'life-coaching']);

  const book = page.locator('[data-package-card="ascend"] a');
  await expect(book).toHaveAttribute('data-book-package', 'ascend');
});

test('pillar slides change from their cards and from the dots', async ({ page }) => {
  await page.goto('/');
  const pillars = page.locator('[data-pillars]');
  await expect(pillars.getByRole('tabpanel')).toHaveCount(1);
  await expect(pillars.getByRole('tabpanel')).toContainText('Start from evidence');
  await pillars.getByRole('tab', { name: /Direction/ }).click();
  await expect(pillars.getByRole('tabpanel')).toContainText('Turn insight into a plan');
  await pillars.getByRole('button', { name: /Slide 3 of 3/ }).click();
  await expect(pillars.getByRole('tabpanel')).toContainText('Show up ready');
  await expect(pillars.getByRole('tab', { name: /Impact/ })).toHaveAttribute('aria-selected', 'true');
  await expect(pillars.getByRole('button', { name: /Slide 3 of 3/ })).toHaveAttribute('aria-current', 'true');
});

test.describe('section scrolling', () => {
  test('a footer service link on another page lands on the home packages', async ({ page }) => {
    await page.goto('/how-it-works');
    await page.locator('footer').getByRole('link', { name: 'Life Coaching' }).click();
    await expect(page).toHaveURL(/\/#packages$/);
    await expect(page.locator('#packages h2')).toBeInViewport();
  });

  test('?section= scrolls to the named section', async ({ page }) => {
    await page.goto('/?section=packages');
    await expect(page.locator('#packages h2')).toBeInViewport();
    await page.goto('/?section=about');
    await expect(page.locator('#about h2')).toBeInViewport();
  });

  test('a section that appears late is still reached', async ({ page }) => {
    // Rename #contact as the parser creates it, before any page script runs, and restore it 10 frames later.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const contact = document.getElementById('contact');
        if (!contact) return;
        observer.disconnect();
        contact.id = 'contact-later';
        (window as unknown as { contactHidden: boolean }).contactHidden = true;
        let frames = 0;
        const tick = () => {
          if (++frames < 10) requestAnimationFrame(tick);
          else contact.id = 'contact';
        };
        requestAnimationFrame(tick);
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/?section=contact');
    expect(await page.evaluate(() => (window as unknown as { contactHidden?: boolean }).contactHidden)).toBe(true);
    await expect(page.locator('#contact h2')).toBeInViewport();
  });

  test('corporate buttons scroll to their anchors', async ({ page }) => {
    await page.goto('/corporate-parenting-wellbeing');
    await page.getByRole('link', { name: 'Explore the Offerings' }).click();
    await expect(page.locator('#offerings h2')).toBeInViewport();
    await page.getByRole('link', { name: 'See the ROI Metrics' }).click();
    await expect(page.locator('#roi-metrics h2')).toBeInViewport();
  });
});

test.describe('why-us counters', () => {
  test('wait 1 s, then count up over 2 s to their targets', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-01-05T10:00:00+05:30') });
    // The counters start from 0 when the page's behaviours run, after the first paint; note
    // that moment on the page's (fake) clock, then stop the clock 0.9 s after it.
    await page.addInitScript(() => {
      new MutationObserver((_changes, observer) => {
        if (document.querySelector('[data-counter="professionals"]')?.textContent !== '0') return;
        (window as unknown as { countersReset: number }).countersReset = Date.now();
        observer.disconnect();
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/why-ccc-edu');
    const reset = await page.evaluate(() => (window as unknown as { countersReset?: number }).countersReset);
    expect(reset).toBeDefined();
    await page.clock.pauseAt(reset! + 900);
    const professionals = page.locator('[data-counter="professionals"]');
    await expect(professionals).toHaveText('0');
    await page.clock.runFor(1100);
    const midway = Number((await professionals.textContent())?.replace(/,/g, ''));
    expect(midway).toBeGreaterThan(0);
    expect(midway).toBeLessThan(3725);
    await page.clock.runFor(1200);
    await expect(professionals).toHaveText('3,725');
    await expect(page.locator('[data-counter="partners"]')).toHaveText('150');
    await expect(page.locator('[data-counter="years"]')).toHaveText('24');
    await expect(page.locator('[data-counter="success"]')).toHaveText('94');
  });

  test('show the final numbers at once with reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/why-ccc-edu');
    await expect(page.locator('[data-counter="professionals"]')).toHaveText('3,725');
    await expect(page.locator('[data-counter="success"]')).toHaveText('94');
  });
});

test('FAQ switches categories and answers open and close on their own', async ({ page }) => {
  await page.goto('/contact');
  const faq = page.locator('#faq');
  await expect(faq.getByRole('tab', { name: /Services & Pricing/ })).toHaveAttribute('aria-selected', 'true');
  const panel = faq.getByRole('tabpanel');
  await expect(panel).toHaveCount(1);
  await expect(panel.locator('summary')).toHaveCount(4);
  await expect(panel).toContainText('What services does');

  await faq.getByRole('tab', { name: /Privacy & Security/ }).click();
  await expect(faq.getByRole('tabpanel')).toHaveAttribute('id', 'faq-panel-privacy-and-security');
  const answers = faq.getByRole('tabpanel').locator('details');
  await expect(answers).toHaveCount(4);
  await answers.nth(0).locator('summary').click();
  await answers.nth(2).locator('summary').click();
  await expect(answers.nth(0)).toHaveAttribute('open', '');
  await expect(answers.nth(2)).toHaveAttribute('open', '');
  await answers.nth(0).locator('summary').click();
  await expect(answers.nth(0)).not.toHaveAttribute('open');
  await expect(answers.nth(2)).toHaveAttribute('open', '');
  await expect(faq.getByRole('link', { name: /^Call / })).toHaveAttribute('href', /^tel:/);
  await expect(faq.getByRole('link', { name: /^E-mail / })).toHaveAttribute('href', /^mailto:/);
});

test.describe('thank-you variants', () => {
  test('default: discovery call request', async ({ page }) => {
    await page.goto('/thank-you');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Your Interest!');
    await expect(page.getByText('Your discovery call request has been successfully submitted.')).toBeVisible();
    await expect(page.locator('main ol > li')).toHaveCount(3);
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  test('a crafted investment link shows the neutral thank-you, never a fake receipt', async ({ page }) => {
    await page.goto('/thank-you?type=investment&amount=10599');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Your Interest!');
    await expect(page.getByText('Your discovery call request has been successfully submitted.')).toBeVisible();
    await expect(page.getByText(/has been processed successfully/)).toBeHidden();

    // Ids shaped like Razorpay's but unknown to the server: it looks them up and says no.
    const lookup = page.waitForResponse((response) => response.url().includes('/api/payment-receipt'));
    await page.goto('/thank-you?type=investment&order=order_Made0Up0Order1&payment=pay_Made0Up0Payment1');
    expect((await lookup).status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Your Interest!');
    await expect(page.getByText(/has been processed successfully/)).toBeHidden();
  });

  test('hostile query values inject nothing', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs += 1;
      void dialog.dismiss();
    });
    const hostile = encodeURIComponent('<img src=x onerror=alert(1)>');
    await page.goto(`/thank-you?type=investment&amount=${hostile}&order=${hostile}&payment=${hostile}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You for Your Interest!');
    await expect(page.locator('main img')).toHaveCount(0);
    expect(await page.locator('main').textContent()).not.toContain('onerror');
    expect(dialogs).toBe(0);
  });
});

test('the ROI case-study button alerts that it is coming and how to reach us', async ({ page }) => {
  await page.goto('/corporate-parenting-wellbeing');
  const message = new Promise<string>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    });
  });
  await page.getByRole('button', { name: 'Download Full ROI Case Study' }).click();
  const text = await message;
  expect(text).toContain('available soon');
  expect(text).toContain('hello@cccedu.example');
  expect(text).toContain('+91 98765 43210');
});

test('section links on the page that holds the section scroll in place without a reload', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByRole('link', { name: 'Discover Your Path' }).click();
  await expect(page).toHaveURL(/\/\?section=packages$/);
  await expect(page.locator('#packages h2')).toBeInViewport();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
