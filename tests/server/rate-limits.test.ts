// Functions' `config.rateLimit` on the server `npm start` runs (docs/local-server.md):
// counted per function before it runs, 429 with Retry-After past the limit; with
// LOCAL_RATE_LIMITS=off every request gets through. Every request here comes from this
// machine's one address: the server takes the client address from the socket only.
import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { Agent } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { postJson, rawRequest } from './support/http.ts';
import { FIXTURE_FUNCTIONS, PORTS } from './support/ports.ts';
import { projectRoot, startServerProcess, type ServerProcess } from './support/server-process.ts';
import { storedRecords } from './support/stored.ts';
import { scratchDir } from '../support/scratch.ts';

/** netlify/functions/contact.mts: rateLimit { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] }. */
const CONTACT_LIMIT = 20;
const CONTACT_WINDOW_SECONDS = 60;

// Names take letters only (src/lib/schemas/fields.ts), so the e-mail tells the posts apart.
const contactBody = (index: number) => ({
  name: 'Asha Rao',
  email: `limit-${index}@example.com`,
  phone: '98765 43210',
  whoIsThisFor: 'college',
});

/** Posts one contact after another on one kept-alive connection, as one client would. */
async function postContacts(server: ServerProcess, count: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    const answers = [];
    for (let index = 0; index < count; index += 1)
      answers.push(await postJson(`${server.origin}/api/contact`, contactBody(index), agent));
    return answers;
  } finally {
    agent.destroy();
  }
}

const storedEmails = async (server: ServerProcess) =>
  ((await storedRecords(server.blobsDir, 'contacts')) as Array<{ email: string }>).map((record) => record.email).sort();
const emailsUpTo = (count: number) => Array.from({ length: count }, (_, index) => contactBody(index).email).sort();

describe('as `npm start` runs it (no switch)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ port: PORTS.rateLimits });
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  test(`${CONTACT_LIMIT + 1} contact posts from one address within a minute: ${CONTACT_LIMIT} reach the function, the next gets 429 with Retry-After`, async () => {
    const firstSent = Date.now();
    const answers = await postContacts(server, CONTACT_LIMIT + 1);
    const lastAnswered = Date.now();
    expect(lastAnswered - firstSent, 'the posts must all fall inside one window').toBeLessThan(
      CONTACT_WINDOW_SECONDS * 1000,
    );

    const allowed = answers.slice(0, CONTACT_LIMIT);
    expect(allowed.map((answer) => answer.status)).toEqual(Array(CONTACT_LIMIT).fill(201));
    const refused = answers[CONTACT_LIMIT]!;
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(JSON.parse(refused.body.toString())).toEqual({ error: expect.stringMatching(/^Too many requests/) });
    // Seconds until the first post leaves the window: at most the window, at least what was left of it.
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeLessThanOrEqual(CONTACT_WINDOW_SECONDS);
    expect(retryAfter).toBeGreaterThanOrEqual(Math.floor(CONTACT_WINDOW_SECONDS - (lastAnswered - firstSent) / 1000));

    // The refused post never reached the function: only the first twenty are stored.
    expect(await storedEmails(server)).toEqual(emailsUpTo(CONTACT_LIMIT));
  });

  test('the limit is per function: contact stays refused, for any method, while newsletter answers', async () => {
    const newsletter = await postJson(`${server.origin}/api/newsletter`, { email: 'limit-newsletter@example.com' });
    expect(newsletter.status, newsletter.body.toString()).toBe(200);
    expect((await rawRequest(`${server.origin}/api/contact`)).status).toBe(429);
    expect((await postJson(`${server.origin}/api/contact`, contactBody(99))).status).toBe(429);
  });
});

describe('LOCAL_RATE_LIMITS=off', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ port: PORTS.rateLimitsOff, env: { LOCAL_RATE_LIMITS: 'off' } });
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  test(`${CONTACT_LIMIT + 5} contact posts from one address within a minute: every one reaches the function`, async () => {
    const answers = await postContacts(server, CONTACT_LIMIT + 5);
    expect(answers.map((answer) => answer.status)).toEqual(Array(CONTACT_LIMIT + 5).fill(201));
    expect(await storedEmails(server)).toEqual(emailsUpTo(CONTACT_LIMIT + 5));
    expect(server.output()).toMatch(/rate limits: off/);
  });
});

test('a switch that is neither on nor off stops the server before it starts', async () => {
  const blobsDir = await mkdtemp(join(scratchDir(), 'ccc-server-blobs-'));
  // Were the word taken, the server would start and be killed at the timeout, failing the test.
  const run = spawnSync(process.execPath, ['netlify/serve.mjs'], {
    cwd: projectRoot,
    env: { ...process.env, LOCAL_RATE_LIMITS: 'false', PORT: String(PORTS.rateLimitsOff), BLOBS_DIR: blobsDir },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stdout).toBe(1);
  expect(run.stderr).toContain('LOCAL_RATE_LIMITS must be "on" or "off" (got "false")');
});

describe('rules of other kinds (fixture functions)', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ port: PORTS.rateLimitsFixtures, args: ['--functions', FIXTURE_FUNCTIONS] });
  });
  afterAll(async () => {
    expect(await server.stop()).toBe(0);
  });

  const get = (path: string, host?: string) => rawRequest(`${server.origin}${path}`, host ? { headers: { host } } : {});

  test("action 'rewrite' serves `to` past the limit; with no aggregateBy each domain has its own count", async () => {
    const robots = (await get('/robots.txt')).body.toString();
    const path = '/api/fixture/limited/rewrite';
    for (let i = 0; i < 2; i += 1) expect((await get(path)).body.toString()).toBe('answered by limited-rewrite');
    const rewritten = await get(path);
    expect(rewritten.status).toBe(200);
    expect(rewritten.body.toString()).toBe(robots);
    expect((await get(path, 'coach.example.com')).body.toString()).toBe('answered by limited-rewrite');
  });

  test('aggregateBy ip alone: one address is counted together on every domain', async () => {
    const path = '/api/fixture/limited/by-ip';
    const first = await get(path, 'one.example.com');
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body.toString()).ip).toBe('127.0.0.1');
    expect((await get(path, 'two.example.com')).status).toBe(200);
    const refused = await get(path, 'three.example.com');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
