// AI drafting (docs/decisions/0020-ai-drafting-as-background-jobs.md) against the real handlers, real local Blobs and a
// fake OpenAI server (tests/support/fake-openai.mjs) reached only through OPENAI_BASE_URL.
// A small HTTP server plays Netlify's part for the background function: it answers the
// trigger with 202 and runs the real background handler afterwards.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import aiBackground from '../../netlify/functions/ai-drafting-background.mts';
import aiStatus from '../../netlify/functions/ai-status.mts';
import blogPosts from '../../netlify/functions/blog-posts.mts';
import blogPreview from '../../netlify/functions/blog-preview.mts';
import generateBlog from '../../netlify/functions/generate-blog.mts';
import improveBlog from '../../netlify/functions/improve-blog.mts';
import {
  AI_NOT_CONFIGURED,
  lengthBands,
  type GenerateJobView,
  type ImproveJobView,
} from '../../src/lib/schemas/aiDrafting';
import type { BlogPost } from '../../src/lib/schemas/blogPost';
import { runJob } from '../../src/server/ai/drafting';
import { AI_JOBS_STORE, aiJobSchema, claimJob, createJob } from '../../src/server/ai/jobs';
import { countWords } from '../../src/server/ai/lengthBand';
import { BACKGROUND_FUNCTION_PATH } from '../../src/server/ai/trigger';
import { renderPostContent } from '../../src/server/blog/render';
import { BLOG_STORE } from '../../src/server/blog/storagePosts';
import { collectionStore } from '../../src/server/storage/blobs';
import { HOSTILE_HTML, startFakeOpenAi } from '../support/fake-openai.mjs';
import { adminCookie } from './support/admin';
import { call, jsonOf, type CallOptions } from './support/call';

type Fake = Awaited<ReturnType<typeof startFakeOpenAi>>;
let fake: Fake;
let platform: Server;
let site: string;
const runs = new Set<Promise<unknown>>();

beforeAll(async () => {
  fake = await startFakeOpenAi({ slowMs: 4000 });
  platform = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== BACKGROUND_FUNCTION_PATH) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(202).end();
    const request = new Request(`${site}${req.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.concat(chunks),
    });
    const run = aiBackground(request);
    runs.add(run);
    void run.finally(() => runs.delete(run));
  });
  await new Promise<void>((resolve) => platform.listen(0, 'localhost', resolve));
  const address = platform.address();
  site = `http://localhost:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
  await Promise.allSettled([...runs]);
  platform.closeAllConnections();
  await new Promise((resolve) => platform.close(resolve));
  await fake.close();
});

beforeEach(() => {
  process.env.OPENAI_API_KEY = 'sk-test-fake';
  process.env.OPENAI_BASE_URL = fake.baseURL;
  process.env.OPENAI_MODEL = 'fake-model';
  // The fake's slow mode answers after 4 s: the call gives up first.
  process.env.OPENAI_TIMEOUT_MS = '1000';
  fake.setMode('ok');
});

const request = {
  topic: 'Moving from sales into HR',
  tone: 'professional',
  length: 'short',
  category: 'Leadership',
  keywords: 'hr career, sales,  ,people skills',
};

const generate = (body: unknown, options: CallOptions = {}) =>
  call(generateBlog, '/api/generate-blog', { body, site, ...options });
const improve = (body: unknown, options: CallOptions = {}) =>
  call(improveBlog, '/api/improve-blog', { body, site, ...options });
const generateJob = (jobId: string, cookie: string) =>
  call(generateBlog, `/api/generate-blog/${jobId}`, { cookie, params: { jobId }, site });
const improveJob = (jobId: string, cookie: string) =>
  call(improveBlog, `/api/improve-blog/${jobId}`, { cookie, params: { jobId }, site });

async function startedJob(response: Response): Promise<string> {
  expect(response.status).toBe(202);
  const { jobId } = await jsonOf<{ jobId: string }>(response);
  return jobId;
}

/** Polls as the editor does until the job has ended. */
async function settled<T extends { status: string }>(read: () => Promise<Response>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await read();
    expect(response.status).toBe(200);
    const view = await jsonOf<T>(response);
    if (view.status === 'done' || view.status === 'failed') return view;
    if (Date.now() > deadline) throw new Error(`job still ${view.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function storedPostIds(): Promise<string[]> {
  const { blobs } = await collectionStore(BLOG_STORE).list();
  return blobs.map((blob) => blob.key).sort();
}

async function storedJob(jobId: string) {
  return aiJobSchema.parse(await collectionStore(AI_JOBS_STORE).get(jobId, { type: 'json' }));
}

const DANGER = /<script|<iframe|<style|<svg|\bon[a-z]+\s*=|javascript:|data:|__pwned/i;

describe('every AI route is admin only and validates its input', () => {
  const someJob = '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b';

  it('answers 401 without a session', async () => {
    const answers = await Promise.all([
      generate(request),
      call(generateBlog, `/api/generate-blog/${someJob}`, { params: { jobId: someJob }, site }),
      improve({ content: 'x', improvements: 'y' }),
      call(improveBlog, `/api/improve-blog/${someJob}`, { params: { jobId: someJob }, site }),
      call(blogPreview, '/api/blog-preview', { body: { content: 'x' }, site }),
      call(aiStatus, '/api/ai-status', { site }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 403 to a write from another origin', async () => {
    const cookie = await adminCookie();
    const foreign = { cookie, origin: 'https://evil.example' };
    const answers = await Promise.all([
      generate(request, foreign),
      improve({ content: 'x', improvements: 'y' }, foreign),
      call(blogPreview, '/api/blog-preview', { body: { content: 'x' }, site, ...foreign }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403]);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 400 naming the field, and starts nothing', async () => {
    const cookie = await adminCookie();
    const before = await collectionStore(AI_JOBS_STORE).list();
    const cases: Array<[Response, string]> = [
      [await generate({ ...request, topic: '   ' }, { cookie }), 'topic'],
      [await generate({ ...request, tone: 'angry' }, { cookie }), 'tone'],
      [await generate({ ...request, length: 'epic' }, { cookie }), 'length'],
      [await generate({ ...request, category: 'Astrology' }, { cookie }), 'category'],
      [
        await generate({ ...request, keywords: Array.from({ length: 11 }, (_, i) => `k${i}`).join(',') }, { cookie }),
        'keywords',
      ],
      [await generate({ ...request, keywords: Array.from({ length: 11 }, (_, i) => `k${i}`) }, { cookie }), 'keywords'],
      [await generate({ ...request, keywords: ['hr', 42] }, { cookie }), 'keywords'],
      [await generate({ ...request, keywords: 42 }, { cookie }), 'keywords'],
      [await improve({ content: 'Some post', improvements: '  ' }, { cookie }), 'improvements'],
      [await improve({ content: 'x'.repeat(60_001), improvements: 'Shorter' }, { cookie }), 'content'],
      [await call(blogPreview, '/api/blog-preview', { body: { content: 42 }, cookie, site }), 'content'],
      [
        await call(generateBlog, '/api/generate-blog/not-a-job', { cookie, params: { jobId: 'not-a-job' }, site }),
        'jobId',
      ],
      [await call(improveBlog, '/api/improve-blog/1', { cookie, params: { jobId: '1' }, site }), 'jobId'],
    ];
    for (const [response, field] of cases) {
      expect(response.status).toBe(400);
      expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toHaveProperty(field);
    }
    expect((await collectionStore(AI_JOBS_STORE).list()).blobs).toHaveLength(before.blobs.length);
    expect(fake.requests).toHaveLength(0);
  });

  it('answers 404 for an unknown job, and for a job of the other kind', async () => {
    const cookie = await adminCookie();
    expect((await generateJob(someJob, cookie)).status).toBe(404);
    const improveId = await startedJob(await improve({ content: 'A short post.', improvements: 'Warmer' }, { cookie }));
    expect((await generateJob(improveId, cookie)).status).toBe(404);
    await settled(() => improveJob(improveId, cookie));
  });
});

describe('without OPENAI_API_KEY', () => {
  it('answers 503 with a clear message and the status says so', async () => {
    delete process.env.OPENAI_API_KEY;
    const cookie = await adminCookie();
    for (const response of [
      await generate(request, { cookie }),
      await improve({ content: 'x', improvements: 'y' }, { cookie }),
    ]) {
      expect(response.status).toBe(503);
      expect(await jsonOf(response)).toEqual({ error: AI_NOT_CONFIGURED });
    }
    expect(AI_NOT_CONFIGURED).toMatch(/^AI drafting is not configured: set OPENAI_API_KEY/);
    expect(await jsonOf(await call(aiStatus, '/api/ai-status', { cookie, site }))).toEqual({
      configured: false,
      model: 'fake-model',
    });
    process.env.OPENAI_API_KEY = 'sk-test-fake';
    delete process.env.OPENAI_MODEL;
    expect(await jsonOf(await call(aiStatus, '/api/ai-status', { cookie, site }))).toEqual({
      configured: true,
      model: 'gpt-4o-mini',
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('POST /api/generate-blog', () => {
  it('answers 202 at once, and the job ends done with a stored draft hidden from the public', async () => {
    const cookie = await adminCookie();
    const response = await generate(request, { cookie });
    const jobId = await startedJob(response);
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);

    const view = await settled<GenerateJobView>(() => generateJob(jobId, cookie));
    expect(view).toMatchObject({
      status: 'done',
      post: { source: 'storage', draft: true, publishedAt: null, category: 'Leadership', readOnly: false },
    });
    expect(view.note).toBeUndefined();
    const post = view.post!;
    expect(post.title).toContain('Moving from sales into HR');
    expect(post.keywords.slice(0, 3)).toEqual(['hr career', 'sales', 'people skills']);
    const words = countWords(post.content);
    expect(words).toBeGreaterThanOrEqual(lengthBands.short.min);
    expect(words).toBeLessThanOrEqual(lengthBands.short.max);

    // Stored: the record in the blog store, the same as GET /api/blog-posts/{id} gives the admin.
    expect(await storedPostIds()).toContain(post.id);
    const asAdmin = await jsonOf<BlogPost>(
      await call(blogPosts, `/api/blog-posts/${post.id}`, { cookie, params: { id: post.id } }),
    );
    expect(asAdmin).toEqual(post);
    // Hidden from the public list and the public post.
    const publicList = await jsonOf<BlogPost[]>(await call(blogPosts, '/api/blog-posts'));
    expect(publicList.map((item) => item.id)).not.toContain(post.id);
    expect((await call(blogPosts, `/api/blog-posts/${post.id}`, { params: { id: post.id } })).status).toBe(404);

    // The model was asked as docs/decisions/0020-ai-drafting-as-background-jobs.md says: Chat Completions, strict json_schema, the configured model.
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]).toMatchObject({ model: 'fake-model', schema: 'blog_post' });
    const job = await storedJob(jobId);
    expect(job).toMatchObject({ status: 'done', postId: post.id, kind: 'generate' });
  });

  it('takes keywords as a list too, trimmed and without empty ones', async () => {
    const cookie = await adminCookie();
    const jobId = await startedJob(
      await generate({ ...request, keywords: [' hr career', 'sales', '', 'people skills '] }, { cookie }),
    );
    const view = await settled<GenerateJobView>(() => generateJob(jobId, cookie));
    expect(view.post?.keywords.slice(0, 3)).toEqual(['hr career', 'sales', 'people skills']);
  });

  it('survives the editor closing: a new session polls the job by id alone', async () => {
    const jobId = await startedJob(
      await generate({ ...request, topic: 'Returning to work after a career break' }, { cookie: await adminCookie() }),
    );
    // The editor is gone; the work goes on (the platform's run is awaited, nobody polls).
    await Promise.all([...runs]);
    const later = await adminCookie();
    const view = await jsonOf<GenerateJobView>(await generateJob(jobId, later));
    expect(view.status).toBe('done');
    expect(view.post?.title).toContain('Returning to work after a career break');
  });

  it('asks once more when the post is far outside its length band, and accepts the second answer', async () => {
    const cookie = await adminCookie();
    fake.setMode('short-then-ok');
    const jobId = await startedJob(await generate({ ...request, length: 'medium' }, { cookie }));
    const view = await settled<GenerateJobView>(() => generateJob(jobId, cookie));
    expect(view.status).toBe('done');
    expect(view.note).toBeUndefined();
    expect(fake.requests).toHaveLength(2);
    // The second request continues the conversation and says what was wrong.
    expect(fake.requests[1]?.messages.at(-1)).toMatchObject({
      role: 'user',
      content: expect.stringMatching(/far from the 1500-2000 words/),
    });
    expect(countWords(view.post!.content)).toBeGreaterThanOrEqual(lengthBands.medium.min);
  });

  it('accepts a post still far outside its band after the second try, with a note', async () => {
    const cookie = await adminCookie();
    fake.setMode('always-short');
    const jobId = await startedJob(await generate(request, { cookie }));
    const view = await settled<GenerateJobView>(() => generateJob(jobId, cookie));
    expect(view).toMatchObject({ status: 'done', post: { draft: true } });
    expect(view.note).toMatch(/outside the 800-1000 words asked for/);
    expect(fake.requests).toHaveLength(2);
  });

  it('keeps hostile HTML in the model’s answer away from storage and from the rendered page', async () => {
    const cookie = await adminCookie();
    fake.setMode('hostile-html');
    const jobId = await startedJob(await generate(request, { cookie }));
    const view = await settled<GenerateJobView>(() => generateJob(jobId, cookie));
    expect(view.status).toBe('done');
    const stored = (await collectionStore(BLOG_STORE).get(view.post!.id, { type: 'json' })) as { content: string };
    expect(stored.content).not.toMatch(/<script|<iframe|<style|\bon[a-z]+\s*=|href="javascript|src="data/i);
    expect(stored.content).toContain(
      '<a href="https://example.com/ok" target="_blank" rel="noopener noreferrer nofollow">a safe link</a>',
    );
    const page = await renderPostContent(stored.content);
    expect(page).not.toMatch(DANGER);
    expect(page).toContain('a safe link');
    // The preview route renders the same way.
    const preview = await jsonOf<{ html: string }>(
      await call(blogPreview, '/api/blog-preview', { body: { content: HOSTILE_HTML }, cookie, site }),
    );
    expect(preview.html).not.toMatch(DANGER);
    expect(preview.html).toBe(await renderPostContent(HOSTILE_HTML));
  });

  const failures: Array<[mode: Parameters<Fake['setMode']>[0], message: RegExp, calls: number]> = [
    ['error500', /The AI service failed \(HTTP 500\)/, 3],
    ['error429', /busy or out of quota \(HTTP 429\)/, 3],
    ['slow', /did not answer in time/, 3],
    ['invalid-json', /not valid JSON/, 1],
    ['refusal', /The model declined to write this: I'm sorry/, 1],
    ['wrong-shape', /did not match the draft format \(.*content.*\)/, 1],
  ];
  it.each(failures)(
    'ends failed with a clear message and stores nothing when the model gives %s',
    async (mode, message, calls) => {
      const cookie = await adminCookie();
      const before = await storedPostIds();
      fake.setMode(mode);
      const jobId = await startedJob(await generate(request, { cookie }));
      const view = await settled<GenerateJobView>(() => generateJob(jobId, cookie));
      expect(view.status).toBe('failed');
      expect(view.error).toMatch(message);
      expect(view.post).toBeUndefined();
      expect(await storedPostIds()).toEqual(before);
      // The SDK retries what may pass (5xx, 429, timeouts), twice, then gives up.
      expect(fake.requests).toHaveLength(calls);
    },
  );
});

describe('POST /api/improve-blog', () => {
  const original = '## Why a plan\n\nA plan turns a vague wish into steps.\n\n- Know your strengths\n- Talk to people';

  it('returns the improved content, sanitised, in the job; a reload finds it by id', async () => {
    const cookie = await adminCookie();
    const jobId = await startedJob(await improve({ content: original, improvements: 'Make it warmer' }, { cookie }));
    const view = await settled<ImproveJobView>(() => improveJob(jobId, cookie));
    expect(view.status).toBe('done');
    expect(view.content).toContain('Improved as asked (Make it warmer).');
    expect(view.content).toContain(original);
    expect(fake.requests[0]).toMatchObject({ schema: 'improved_post' });
    const again = await jsonOf<ImproveJobView>(await improveJob(jobId, await adminCookie()));
    expect(again).toEqual(view);
  });

  it('never returns hostile HTML from the model', async () => {
    const cookie = await adminCookie();
    fake.setMode('hostile-html');
    const jobId = await startedJob(await improve({ content: original, improvements: 'Add links' }, { cookie }));
    const view = await settled<ImproveJobView>(() => improveJob(jobId, cookie));
    expect(view.status).toBe('done');
    expect(view.content).not.toMatch(/<script|<iframe|<style|\bon[a-z]+\s*=|href="javascript|src="data/i);
    expect(await renderPostContent(view.content!)).not.toMatch(DANGER);
  });

  it('ends failed with the reason when the model refuses', async () => {
    const cookie = await adminCookie();
    fake.setMode('refusal');
    const jobId = await startedJob(await improve({ content: original, improvements: 'Rewrite' }, { cookie }));
    const view = await settled<ImproveJobView>(() => improveJob(jobId, cookie));
    expect(view).toEqual({ status: 'failed', error: expect.stringMatching(/declined/) });
  });
});

describe('the background function', () => {
  it('does nothing for a job nobody queued, or for a bad trigger: no model call', async () => {
    const unknown = await aiBackground(
      new Request(`${site}${BACKGROUND_FUNCTION_PATH}`, {
        method: 'POST',
        body: JSON.stringify({ jobId: 'c0ffee00-0000-4000-8000-000000000000' }),
      }),
    );
    expect(unknown.status).toBe(204);
    const bad = await aiBackground(
      new Request(`${site}${BACKGROUND_FUNCTION_PATH}`, { method: 'POST', body: '{"jobId":"../x"}' }),
    );
    expect(bad.status).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });

  it('runs a job once: a second trigger of the same job, even concurrent, spends nothing', async () => {
    const cookie = await adminCookie();
    const jobId = await startedJob(await generate({ ...request, topic: 'Board exam stress' }, { cookie }));
    const trigger = () =>
      aiBackground(
        new Request(`${site}${BACKGROUND_FUNCTION_PATH}`, { method: 'POST', body: JSON.stringify({ jobId }) }),
      );
    const [first, second] = await Promise.all([trigger(), trigger()]);
    await Promise.all([...runs]);
    // The platform's own trigger and these two: exactly one run claimed the job.
    expect([first.status, second.status].every((status) => status === 200 || status === 204)).toBe(true);
    expect([first.status, second.status].filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    expect(fake.requests).toHaveLength(1);
    expect((await storedJob(jobId)).status).toBe('done');
    const posts = (await jsonOf<BlogPost[]>(await call(blogPosts, '/api/blog-posts', { cookie }))).filter((post) =>
      post.title.includes('Board exam stress'),
    );
    expect(posts).toHaveLength(1);
  });

  it('ends a job whose model calls outlast its budget as failed, with no retries after it and nothing stored', async () => {
    // Each call may wait longer than the slow answer; only the job's budget stops it.
    process.env.OPENAI_TIMEOUT_MS = '10000';
    fake.setMode('slow');
    const before = await storedPostIds();
    const queued = await createJob('generate', { ...request, topic: 'Outlasts its budget' });
    const claimed = await claimJob(queued.id);
    expect(claimed).not.toBeNull();
    const settledJob = await runJob(claimed!, AbortSignal.timeout(500));
    expect(settledJob).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/took longer than the 14 minutes a draft may take/),
    });
    expect((await storedJob(queued.id)).status).toBe('failed');
    expect(fake.requests).toHaveLength(1);
    expect(await storedPostIds()).toEqual(before);
  });

  it('when the platform does not take the run, the job fails and the caller gets 503', async () => {
    const cookie = await adminCookie();
    // Nothing listens on this port: the trigger cannot reach the background function.
    const response = await call(generateBlog, '/api/generate-blog', {
      body: { ...request, topic: 'Unreachable' },
      cookie,
      site: 'http://localhost:9',
    });
    expect(response.status).toBe(503);
    const store = collectionStore(AI_JOBS_STORE);
    const jobs = await Promise.all(
      (await store.list()).blobs.map(async (blob) => aiJobSchema.parse(await store.get(blob.key, { type: 'json' }))),
    );
    const job = jobs.find((candidate) => candidate.request.topic === 'Unreachable');
    expect(job).toMatchObject({ status: 'failed', error: expect.stringMatching(/could not be started/) });
    expect(fake.requests).toHaveLength(0);
  });
});
