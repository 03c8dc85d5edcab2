// The lead path at the latency it meets on Netlify: every Blobs call of the local server
// delayed 40 ms (BLOBS_LATENCY_MS), notifications on (a real SMTP server and webhook
// receiver), 200 leads at once. Against `node netlify/serve.mjs`, what `npm start` runs.
import { Agent } from 'node:http';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  OWNER_ADDRESS,
  type SmtpReceiver,
  type WebhookReceiver,
  clearNotificationEnv,
  startSmtpReceiver,
  startWebhookReceiver,
  useNotificationEnv,
} from '../api/support/mail-receivers';
import { postJson } from './support/http.ts';
import { lettersOf } from '../support/names.ts';
import { PORTS } from './support/ports.ts';
import { type ServerProcess, startServerProcess } from './support/server-process.ts';
import { storedRecords } from './support/stored.ts';

const LEADS = 200;
const LATENCY_MS = 40;
let smtp: SmtpReceiver;
let hook: WebhookReceiver;
let server: ServerProcess | undefined;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  hook = await startWebhookReceiver();
});
afterAll(async () => {
  expect(await server?.stop()).toBe(0);
  clearNotificationEnv();
  await smtp.stop();
  await hook.stop();
});

/** Resolves once `done()` holds, checking as mails and webhook calls arrive. */
async function until(done: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

test(`${LEADS} concurrent leads at ${LATENCY_MS} ms per Blobs call: every one answered 201, stored and announced once`, async () => {
  const env = useNotificationEnv(smtp, hook);
  // 201 leads from one address at once, past contact's rateLimit (rate-limits.test.ts checks the limit).
  server = await startServerProcess({
    port: PORTS.leadLatency,
    env: { ...env, BLOBS_LATENCY_MS: String(LATENCY_MS), LOCAL_RATE_LIMITS: 'off' },
  });

  // The setting is in force: a lead is two Blobs writes one after the other (event, then lead).
  const started = performance.now();
  const first = await postJson(`${server.origin}/api/contact`, {
    name: 'Latency Probe',
    email: 'probe@example.com',
    phone: '98765 43210',
    whoIsThisFor: 'college',
  });
  expect(first.status).toBe(201);
  expect(performance.now() - started).toBeGreaterThanOrEqual(2 * LATENCY_MS);

  const agent = new Agent({ keepAlive: true, maxSockets: LEADS });
  const emails = Array.from({ length: LEADS }, (_, index) => `latency-${index}@example.com`);
  const responses = await Promise.all(
    emails.map((email, index) =>
      postJson(
        `${server!.origin}/api/contact`,
        { name: `Latency ${lettersOf(index)}`, email, phone: '98765 43210', whoIsThisFor: 'college' },
        agent,
      ),
    ),
  );
  agent.destroy();
  expect(
    responses.filter((response) => response.status !== 201).map((response) => `${response.status} ${response.body}`),
  ).toEqual([]);
  const ids = responses.map(
    (response) => (JSON.parse(response.body.toString()) as { contact: { id: string } }).contact.id,
  );

  // Announced after the answers, each once: the owner's e-mail and the webhook.
  const ownerMailsFor = (id: string) =>
    smtp.mails.filter((mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(id));
  await until(
    () =>
      ids.every((id) => ownerMailsFor(id).length > 0) &&
      ids.every((id) => hook.bodies.some((body) => body.leadId === id)),
    90_000,
    'every owner e-mail and webhook call',
  );
  expect(ids.filter((id) => ownerMailsFor(id).length !== 1)).toEqual([]);
  expect(ids.filter((id) => hook.bodies.filter((body) => body.leadId === id).length !== 1)).toEqual([]);

  const stored = (await storedRecords(server.blobsDir, 'contacts')) as Array<{ email: string }>;
  expect(new Set(stored.map((record) => record.email))).toEqual(new Set([...emails, 'probe@example.com']));
}, 180_000);
