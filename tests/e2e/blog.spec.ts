import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { signInAsAdmin } from './support/admin';
import { watchConsole } from './support/console';
import { watchCsp } from './support/csp';

interface ApiPost {
  id: string;
  title: string;
  publishedAt: string | null;
}

const body = {
  excerpt: 'A short, practical article written for this end-to-end test of the blog.',
  content: 'The first paragraph of the article.\n\nThe second paragraph, with <strong>bold advice</strong>.',
  category: 'Mentorship',
};

async function admin(request: APIRequestContext, baseURL: string | undefined) {
  await signInAsAdmin(request, baseURL ?? '');
  const headers = { origin: baseURL ?? '' };
  return {
    create: async (data: Record<string, unknown>): Promise<ApiPost> => {
      const response = await request.post('/api/blog-posts', { data: { ...body, ...data }, headers });
      expect(response.status()).toBe(201);
      return response.json();
    },
    update: (id: string, data: Record<string, unknown>) =>
      request.put(`/api/blog-posts/${id}`, { data: { ...body, ...data }, headers }),
    remove: (id: string) => request.delete(`/api/blog-posts/${id}`, { headers }),
  };
}

test('the listing shows MDX and storage posts as one blog, newest first, in the HTML', async ({
  page,
  request,
  baseURL,
}) => {
  // Several calls through the local functions emulator, which is slow on a busy machine.
  test.slow();
  const problems = watchConsole(page);
  const api = await admin(request, baseURL);
  const created = await api.create({ title: `Listing Order Check ${Date.now()}` });

  const html = await (await request.get('/blogs-resources')).text();
  expect(html).toContain(created.title);
  expect(html).toContain('How to Prepare for a Psychometric Career Assessment');

  await page.goto('/blogs-resources');
  const cards = page.locator('article[data-post-id]');
  await expect(cards.first()).toHaveAttribute('data-post-id', created.id);
  const sources = await cards.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-source')));
  expect(new Set(sources)).toEqual(new Set(['mdx', 'storage']));
  const dates = await cards
    .locator('time')
    .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
  expect(dates.length).toBeGreaterThanOrEqual(7);
  expect([...dates].sort((a, b) => b - a)).toEqual(dates);

  const first = cards.first();
  await expect(first.getByText('Mentorship')).toBeVisible();
  await expect(first.getByText('Anjali Mehra')).toBeVisible();
  await first.getByRole('link', { name: /Read More/ }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${created.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(created.title);
  expect(problems).toEqual([]);
});

test('an MDX post page carries its metadata, social tags and Article JSON-LD', async ({ page }) => {
  const problems = watchConsole(page);
  const response = await page.goto('/blog/the-executive-transition');
  expect(response?.status()).toBe(200);
  const title = 'The Executive Transition: Moving Into Your Next Senior Role With Intent';
  await expect(page).toHaveTitle(`${title} | CCC Edu`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('link', { name: /Back to Blog/ })).toHaveAttribute('href', '/blogs-resources');
  await expect(page.locator('.post-header')).toContainText('Leadership');
  await expect(page.locator('.post-header')).toContainText('By Anjali Mehra');
  await expect(page.locator('.post-header time')).toHaveText('2 September 2026');
  await expect(page.locator('.post-header')).toContainText(/\d+ min read/);
  await expect(page.locator('[data-post-content] h2').first()).toBeVisible();

  const head = page.locator('head');
  await expect(head.locator('meta[name="description"]')).toHaveAttribute(
    'content',
    /^For senior professionals and CXOs/,
  );
  await expect(head.locator('meta[name="keywords"]')).toHaveAttribute('content', /executive career transition/);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\/the-executive-transition$/);
  await expect(head.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(head.locator('meta[name="twitter:title"]')).toHaveAttribute('content', `${title} | CCC Edu`);
  await expect(head.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');

  const jsonLd = JSON.parse((await head.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd).toMatchObject({
    '@type': 'Article',
    headline: title,
    datePublished: '2026-09-02T00:00:00.000Z',
    author: { name: 'Anjali Mehra' },
    publisher: { '@type': 'Organization', name: 'CCC Edu' },
  });
  expect(jsonLd.image[0]).toMatch(/^https?:\/\/.+\.jpg$/);
  expect(problems).toEqual([]);
});

test('a code block in an MDX post is highlighted by classes, with nothing the CSP blocks', async ({ page }) => {
  const violations = await watchCsp(page);
  const problems = watchConsole(page);
  await page.goto('/blog/ai-and-your-career-what-to-learn-next');
  await page.waitForLoadState('networkidle');
  // Colours from the stylesheet: no inline style for the page's CSP to refuse.
  expect(violations).toEqual([]);
  expect(problems).toEqual([]);
  const block = page.locator('[data-post-content] pre').filter({ hasText: 'GROUP BY department' });
  await expect(block.locator('[style]')).toHaveCount(0);
  await expect(block).toHaveClass(/language-sql/);
  await expect(block.locator('.token.keyword').filter({ hasText: 'SELECT' })).toHaveCSS('color', 'rgb(251, 191, 36)');
  await expect(block.locator('.token.comment')).toHaveCSS('font-style', 'italic');
});

test('a post written through the API appears, changes and disappears on the public pages', async ({
  page,
  request,
  baseURL,
}) => {
  // Several calls through the local functions emulator, which is slow on a busy machine.
  test.slow();
  const api = await admin(request, baseURL);
  const title = `Lifecycle Post ${Date.now()}`;
  const created = await api.create({ title, content: 'Original wording of the post.\n\nA second paragraph.' });

  await page.goto('/blogs-resources');
  await expect(page.locator(`article[data-post-id="${created.id}"]`)).toBeVisible();
  await page.goto(`/blog/${created.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('[data-post-content] p')).toHaveText([
    'Original wording of the post.',
    'A second paragraph.',
  ]);
  await expect(page.locator('.post-header')).toContainText('1 min read');

  expect(
    (
      await api.update(created.id, { title: `${title} (revised)`, content: 'Revised wording after feedback.' })
    ).status(),
  ).toBe(200);
  await page.goto(`/blog/${created.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${title} (revised)`);
  await expect(page.locator('[data-post-content]')).toHaveText('Revised wording after feedback.');
  await page.goto('/blogs-resources');
  await expect(page.locator(`article[data-post-id="${created.id}"] h3`)).toHaveText(`${title} (revised)`);

  expect((await api.remove(created.id)).status()).toBe(200);
  const gone = await page.goto(`/blog/${created.id}`);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog Post Not Found');
  await page.getByRole('link', { name: 'Back to Blog' }).click();
  await expect(page).toHaveURL(/\/blogs-resources$/);
  await expect(page.locator(`article[data-post-id="${created.id}"]`)).toHaveCount(0);
});

test('an unknown post id answers 404 with a way back', async ({ page }) => {
  const response = await page.goto('/blog/this-post-does-not-exist');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog Post Not Found');
  await expect(page.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blogs-resources');
  await page.goto('/blog');
  await expect(page).toHaveURL(/\/blogs-resources$/);
});

test('Share copies the link and says so when the device cannot share', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL ?? '' });
  await page.addInitScript(() => {
    // Desktop browsers without the Web Share API take the clipboard path.
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
  });
  await page.goto('/blog/planning-a-mid-career-pivot');
  // The alert can open while the click is still settling: accept it from a handler,
  // or the click waits for a page the alert blocks.
  const messages: string[] = [];
  page.on('dialog', async (dialog) => {
    messages.push(dialog.message());
    await dialog.accept();
  });
  await page.getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => messages).toEqual(['Article link copied to clipboard!']);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/blog\/planning-a-mid-career-pivot$/);
});

test('Share uses the device share sheet when there is one', async ({ page }) => {
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.defineProperty(window, '__shared', { value: shared });
    Object.defineProperty(Navigator.prototype, 'share', {
      value: async (data: unknown) => void shared.push(data),
      configurable: true,
    });
  });
  await page.goto('/blog/planning-a-mid-career-pivot');
  await page.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shared: { title: string; url: string }[] }).__shared))
    .toEqual([
      expect.objectContaining({
        title: 'Planning a Mid-Career Pivot Without Starting From Zero',
        url: expect.stringMatching(/\/blog\/planning-a-mid-career-pivot$/),
      }),
    ]);
});

test('the call to action scrolls up and then shows how to reach us', async ({ page }) => {
  await page.goto('/blog/your-first-job-after-college');
  const button = page.getByRole('button', { name: 'Get In Touch' });
  await button.scrollIntoViewIfNeeded();
  const alerts: { message: string; at: number }[] = [];
  page.on('dialog', async (dialog) => {
    alerts.push({ message: dialog.message(), at: Date.now() });
    await dialog.accept();
  });
  const clickedAt = Date.now();
  await button.click();
  await expect.poll(() => alerts.length).toBe(1);
  expect(alerts[0]!.at - clickedAt).toBeGreaterThanOrEqual(450);
  expect(alerts[0]!.message).toContain('hello@cccedu.example');
  expect(alerts[0]!.message).toContain('+91 98765 43210');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(page.locator('[data-open-call="blog-post"]')).toBeVisible();
});

test('a cover image that fails to load is hidden', async ({ page, request, baseURL }) => {
  // Several calls through the local functions emulator, which is slow on a busy machine.
  test.slow();
  const api = await admin(request, baseURL);
  const created = await api.create({ title: `Broken Cover ${Date.now()}`, imageUrl: '/no-such-cover.jpg' });
  await page.goto(`/blog/${created.id}`);
  await expect(page.locator('[data-image-frame]')).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('drafts appear nowhere public', async ({ page, request, baseURL }) => {
  // Several calls through the local functions emulator, which is slow on a busy machine.
  test.slow();
  const api = await admin(request, baseURL);
  const draft = await api.create({ title: `Secret Draft ${Date.now()}`, draft: true });
  const mdxDraft = 'negotiating-your-salary-after-an-appraisal';

  // A visitor's request context has no session cookie.
  const visitor = await (await import('@playwright/test')).request.newContext({ baseURL: baseURL ?? '' });
  for (const path of ['/blogs-resources', '/sitemap.xml', '/rss.xml', '/api/blog-posts']) {
    const text = await (await visitor.get(path)).text();
    expect(text, path).not.toContain(draft.id);
    expect(text, path).not.toContain(mdxDraft);
  }
  expect((await visitor.get(`/api/blog-posts/${draft.id}`)).status()).toBe(404);
  await visitor.dispose();

  for (const id of [draft.id, mdxDraft]) {
    const response = await page.goto(`/blog/${id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blog Post Not Found');
  }

  // Publishing the draft makes it public at once.
  expect((await api.update(draft.id, { title: draft.title, draft: false })).status()).toBe(200);
  expect((await page.goto(`/blog/${draft.id}`))?.status()).toBe(200);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`/blog/${draft.id}</loc>`);
  const feed = await (await request.get('/rss.xml')).text();
  expect(feed).toContain(draft.title);
});

test('sitemap, feed and robots.txt are served for crawlers', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  expect(xml).toContain('/blog/choosing-your-stream-after-class-10</loc>');
  expect(xml).toContain('/blogs-resources</loc>');
  const feed = await request.get('/rss.xml');
  expect(await feed.text()).toContain(
    '<title>Science, Commerce or Humanities? Choosing Your Stream After Class 10</title>',
  );
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
});

test('on-demand blog pages tell the CDN to cache under blog tags, and the browser to revalidate', async ({
  request,
}) => {
  const listing = await request.get('/blogs-resources');
  expect(listing.headers()['netlify-cache-tag']).toBe('blog');
  expect(listing.headers()['netlify-cdn-cache-control']).toContain('durable');
  expect(listing.headers()['cache-control']).toContain('must-revalidate');
  const missing = await request.get('/blog/not-yet-written');
  expect(missing.headers()['netlify-cache-tag']).toBe('blog,blog-post-not-yet-written');
});

test('the listing and a post page have no serious accessibility problems', async ({ page }) => {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  for (const path of ['/blogs-resources', '/blog/choosing-your-stream-after-class-10', '/blog/no-such-post']) {
    await page.goto(path);
    const { violations } = await new AxeBuilder({ page }).include('main').analyze();
    const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map(
        (violation) => `${path}: ${violation.id} ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  }
});
