// The lead-loss bug of the emulator: a burst of posts on a server that has just started.
// Against `node netlify/serve.mjs`, the command `npm start` runs after its build.
import { afterAll, expect, test } from 'vitest';
import { Agent } from 'node:http';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';
import { storedRecords } from './support/stored.ts';
import { PORTS } from './support/ports.ts';
import { postJson } from './support/http.ts';
import { lettersOf } from '../support/names.ts';

const BURST = 200;
let server: ServerProcess | undefined;
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
});

test(`${BURST} contact posts sent together the moment the server answers: every one answered 201 and stored`, async () => {
  // 200 posts from one address in a second: far past contact's rateLimit, which would
  // refuse all but 20 (tests/server/rate-limits.test.ts checks the limit itself).
  server = await startServerProcess({ port: PORTS.coldBurst, pollMs: 5, env: { LOCAL_RATE_LIMITS: 'off' } });
  // One connection per post, all open at once: the burst reaches the server together.
  const agent = new Agent({ keepAlive: false, maxSockets: BURST });
  const emails = Array.from({ length: BURST }, (_, index) => `burst-${index}@example.com`);
  const responses = await Promise.all(
    emails.map((email, index) =>
      postJson(
        `${server!.origin}/api/contact`,
        { name: `Burst ${lettersOf(index)}`, email, phone: '98765 43210', whoIsThisFor: 'college' },
        agent,
      ),
    ),
  );
  agent.destroy();

  const failures = responses
    .filter((response) => response.status !== 201)
    .map((response) => `${response.status} ${response.body}`);
  expect(failures).toEqual([]);
  const stored = (await storedRecords(server.blobsDir, 'contacts')) as { email: string }[];
  expect(stored).toHaveLength(BURST);
  expect(new Set(stored.map((record) => record.email))).toEqual(new Set(emails));
});
