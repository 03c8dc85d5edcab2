import { describe, expect, it } from 'vitest';
import blogPosts from '../../netlify/functions/blog-posts.mts';
import type { BlogPost } from '../../src/lib/schemas/blogPost';
import { mdxPosts } from '../../src/server/blog/mdxPosts';
import { createStoragePost, getStoragePost } from '../../src/server/blog/storagePosts';
import { adminCookie } from './support/admin';
import { call, jsonOf } from './support/call';

const post = {
  title: 'Five Questions to Ask Before Accepting a Counter-Offer',
  excerpt: 'Your employer matched the offer. Before you say yes, ask these five questions.',
  content: 'First paragraph about counter-offers.\n\nSecond paragraph with the checklist.',
  category: 'Professional Growth' as const,
};

const byId = (id: string) => `/api/blog-posts/${id}`;

async function create(cookie: string, body: Record<string, unknown>) {
  return call(blogPosts, '/api/blog-posts', { body, cookie });
}

describe('GET /api/blog-posts', () => {
  it('lists published posts of both sources newest first, without drafts', async () => {
    const cookie = await adminCookie();
    const stored = await jsonOf<BlogPost>(
      await create(cookie, { ...post, title: 'A Storage Post For The Public List' }),
    );
    const hidden = await jsonOf<BlogPost>(
      await create(cookie, { ...post, title: 'A Hidden Storage Draft', draft: true }),
    );

    const response = await call(blogPosts, '/api/blog-posts');
    expect(response.status).toBe(200);
    const list = await jsonOf<BlogPost[]>(response);
    const ids = list.map((item) => item.id);
    expect(ids[0]).toBe(stored.id);
    expect(ids).toContain('ai-and-your-career-what-to-learn-next');
    expect(ids).not.toContain(hidden.id);
    expect(ids).not.toContain('negotiating-your-salary-after-an-appraisal');
    expect(new Set(list.map((item) => item.source))).toEqual(new Set(['mdx', 'storage']));
    const times = list.map((item) => Date.parse(item.publishedAt ?? ''));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('includes drafts of both sources for an admin session', async () => {
    const cookie = await adminCookie();
    const draft = await jsonOf<BlogPost>(await create(cookie, { ...post, title: 'An Admin Only Draft', draft: true }));
    const list = await jsonOf<BlogPost[]>(await call(blogPosts, '/api/blog-posts', { cookie }));
    const ids = list.map((item) => item.id);
    expect(ids).toContain(draft.id);
    expect(ids).toContain('negotiating-your-salary-after-an-appraisal');
    expect(list.find((item) => item.id === draft.id)?.publishedAt).toBeNull();
  });

  it('treats a forged session cookie as a visitor', async () => {
    const list = await jsonOf<BlogPost[]>(
      await call(blogPosts, '/api/blog-posts', { cookie: 'ccc_admin=forged.token' }),
    );
    expect(list.every((item) => !item.draft)).toBe(true);
  });
});

describe('GET /api/blog-posts/{id}', () => {
  it('returns an MDX post with its body and read time, marked read-only', async () => {
    const response = await call(blogPosts, byId('planning-a-mid-career-pivot'), {
      params: { id: 'planning-a-mid-career-pivot' },
    });
    expect(response.status).toBe(200);
    const found = await jsonOf<BlogPost>(response);
    expect(found).toMatchObject({ source: 'mdx', readOnly: true, category: 'Professional Growth', draft: false });
    expect(found.readMinutes).toBe(Math.ceil(found.content.length / 1000));
  });

  it('answers 404 JSON for an unknown id and for a draft without a session', async () => {
    for (const id of ['no-such-post', 'negotiating-your-salary-after-an-appraisal']) {
      const response = await call(blogPosts, byId(id), { params: { id } });
      expect(response.status).toBe(404);
      expect(await jsonOf(response)).toEqual({ error: 'Blog post not found.' });
    }
    const cookie = await adminCookie();
    const asAdmin = await call(blogPosts, byId('negotiating-your-salary-after-an-appraisal'), {
      params: { id: 'negotiating-your-salary-after-an-appraisal' },
      cookie,
    });
    expect(asAdmin.status).toBe(200);
  });

  it('answers 400 naming the id for a malformed id', async () => {
    const response = await call(blogPosts, byId('Bad%20Id'), { params: { id: 'Bad Id' } });
    expect(response.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toHaveProperty('id');
  });
});

describe('POST /api/blog-posts', () => {
  it('answers 401 without a session and 403 from a foreign origin, storing nothing', async () => {
    const denied = await call(blogPosts, '/api/blog-posts', { body: { ...post, title: 'Unauthorised Post' } });
    expect(denied.status).toBe(401);
    const cookie = await adminCookie();
    const foreign = await call(blogPosts, '/api/blog-posts', {
      body: { ...post, title: 'Foreign Origin Post' },
      cookie,
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(await getStoragePost('unauthorised-post')).toBeNull();
    expect(await getStoragePost('foreign-origin-post')).toBeNull();
  });

  it('creates a published post with a slug id, the founder as author and the default category', async () => {
    const cookie = await adminCookie();
    const { category: _ignored, ...withoutCategory } = post;
    const response = await create(cookie, withoutCategory);
    expect(response.status).toBe(201);
    const created = await jsonOf<BlogPost>(response);
    expect(created).toMatchObject({
      id: 'five-questions-to-ask-before-accepting-a-counter-offer',
      source: 'storage',
      category: 'Career Development',
      author: 'Anjali Mehra',
      draft: false,
      readOnly: false,
    });
    expect(Date.parse(created.publishedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await getStoragePost(created.id)).toMatchObject({ title: post.title });
  });

  it('answers 400 with the messages for missing title, excerpt and content', async () => {
    const cookie = await adminCookie();
    const response = await create(cookie, { title: '  ', category: 'Astrology', imageUrl: 'javascript:alert(1)' });
    expect(response.status).toBe(400);
    const { fields } = await jsonOf<{ fields: Record<string, string> }>(response);
    expect(fields).toMatchObject({
      title: 'Title is required',
      excerpt: 'Excerpt is required',
      content: 'Content is required',
      category: 'Choose one of the blog categories',
    });
    expect(fields.imageUrl).toMatch(/https:\/\//);
  });

  it('gives a colliding title the next free suffix, including against MDX slugs', async () => {
    const cookie = await adminCookie();
    const first = await jsonOf<BlogPost>(await create(cookie, { ...post, title: 'Same Title Twice' }));
    const second = await jsonOf<BlogPost>(await create(cookie, { ...post, title: 'Same title, twice!' }));
    expect([first.id, second.id]).toEqual(['same-title-twice', 'same-title-twice-2']);

    const mdx = (await mdxPosts()).find((item) => item.id === 'the-executive-transition');
    expect(mdx).toBeDefined();
    const clash = await jsonOf<BlogPost>(await create(cookie, { ...post, title: 'The Executive Transition' }));
    expect(clash.id).toBe('the-executive-transition-2');
    // Even a draft MDX post keeps its id.
    const draftClash = await jsonOf<BlogPost>(
      await create(cookie, { ...post, title: 'Negotiating Your Salary After an Appraisal' }),
    );
    expect(draftClash.id).toBe('negotiating-your-salary-after-an-appraisal-2');
  });

  it('never loses a post when the same title is created concurrently', async () => {
    const cookie = await adminCookie();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => create(cookie, { ...post, title: 'Racing Titles' })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(6).fill(201));
    const ids = await Promise.all(responses.map(async (response) => (await jsonOf<BlogPost>(response)).id));
    expect(new Set(ids).size).toBe(6);
  });

  it('sanitises hostile HTML before storing it', async () => {
    const cookie = await adminCookie();
    const hostile = [
      '<p onclick="steal()">Hello <strong>reader</strong></p>',
      '<script>alert("x")</script>',
      '<img src="x" onerror="alert(1)"><img src="https://cdn.example/a.jpg" alt="ok">',
      '<a href="javascript:alert(1)">bad link</a> <a href="https://example.com">good link</a>',
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
      '<a href="JaVaScRiPt:alert(2)">mixed case</a><svg onload="alert(3)"></svg>',
    ].join('\n\n');
    const created = await jsonOf<BlogPost>(
      await create(cookie, { ...post, title: 'Hostile HTML Post', content: hostile }),
    );
    const stored = (await getStoragePost(created.id))?.content ?? '';
    expect(stored).not.toMatch(/<script|onclick|onerror|onload|javascript:|<iframe|<style|<svg/i);
    expect(stored).toContain('<strong>reader</strong>');
    expect(stored).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">good link</a>',
    );
    expect(stored).toContain('<img src="https://cdn.example/a.jpg" alt="ok" loading="lazy" />');
  });
});

describe('PUT /api/blog-posts/{id}', () => {
  it('answers 401 without a session', async () => {
    const response = await call(blogPosts, byId('anything'), { method: 'PUT', body: post, params: { id: 'anything' } });
    expect(response.status).toBe(401);
  });

  it('replaces the fields, keeps the id and sets publishedAt when a draft is published', async () => {
    const cookie = await adminCookie();
    const draft = await jsonOf<BlogPost>(await create(cookie, { ...post, title: 'Draft To Publish', draft: true }));
    expect(draft.publishedAt).toBeNull();
    const response = await call(blogPosts, byId(draft.id), {
      method: 'PUT',
      cookie,
      params: { id: draft.id },
      body: {
        ...post,
        title: 'A Better Title',
        content: 'New text <script>x()</script>',
        category: 'Leadership',
        draft: false,
      },
    });
    expect(response.status).toBe(200);
    const updated = await jsonOf<BlogPost>(response);
    expect(updated).toMatchObject({
      id: draft.id,
      title: 'A Better Title',
      category: 'Leadership',
      draft: false,
      content: 'New text',
    });
    expect(updated.publishedAt).not.toBeNull();
  });

  it('answers 404 for an unknown id, 400 for invalid fields, 409 for an MDX post', async () => {
    const cookie = await adminCookie();
    const missing = await call(blogPosts, byId('no-such-post'), {
      method: 'PUT',
      cookie,
      params: { id: 'no-such-post' },
      body: post,
    });
    expect(missing.status).toBe(404);
    const invalid = await call(blogPosts, byId('no-such-post'), {
      method: 'PUT',
      cookie,
      params: { id: 'no-such-post' },
      body: { ...post, content: '' },
    });
    expect(invalid.status).toBe(400);
    const mdx = await call(blogPosts, byId('your-first-job-after-college'), {
      method: 'PUT',
      cookie,
      params: { id: 'your-first-job-after-college' },
      body: post,
    });
    expect(mdx.status).toBe(409);
    expect((await jsonOf<{ error: string }>(mdx)).error).toMatch(/MDX post .*read-only/);
    const unchanged = await jsonOf<BlogPost>(
      await call(blogPosts, byId('your-first-job-after-college'), { params: { id: 'your-first-job-after-college' } }),
    );
    expect(unchanged.title).toMatch(/^Your First Job After College/);
  });

  it('answers 400 when the id is missing from the path', async () => {
    const cookie = await adminCookie();
    const response = await call(blogPosts, '/api/blog-posts', { method: 'PUT', cookie, body: post });
    expect(response.status).toBe(400);
  });
});

describe('DELETE /api/blog-posts/{id}', () => {
  it('answers 401 without a session and keeps the post', async () => {
    const created = await createStoragePost({ ...post, title: 'Survives Anonymous Delete' });
    const response = await call(blogPosts, byId(created.id), { method: 'DELETE', params: { id: created.id } });
    expect(response.status).toBe(401);
    expect(await getStoragePost(created.id)).not.toBeNull();
  });

  it('deletes a storage post, then answers 404 for it', async () => {
    const cookie = await adminCookie();
    const created = await createStoragePost({ ...post, title: 'Post To Delete' });
    const response = await call(blogPosts, byId(created.id), { method: 'DELETE', cookie, params: { id: created.id } });
    expect(response.status).toBe(200);
    expect(await getStoragePost(created.id)).toBeNull();
    const again = await call(blogPosts, byId(created.id), { method: 'DELETE', cookie, params: { id: created.id } });
    expect(again.status).toBe(404);
    const read = await call(blogPosts, byId(created.id), { params: { id: created.id } });
    expect(read.status).toBe(404);
  });

  it('refuses to delete an MDX post with 409', async () => {
    const cookie = await adminCookie();
    const response = await call(blogPosts, byId('the-executive-transition'), {
      method: 'DELETE',
      cookie,
      params: { id: 'the-executive-transition' },
    });
    expect(response.status).toBe(409);
    expect((await mdxPosts()).map((item) => item.id)).toContain('the-executive-transition');
  });

  it('answers 405 for PATCH', async () => {
    const response = await call(blogPosts, '/api/blog-posts', { method: 'PATCH' });
    expect(response.status).toBe(405);
  });
});
