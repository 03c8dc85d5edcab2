import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { signInAsAdmin } from './support/admin';

// The blog tab of the admin (issue 10) in real Chromium against the production build.
// So far: storage posts are previewed and deleted through the dialog; MDX posts are view-only.

interface ApiPost {
  id: string;
  title: string;
}

async function createPost(request: APIRequestContext, baseURL: string, title: string, draft = false): Promise<ApiPost> {
  await signInAsAdmin(request, baseURL);
  const response = await request.post('/api/blog-posts', {
    data: {
      title,
      excerpt: 'A short, practical article written for the end-to-end test of the admin blog tab.',
      content: 'The first paragraph.\n\nThe second paragraph.',
      category: 'Mentorship',
      draft,
    },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(201);
  return response.json();
}

async function openBlogTab(page: Page): Promise<void> {
  await page.goto('/admin/bookings#blog');
  await expect(page).toHaveURL(/\/admin\/login\?next=/);
  await page.getByLabel('Password').fill('admin');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/bookings#blog$/);
  await expect.poll(() => page.locator('astro-island[component-url*="AdminDashboard"]').evaluate((element) => element.hasAttribute('ssr')), { timeout: 30_000 }).toBe(false);
}

const postRow = (page: Page, title: string) => page.getByRole('tabpanel').getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('a storage post is deleted through the confirm dialog and is gone from the public blog', async ({ page, request, baseURL }) => {
  test.slow();
  const title = `Admin delete check ${Date.now()}`;
  const post = await createPost(request, baseURL ?? '', title);
  expect((await page.request.get(`/blog/${post.id}`)).status()).toBe(200);

  await openBlogTab(page);
  const row = postRow(page, title);
  await expect(row.getByRole('link', { name: `View “${title}” (opens in a new tab)` })).toHaveAttribute('href', `/blog/${post.id}`);
  const deleteButton = row.getByRole('button', { name: `Delete “${title}”` });

  // Escape keeps the post and gives focus back to the button that asked.
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
  await expect(dialog).toContainText(`Are you sure you want to delete "${title}"? This action cannot be undone.`);
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  expect((await page.request.get(`/blog/${post.id}`)).status()).toBe(200);

  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('toaster')).toContainText('Blog Deleted Successfully!');
  await expect(dialog).toBeHidden();
  await expect(postRow(page, title)).toHaveCount(0);
  expect((await page.request.get(`/blog/${post.id}`)).status()).toBe(404);
  const listing = await (await page.request.get('/blogs-resources')).text();
  expect(listing).not.toContain(title);
});

test('a draft offers its owner-only preview; MDX posts are view-only', async ({ page, request, baseURL }) => {
  const title = `Admin draft check ${Date.now()}`;
  const draft = await createPost(request, baseURL ?? '', title, true);
  await openBlogTab(page);
  const row = postRow(page, title);
  await expect(row.getByRole('link', { name: `Preview “${title}” (opens in a new tab)` })).toHaveAttribute('href', `/blog/${draft.id}`);
  const mdx = page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: 'From git (MDX), view only' }).first();
  await expect(mdx.getByRole('link', { name: /^(View|Preview) / })).toBeVisible();
  await expect(mdx.getByRole('button', { name: /^Delete / })).toHaveCount(0);
});

for (const width of [390, 1280]) {
  test(`the blog tab and the delete question at ${width} px, axe clean`, async ({ page, request, baseURL }) => {
    await page.setViewportSize({ width, height: 900 });
    const title = `Admin screenshot post ${width} ${Date.now()}`;
    await createPost(request, baseURL ?? '', title);
    await openBlogTab(page);
    await expect(postRow(page, title)).toBeVisible();
    await page.screenshot({ path: `test-results/admin-blog-tab-${width}.png` });
    await postRow(page, title).getByRole('button', { name: /^Delete / }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `test-results/admin-blog-delete-${width}.png` });
    const { violations } = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
  });
}
