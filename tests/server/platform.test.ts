// What Netlify's platform gives functions, on the local server, with fixture functions
// loaded beside the site's (`serve.mjs --functions tests/server/fixtures/functions`):
// background and scheduled functions, the 30 s limit, the Context, method and excluded
// routes, streamed answers. The slow checks run side by side.
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { postJson, rawRequest } from './support/http.ts';
import { FIXTURE_FUNCTIONS, PORTS } from './support/ports.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { storedKeys, storedRecords } from './support/stored.ts';

let server: ServerProcess;
beforeAll(async () => {
  server = await startServerProcess({ port: PORTS.platform, args: ['--functions', FIXTURE_FUNCTIONS] });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.concurrent('slow platform behaviour', () => {
  test('a scheduled function runs on its cron schedule with the request Netlify sends', async () => {
    const run = await waitFor(async () => {
      const runs = (await storedRecords(server.blobsDir, 'server-fixtures')) as Record<string, string>[];
      return runs.find((record) => 'ranAt' in record);
    }, 65_000);
    const ranAt = new Date(run.ranAt!);
    // "* * * * *": at the top of a minute, told the next one.
    expect(ranAt.getUTCSeconds()).toBe(0);
    expect(new Date(run.nextRun!).getTime() - Math.floor(ranAt.getTime() / 60_000) * 60_000).toBe(60_000);
    expect(run).toMatchObject({ method: 'POST', userAgent: 'Netlify Clockwork', event: 'schedule' });
  }, 70_000);

  test('a synchronous function still running after 30 s gets a 504, and its signal is aborted', async () => {
    const started = Date.now();
    const answer = await rawRequest(`${server.origin}/api/fixture/slow?id=limit`);
    const seconds = (Date.now() - started) / 1000;
    expect(answer.status).toBe(504);
    expect(seconds).toBeGreaterThanOrEqual(29.5);
    expect(seconds).toBeLessThan(35);
    const aborted = await waitFor(
      async () => (await storedKeys(server.blobsDir, 'server-fixtures')).find((key) => key === 'aborted/limit'),
      5_000,
    );
    expect(aborted).toBe('aborted/limit');
  }, 45_000);

  test('a background function answers 202 at once and finishes its work afterwards', async () => {
    const started = Date.now();
    const answer = await postJson(`${server.origin}/api/fixture/background`, { id: 'lead-1' });
    expect(answer.status).toBe(202);
    expect(answer.body.length).toBe(0);
    // The function sleeps 1.5 s before it writes: the answer came before the work.
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await storedKeys(server.blobsDir, 'server-fixtures')).not.toContain('background/lead-1');
    const key = await waitFor(
      async () => (await storedKeys(server.blobsDir, 'server-fixtures')).find((k) => k === 'background/lead-1'),
      10_000,
    );
    expect(key).toBe('background/lead-1');
  });

  test('a function named *-background is one too, on its default path', async () => {
    const answer = await rawRequest(`${server.origin}/.netlify/functions/note-background?id=n-1`, { method: 'POST' });
    expect(answer.status).toBe(202);
    expect(answer.body.toString()).toBe('');
    await waitFor(
      async () => (await storedKeys(server.blobsDir, 'server-fixtures')).find((k) => k === 'note/n-1'),
      10_000,
    );
  });
});

test('a background function gets no body over the one limit: a 50 MB chunked upload is refused with 413 long before its end', async () => {
  const url = new URL(`${server.origin}/.netlify/functions/note-background?id=huge`);
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const total = 50 * 1024 * 1024;
  let sent = 0;
  const status = await new Promise<number>((resolve, reject) => {
    const request = httpRequest(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
        request.destroy();
      },
    );
    request.on('error', (error) => (sent < total ? undefined : reject(error)));
    const pump = () => {
      while (sent < total && !request.destroyed) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', pump);
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
  expect(status).toBe(413);
  expect(sent).toBeLessThan(total);
  // Nothing ran: a small body still does.
  expect(
    (await rawRequest(`${server.origin}/.netlify/functions/note-background?id=small`, { method: 'POST', body: '{}' }))
      .status,
  ).toBe(202);
  await waitFor(
    async () => (await storedKeys(server.blobsDir, 'server-fixtures')).find((k) => k === 'note/small'),
    10_000,
  );
  expect(await storedKeys(server.blobsDir, 'server-fixtures')).not.toContain('note/huge');
});

describe('the Context', () => {
  test('carries the socket’s address, never a header’s, and the params, cookies, ids, site and geo', async () => {
    const answer = await rawRequest(`${server.origin}/api/fixture/context/post-42?x=1`, {
      headers: { cookie: 'visitor=v1', 'x-nf-client-connection-ip': '203.0.113.9', 'x-forwarded-for': '203.0.113.10' },
    });
    expect(answer.status).toBe(200);
    const seen = JSON.parse(answer.body.toString());
    expect(seen).toMatchObject({
      ip: '127.0.0.1',
      connectionIpHeader: '127.0.0.1',
      params: { id: 'post-42' },
      cookie: 'v1',
      sameContextOnGlobal: true,
      geoCountry: 'US',
      deployId: '0',
      localMarker: 'true',
      site: { id: 'local-site', url: expect.stringContaining('localhost') },
      url: `${server.origin}/api/fixture/context/post-42?x=1`,
    });
    expect(seen.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer.headers['set-cookie']).toEqual(['fixture=set-by-context; HttpOnly; Path=/']);
  });

  test('a request body reaches the function whole', async () => {
    const body = JSON.stringify({ text: 'é'.repeat(5000) });
    const answer = await rawRequest(`${server.origin}/api/fixture/context`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(JSON.parse(answer.body.toString()).body).toBe(body);
  });
});

describe('routing by config', () => {
  test('wildcards match, and an excludedPath is left to the rest of the site', async () => {
    const matched = await rawRequest(`${server.origin}/api/fixture/files/a/b.txt`);
    expect(JSON.parse(matched.body.toString()).params).toEqual({ 0: 'a/b.txt' });
    const excluded = await rawRequest(`${server.origin}/api/fixture/files/private/x`);
    expect(excluded.status).toBe(404);
    expect(JSON.parse(excluded.body.toString())).toEqual({ error: 'No such API route.' });
  });

  test('config.method: only that method reaches the function', async () => {
    const put = await rawRequest(`${server.origin}/api/fixture/only-put`, { method: 'PUT' });
    expect(put.body.toString()).toBe('put ok');
    const get = await rawRequest(`${server.origin}/api/fixture/only-put`);
    expect(get.status).toBe(404);
  });

  test('a scheduled function has no URL', async () => {
    expect((await rawRequest(`${server.origin}/.netlify/functions/retry-outbox`, { method: 'POST' })).status).toBe(404);
  });
});

test('a streamed answer is compressed as a stream and decodes to the same text', async () => {
  const plain = await rawRequest(`${server.origin}/api/fixture/stream`, { headers: { 'accept-encoding': 'identity' } });
  const packed = await rawRequest(`${server.origin}/api/fixture/stream`, { headers: { 'accept-encoding': 'br' } });
  expect(plain.headers['transfer-encoding']).toBe('chunked');
  expect(packed.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(packed.body).equals(plain.body)).toBe(true);
  expect(plain.body.toString()).toContain('part 5:');
});
