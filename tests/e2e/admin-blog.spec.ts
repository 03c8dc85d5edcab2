import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page, request as playwrightRequest } from '@playwright/test';
import { expect, test } from './support/test';
import { GENERATION_MEMORY_KEY } from '../../src/islands/admin/blog/generationMemory';
import { AI_NOT_CONFIGURED } from '../../src/lib/schemas/aiDrafting';
import { signInAsAdmin } from './support/admin';
import { startFreshServer } from './support/fresh-server';
import { e2ePort } from './support/ports';

// The blog tab of the admin in real Chromium against the production build:
// writing, editing, publishing and deleting posts, and AI drafting against the fake OpenAI server.

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
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/bookings#blog$/);
  await expect
    .poll(
      () =>
        page
          .locator('astro-island[component-url*="AdminDashboard"]')
          .evaluate((element) => element.hasAttribute('ssr')),
      { timeout: 30_000 },
    )
    .toBe(false);
}

/** What a visitor without a session gets at a path. */
async function publicGet(baseURL: string, path: string): Promise<{ status: number; text: string }> {
  const visitor = await playwrightRequest.newContext({ baseURL });
  try {
    const response = await visitor.get(path);
    return { status: response.status(), text: await response.text() };
  } finally {
    await visitor.dispose();
  }
}

interface AdminListedPost {
  id: string;
  title: string;
  draft: boolean;
  content: string;
}

/** The posts as the signed-in page sees them (drafts included). */
async function adminPosts(page: Page): Promise<AdminListedPost[]> {
  const response = await page.request.get('/api/blog-posts');
  expect(response.ok()).toBe(true);
  return response.json();
}

/** Counts the POSTs the page sends to a path, to prove that nothing was sent. */
function countPosts(page: Page, path: string): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) count += 1;
  });
  return () => count;
}

const editorDialog = (page: Page) =>
  page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Close the editor' }) });
const toaster = (page: Page) => page.getByTestId('toaster');

async function openNewEditor(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Create New Blog' }).click();
  await expect(page.getByRole('dialog', { name: 'Write a new post' })).toBeVisible();
  // Not by name: the editor is renamed once an AI draft turns it into that draft's editor.
  return editorDialog(page);
}

const postRow = (page: Page, title: string) =>
  page
    .getByTestId('admin-view')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });

test('a storage post is deleted through the confirm dialog and is gone from the public blog', async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const title = `Admin delete check ${Date.now()}`;
  const post = await createPost(request, baseURL ?? '', title);
  expect((await page.request.get(`/blog/${post.id}`)).status()).toBe(200);

  await openBlogTab(page);
  const row = postRow(page, title);
  await expect(row.getByRole('link', { name: `View “${title}” (opens in a new tab)` })).toHaveAttribute(
    'href',
    `/blog/${post.id}`,
  );
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
  await expect(row.getByRole('link', { name: `Preview “${title}” (opens in a new tab)` })).toHaveAttribute(
    'href',
    `/blog/${draft.id}`,
  );
  const mdx = page
    .getByTestId('admin-view')
    .getByRole('listitem')
    .filter({ hasText: 'From git (MDX), view only' })
    .first();
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
    await postRow(page, title)
      .getByRole('button', { name: /^Delete / })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete this post?' });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `test-results/admin-blog-delete-${width}.png` });
    const { violations } = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
  });
}

test('a post is written, published and edited through the editor, each step on the public blog', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const stamp = Date.now();
  const title = `Editor lifecycle ${stamp}`;
  const site = baseURL ?? '';
  await openBlogTab(page);
  const opener = page.getByRole('button', { name: 'Create New Blog' });
  const dialog = await openNewEditor(page);
  await expect(dialog.getByRole('form', { name: 'Post' }).getByLabel('Category')).toHaveValue('Career Development');

  // Required fields: errors under each, tied to the field, nothing sent.
  const saves = countPosts(page, '/api/blog-posts');
  await dialog.getByRole('button', { name: 'Save post' }).click();
  for (const [label, message] of [
    ['Title', 'Title is required'],
    ['Excerpt', 'Excerpt is required'],
    ['Content', 'Content is required'],
  ] as const) {
    const field = dialog.getByRole('textbox', { name: label, exact: true });
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(message));
  }
  await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toBeFocused();
  await dialog.getByLabel('Image URL (optional)').fill('http://insecure.example/cover.jpg');
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
  await dialog.getByLabel('Excerpt').fill('How to weigh an offer against the role you have, before you say yes.');
  await dialog
    .getByRole('textbox', { name: 'Content', exact: true })
    .fill('## Before you say yes\n\nList what the new role **changes** for you.\n\n- Money\n- Growth');
  await dialog.getByRole('button', { name: 'Save post' }).click();
  await expect(dialog.getByLabel('Image URL (optional)')).toHaveAttribute('aria-invalid', 'true');
  expect(saves()).toBe(0);
  await dialog.getByLabel('Image URL (optional)').fill('');

  // The live preview is the server's rendering of the Markdown.
  const preview = dialog.getByTestId('editor-preview');
  await expect(preview.getByRole('heading', { name: 'Before you say yes' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('changes');
  await expect(preview.getByRole('listitem')).toHaveCount(2);

  // Saved as a draft: stored, not public.
  await dialog.getByRole('switch', { name: 'Published' }).uncheck();
  await dialog.getByRole('button', { name: 'Save post' }).click();
  await expect(toaster(page)).toContainText('Blog Created');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  const stored = (await adminPosts(page)).filter((post) => post.title === title);
  expect(stored).toHaveLength(1);
  const id = stored[0]!.id;
  expect(stored[0]!.draft).toBe(true);
  expect((await publicGet(site, `/blog/${id}`)).status).toBe(404);
  await expect(postRow(page, title)).toContainText('Draft');

  // Published through Edit, with a new title: the same post, now public.
  const edited = `${title} (published)`;
  await postRow(page, title)
    .getByRole('button', { name: `Edit “${title}”` })
    .click();
  const editDialog = page.getByRole('dialog', { name: `Edit “${title}”` });
  await expect(editDialog.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
  await expect(editDialog.getByRole('form', { name: 'Generate a draft with AI' })).toHaveCount(0);
  await editDialog.getByRole('textbox', { name: 'Title', exact: true }).fill(edited);
  await editDialog.getByRole('switch', { name: 'Published' }).check();
  await editDialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toaster(page)).toContainText('Blog Updated');
  await expect(editDialog).toBeHidden();
  const row = postRow(page, edited);
  await expect(row).toContainText(/Published \d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(row.getByRole('button', { name: `Edit “${edited}”` })).toBeFocused();
  const page200 = await publicGet(site, `/blog/${id}`);
  expect(page200.status).toBe(200);
  expect(page200.text).toContain(edited);
  expect(page200.text).toContain('Before you say yes');
  expect((await publicGet(site, '/blogs-resources')).text).toContain(edited);
  expect((await adminPosts(page)).filter((post) => post.id === id)).toHaveLength(1);
});

test('closing with unsaved changes asks first; Escape and Cancel keep the work until discarded', async ({ page }) => {
  await openBlogTab(page);
  const opener = page.getByRole('button', { name: 'Create New Blog' });

  // Nothing typed: the close button closes at once.
  let dialog = await openNewEditor(page);
  await dialog.getByRole('button', { name: 'Close the editor' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  dialog = await openNewEditor(page);
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(`Unsaved thoughts ${Date.now()}`);
  await page.keyboard.press('Escape');
  const question = dialog.getByRole('group', { name: 'Discard your unsaved changes?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(/Unsaved thoughts/);

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Discard changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('an AI draft fills the form, is stored as a draft, and is published by Save without a duplicate', async ({
  page,
  baseURL,
}) => {
  test.slow();
  const topic = `Leading a team for the first time ${Date.now()}`;
  await openBlogTab(page);
  const dialog = await openNewEditor(page);
  const panel = dialog.getByRole('form', { name: 'Generate a draft with AI' });
  await panel.getByLabel('Topic').fill(topic);
  await panel.getByLabel('Tone').selectOption('conversational');
  await panel.getByLabel('Length (words)').selectOption({ label: 'Short (800–1,000)' });
  await panel.getByLabel('Category').selectOption('Leadership');
  await panel.getByLabel('Keywords').fill('first-time manager, , team leadership');
  await panel.getByRole('button', { name: 'Generate draft' }).click();

  await expect(toaster(page)).toContainText('Draft Ready');
  const title = dialog.getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue(`A Practical Guide: ${topic}`);
  await expect(page.getByRole('dialog', { name: `Edit “A Practical Guide: ${topic}”` })).toBeVisible();
  await expect(dialog.getByLabel('Excerpt')).toHaveValue(new RegExp(topic));
  await expect(dialog.getByRole('textbox', { name: 'Content', exact: true })).not.toHaveValue('');
  await expect(dialog.getByRole('form', { name: 'Post' }).getByLabel('Category')).toHaveValue('Leadership');
  await expect(dialog.getByRole('switch', { name: 'Published' })).not.toBeChecked();
  await expect(panel).toHaveCount(0);
  await expect(dialog.getByTestId('editor-preview').locator('p').first()).toBeVisible();

  const drafts = (await adminPosts(page)).filter((post) => post.title === `A Practical Guide: ${topic}`);
  expect(drafts).toHaveLength(1);
  expect(drafts[0]!.draft).toBe(true);
  const id = drafts[0]!.id;
  expect((await publicGet(baseURL ?? '', `/blog/${id}`)).status).toBe(404);

  await dialog.getByRole('switch', { name: 'Published' }).check();
  const creates = countPosts(page, '/api/blog-posts');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toaster(page)).toContainText('Blog Updated');
  expect(creates()).toBe(0);
  expect((await adminPosts(page)).filter((post) => post.title === `A Practical Guide: ${topic}`)).toHaveLength(1);
  expect((await publicGet(baseURL ?? '', `/blog/${id}`)).status).toBe(200);
});

test("'Topic Required' sends nothing; a failing model ends in 'Generation Failed' with the busy state cleared", async ({
  page,
}) => {
  test.slow();
  await openBlogTab(page);
  const generations = countPosts(page, '/api/generate-blog');
  const dialog = await openNewEditor(page);
  const panel = dialog.getByRole('form', { name: 'Generate a draft with AI' });
  await panel.getByLabel('Topic').fill('   ');
  await panel.getByRole('button', { name: 'Generate draft' }).click();
  await expect(toaster(page)).toContainText('Topic Required');
  await expect(toaster(page)).toContainText('Please enter a topic for blog generation.');
  expect(generations()).toBe(0);

  await panel.getByLabel('Topic').fill(`Salary negotiation [fake:error500] ${Date.now()}`);
  await panel.getByRole('button', { name: 'Generate draft' }).click();
  await expect(panel.getByRole('button', { name: 'Generating…' })).toBeDisabled();
  await expect(panel.getByRole('status')).toContainText(/Writing the draft… \d+ s/);
  // The editor stays usable while the job runs.
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill('Typed while the AI works');
  await expect(toaster(page)).toContainText('Generation Failed', { timeout: 40_000 });
  expect(generations()).toBe(1);
  await expect(panel.getByRole('button', { name: 'Generate draft' })).toBeEnabled();
  await expect(panel.getByRole('status')).toBeEmpty();
  await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Typed while the AI works');
});

test('a generation survives the editor closing and a reload: the draft arrives in the list', async ({ page }) => {
  test.slow();
  const topic = `Career breaks explained [fake:slow] ${Date.now()}`;
  await openBlogTab(page);
  const dialog = await openNewEditor(page);
  const panel = dialog.getByRole('form', { name: 'Generate a draft with AI' });
  await panel.getByLabel('Topic').fill(topic);
  await panel.getByRole('button', { name: 'Generate draft' }).click();
  await expect(panel.getByRole('button', { name: 'Generating…' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Close the editor' }).click();
  await expect(dialog).toBeHidden();

  await page.reload();
  await expect
    .poll(
      () =>
        page
          .locator('astro-island[component-url*="AdminDashboard"]')
          .evaluate((element) => element.hasAttribute('ssr')),
      { timeout: 30_000 },
    )
    .toBe(false);
  await expect(
    page.getByTestId('admin-view').getByRole('status').filter({ hasText: 'An AI draft is being written' }),
  ).toBeVisible();
  await expect(toaster(page)).toContainText('Draft Ready', { timeout: 40_000 });
  const row = postRow(page, `A Practical Guide: ${topic}`);
  await expect(row).toContainText('Draft');
  expect(await page.evaluate((key) => sessionStorage.getItem(key), GENERATION_MEMORY_KEY)).toBeNull();
});

test("improve, then restore; 'Instructions Required' sends nothing; a failed rewrite says so", async ({
  page,
  request,
  baseURL,
}) => {
  test.slow();
  const title = `Improve check ${Date.now()}`;
  await createPost(request, baseURL ?? '', title);
  await openBlogTab(page);
  const improvements = countPosts(page, '/api/improve-blog');
  await postRow(page, title)
    .getByRole('button', { name: `Edit “${title}”` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Edit “${title}”` });
  const content = dialog.getByRole('textbox', { name: 'Content', exact: true });
  const original = 'The first paragraph.\n\nThe second paragraph.';
  await expect(content).toHaveValue(original);
  const panel = dialog.getByRole('region', { name: 'Improve with AI' });
  const instructions = panel.getByLabel('How should the content change?');

  await panel.getByRole('button', { name: 'Improve content' }).click();
  await expect(toaster(page)).toContainText('Instructions Required');
  await expect(toaster(page)).toContainText('Please describe how you want to improve the content.');
  expect(improvements()).toBe(0);

  await instructions.fill('Add a closing checklist');
  await panel.getByRole('button', { name: 'Improve content' }).click();
  await expect(content).toHaveValue(`Improved as asked (Add a closing checklist).\n\n${original}`);
  await expect(instructions).toHaveValue('');
  expect(improvements()).toBe(1);
  await expect(dialog.getByTestId('editor-preview')).toContainText('Improved as asked (Add a closing checklist).');
  await panel.getByRole('button', { name: 'Restore previous' }).click();
  await expect(content).toHaveValue(original);
  await expect(panel.getByRole('button', { name: 'Restore previous' })).toHaveCount(0);

  await instructions.fill('Make it punchier [fake:error500]');
  await panel.getByRole('button', { name: 'Improve content' }).click();
  await expect(toaster(page)).toContainText('Improvement Failed', { timeout: 40_000 });
  await expect(content).toHaveValue(original);
  await expect(panel.getByRole('button', { name: 'Improve content' })).toBeEnabled();
});

for (const width of [390, 1280]) {
  test(`the open editor at ${width} px, axe clean`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await openBlogTab(page);
    const dialog = await openNewEditor(page);
    await dialog
      .getByRole('textbox', { name: 'Title', exact: true })
      .fill('Five questions to ask before a career switch');
    await dialog
      .getByLabel('Excerpt')
      .fill('A short checklist from an HR leader for anyone weighing a move into a new field.');
    await dialog
      .getByRole('textbox', { name: 'Content', exact: true })
      .fill(
        '## Start with why\n\nWrite down what you want **more** of, and what you want less of.\n\n- Skills you enjoy using\n- The people you want around you\n\n> A switch is a project, not a leap.',
      );
    await expect(dialog.getByTestId('editor-preview').getByRole('heading', { name: 'Start with why' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Save post' }).focus();
    await dialog.locator('.adm-editor-body').evaluate((body) => body.scrollTo(0, 0));
    await page.screenshot({ path: `test-results/admin-blog-editor-${width}.png` });
    await dialog.getByRole('region', { name: 'Improve with AI' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/admin-blog-editor-improve-${width}.png` });
    const { violations } = await new AxeBuilder({ page }).include('dialog').analyze();
    expect(
      violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
    const overflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test("a save the server refuses says 'Update Failed' in its words and keeps the editor open", async ({
  page,
  request,
  baseURL,
}) => {
  const title = `Vanishing post ${Date.now()}`;
  const post = await createPost(request, baseURL ?? '', title);
  await openBlogTab(page);
  await postRow(page, title)
    .getByRole('button', { name: `Edit “${title}”` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Edit “${title}”` });
  await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} edited`);
  // Someone else deletes the post while it is open here.
  expect((await request.delete(`/api/blog-posts/${post.id}`, { headers: { origin: baseURL ?? '' } })).status()).toBe(
    200,
  );
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(toaster(page)).toContainText('Update Failed');
  await expect(toaster(page)).toContainText('Blog post not found.');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(`${title} edited`);
});

test('without OPENAI_API_KEY the AI panels say drafting is not configured, and a post is still written by hand', async ({
  browser,
}) => {
  const server = await startFreshServer(e2ePort + 5, { OPENAI_API_KEY: '' });
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const page = await context.newPage();
    await openBlogTab(page);
    const dialog = await openNewEditor(page);
    const generate = dialog.getByRole('region', { name: 'Draft with AI' });
    await expect(generate).toContainText(AI_NOT_CONFIGURED);
    await expect(generate.getByLabel('Topic')).toHaveCount(0);
    await expect(generate.getByRole('button', { name: 'Generate draft' })).toHaveCount(0);

    const title = `Written by hand ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await dialog.getByLabel('Excerpt').fill('A post written while AI drafting is switched off.');
    await dialog.getByRole('textbox', { name: 'Content', exact: true }).fill('Plain words, no model needed.');
    const improve = dialog.getByRole('region', { name: 'Improve with AI' });
    await expect(improve).toContainText(AI_NOT_CONFIGURED);
    await expect(improve.getByRole('button', { name: 'Improve content' })).toHaveCount(0);

    await dialog.getByRole('button', { name: 'Save post' }).click();
    await expect(toaster(page)).toContainText('Blog Created');
    await expect(postRow(page, title)).toBeVisible();
  } finally {
    await context.close();
    await server.stop();
  }
});
