// AI drafting on the real local server (`node netlify/serve.mjs`): POST /api/generate-blog
// answers 202, the server runs the background function for real, the job ends done with a
// draft on disk, and /blog/{id} shows that draft to the signed-in owner only. The model is
// the fake OpenAI server, reached through OPENAI_BASE_URL.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFakeOpenAi } from '../support/fake-openai.mjs';
import { rawRequest } from './support/http.ts';
import { PORTS } from './support/ports.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { storedRecords } from './support/stored.ts';

let server: ServerProcess;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;

beforeAll(async () => {
  fake = await startFakeOpenAi({ port: PORTS.aiDraftingOpenAi });
  server = await startServerProcess({
    port: PORTS.aiDrafting,
    env: { OPENAI_API_KEY: 'sk-server-test', OPENAI_BASE_URL: fake.baseURL, OPENAI_MODEL: 'fake-model' },
  });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
  await fake.close();
});

async function signIn(): Promise<string> {
  const answer = await rawRequest(`${server.origin}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: JSON.stringify({ password: 'admin' }),
  });
  expect(answer.status).toBe(200);
  return String(answer.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
}

async function untilSettled(url: string, cookie: string, timeoutMs = 30_000): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await rawRequest(url, { headers: { cookie } });
    expect(answer.status).toBe(200);
    const view = JSON.parse(answer.body.toString());
    if (view.status === 'done' || view.status === 'failed') return view;
    if (Date.now() > deadline) throw new Error(`job still ${view.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe('AI drafting on the local server', () => {
  test('POST answers 202, the background function drafts the post, and only the owner sees the draft', async () => {
    const cookie = await signIn();
    // The marker makes the fake model put hostile HTML in its answer.
    const started = await rawRequest(`${server.origin}/api/generate-blog`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin, cookie },
      body: JSON.stringify({
        topic: 'Choosing a stream after class 10 [fake:hostile-html]',
        tone: 'educational',
        length: 'short',
        category: 'Education Guidance',
        keywords: 'streams, class 10',
      }),
    });
    expect(started.status).toBe(202);
    const { jobId } = JSON.parse(started.body.toString());

    const view = await untilSettled(`${server.origin}/api/generate-blog/${jobId}`, cookie);
    expect(view).toMatchObject({
      status: 'done',
      post: { draft: true, category: 'Education Guidance', source: 'storage' },
    });
    const id: string = view.post.id;
    expect(fake.requests).toHaveLength(1);

    // On disk, in the server's own Blobs folder.
    const posts = (await storedRecords(server.blobsDir, 'blog-posts')) as Array<{
      id: string;
      draft: boolean;
      content: string;
    }>;
    const stored = posts.find((post) => post.id === id);
    expect(stored?.draft).toBe(true);
    expect(stored?.content).not.toMatch(/<script|onerror|<iframe|<style/i);

    const visitor = await rawRequest(`${server.origin}/blog/${id}`);
    expect(visitor.status).toBe(404);
    expect(visitor.headers['netlify-vary']).toBe('cookie=ccc_admin|__Host-ccc_admin');

    const owner = await rawRequest(`${server.origin}/blog/${id}`, { headers: { cookie } });
    expect(owner.status).toBe(200);
    expect(owner.headers['cache-control']).toBe('private, no-store');
    expect(owner.headers['netlify-cdn-cache-control']).toBeUndefined();
    const html = owner.body.toString();
    expect(html).toContain('Draft preview.');
    expect(html).toContain('Not published yet');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(html).toContain('Choosing a stream after class 10');
    // The model's hostile HTML never reaches the page.
    expect(html).not.toMatch(/__pwned|evil\.example|javascript:window|onerror=/);
    expect(html).toContain('a safe link');

    // The editor's live preview renders the stored draft exactly as the page did.
    const preview = await rawRequest(`${server.origin}/api/blog-preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.origin, cookie },
      body: JSON.stringify({ content: stored?.content }),
    });
    expect(preview.status).toBe(200);
    const { html: previewHtml } = JSON.parse(preview.body.toString());
    expect(previewHtml).toContain('<h2>Part 1 of Choosing a stream after class 10');
    expect(html).toContain(previewHtml);
  });
});
