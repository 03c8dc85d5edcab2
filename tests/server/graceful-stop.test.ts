// Stopping `npm start` (Ctrl-C or SIGTERM) loses nothing: the server stops accepting,
// finishes the answers in flight and the work left for later (background functions,
// context.waitUntil), then closes the Blobs store and exits cleanly.
import { get } from 'node:http';
import { expect, test } from 'vitest';
import { postJson, rawRequest } from './support/http.ts';
import { FIXTURE_FUNCTIONS, PORTS } from './support/ports.ts';
import { startServerProcess } from './support/server-process.ts';
import { storedKeys } from './support/stored.ts';

test('SIGTERM: in-flight answers and pending work finish, new connections are refused, exit code 0', async () => {
  const server = await startServerProcess({ port: PORTS.stop, args: ['--functions', FIXTURE_FUNCTIONS] });

  // A streamed answer that takes about 1.5 s, under way when the signal comes.
  const streamed = new Promise<string>((resolve, reject) => {
    get(`${server.origin}/api/fixture/stream?pause=300`, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve(body));
      res.on('error', reject);
    }).on('error', reject);
  });
  expect((await rawRequest(`${server.origin}/api/fixture/later?id=stop-1`)).status).toBe(200);
  expect((await postJson(`${server.origin}/api/fixture/background`, { id: 'stop-2' })).status).toBe(202);
  await new Promise((resolve) => setTimeout(resolve, 200));

  const exit = server.stop('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 300));
  await expect(rawRequest(`${server.origin}/robots.txt`)).rejects.toThrow(/ECONNREFUSED|ECONNRESET|socket hang up/);

  const body = await streamed;
  expect(body).toContain('part 5:');
  expect(await exit).toBe(0);
  const keys = await storedKeys(server.blobsDir, 'server-fixtures');
  expect(keys).toContain('later/stop-1');
  expect(keys).toContain('background/stop-2');
  expect(server.output()).toContain('SIGTERM: finishing requests and background work');
  expect(server.output()).not.toContain('Stopping now');
}, 60_000);
