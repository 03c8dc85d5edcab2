import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import searchFn from '../../netlify/functions/admin-search.mts';
import { readCounts } from '../../src/server/indexes/stats/counterStore';
import { countStoredRecords } from '../../src/server/leads/recount';
import { contacts } from '../../src/server/leads/contacts';
import { pendingEventIds } from '../../src/server/followUp/events';
import { runFollowUpJob } from '../../src/server/app/minuteJob';
import { readLeadsBySource } from '../../src/server/sources/leadSources';
import { adminCookie } from './support/admin';
import { SITE, call, jsonOf } from './support/call';
import { bundleFunction, callInParallelProcesses, type ProcessRequest } from './support/function-process';
import {
  OWNER_ADDRESS,
  type SmtpReceiver,
  type WebhookReceiver,
  clearNotificationEnv,
  startSmtpReceiver,
  startWebhookReceiver,
  useNotificationEnv,
} from './support/mail-receivers';

// Leads arriving at separate function instances (separate Node processes, as on Netlify),
// with notifications on: a real SMTP server and webhook receiver in this process.

let smtp: SmtpReceiver;
let hook: WebhookReceiver;
let env: Record<string, string>;
let bundle: string;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  hook = await startWebhookReceiver();
  env = useNotificationEnv(smtp, hook);
  bundle = await bundleFunction('netlify/functions/contact.mts');
});
afterAll(async () => {
  clearNotificationEnv();
  await smtp.stop();
  await hook.stop();
});

// The child process writes each request's number in place of `<n>`, in digits: the e-mail
// carries it, so every lead is its own; a name may not hold digits, so the name is the tag's.
const contactRequest = (tag: string, extra: Record<string, unknown> = {}): ProcessRequest => ({
  url: `${SITE}/api/contact`,
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: SITE },
  body: JSON.stringify({
    name: `Burst ${tag}`,
    email: `burst-${tag}-<n>@example.com`,
    phone: '98450 12345',
    whoIsThisFor: 'college',
    ...extra,
  }),
});
const aMinuteLater = () => new Date(Date.now() + 60_000);
const ownerMails = () => smtp.mails.filter((mail) => mail.to.includes(OWNER_ADDRESS));

/** Runs the minute job until no event is left (a few runs at most), as the scheduler would. */
async function jobUntilDone(): Promise<void> {
  for (let run = 0; run < 10; run += 1) {
    const report = await runFollowUpJob({ now: aMinuteLater });
    if (report.events.left === 0 && report.outbox.left === 0 && report.folded.left === 0) return;
  }
  throw new Error('the job did not finish the work in 10 runs');
}

test('two processes post 500 leads each at once: the counters equal a recount of the store, and every lead has exactly one owner e-mail', async () => {
  const before = await readCounts();
  const posting = callInParallelProcesses(
    bundle,
    [contactRequest('a', { attribution: { source: 'instagram', medium: 'social' } }), contactRequest('b')],
    {
      ...env,
      CHILD_REPEAT: '500',
      CHILD_CONCURRENCY: '25',
    },
  );
  // Meanwhile the minute job runs in a third process (this one) with its clock a minute
  // ahead, so it takes up events their own requests are doing and folds as they go: every
  // step is done twice at the same time somewhere, and must still count and send once.
  let burstOver = false;
  const racingJob = (async () => {
    while (!burstOver) await runFollowUpJob({ now: aMinuteLater, budgetMs: 1000 });
  })();
  const answers = await posting.finally(() => (burstOver = true));
  await racingJob;
  const leads = answers.flatMap(
    (answer) => answer.body as Array<{ status: number; body: { contact: { id: string } } }>,
  );
  expect(leads).toHaveLength(1000);
  expect(leads.filter((lead) => lead.status === 201)).toHaveLength(1000);
  const ids = leads.map((lead) => lead.body.contact.id);
  expect(new Set(ids).size).toBe(1000);

  await jobUntilDone();
  // Stored: read back from the store, one by one.
  const stored = await Promise.all(ids.map((id) => contacts.get(id)));
  expect(stored.filter(Boolean)).toHaveLength(1000);
  const counts = await readCounts();
  expect(counts.contacts).toBe(before.contacts + 1000);
  expect(counts).toEqual(await countStoredRecords());

  // The job finds nothing left to do while a mail it or a child process claimed is still on
  // its way to the SMTP receiver: wait for every lead's mail to arrive, then count them.
  const mailedLeads = () =>
    new Set(ownerMails().flatMap((mail) => ids.filter((leadId) => mail.text.includes(leadId)))).size;
  await vi.waitFor(() => expect(mailedLeads()).toBe(1000), { timeout: 30_000, interval: 250 });
  const mails = ownerMails();
  const byLead = new Map<string, number>();
  for (const mail of mails) {
    const id = ids.find((leadId) => mail.text.includes(leadId));
    if (id) byLead.set(id, (byLead.get(id) ?? 0) + 1);
  }
  expect(byLead.size).toBe(1000);
  expect([...byLead.values()].every((n) => n === 1)).toBe(true);
  expect(hook.bodies.filter((body) => ids.includes(String(body.leadId)))).toHaveLength(1000);
  const sources = await readLeadsBySource(1);
  expect(sources.rows.find((row) => row.source === 'instagram' && row.medium === 'social')?.leads).toBe(500);

  // Folding changed nothing: the same counts after every change is folded into the total.
  await runFollowUpJob({ now: aMinuteLater });
  expect(await readCounts()).toEqual(counts);
}, 180_000);

test('a lead whose request process is killed right after the answer is counted, indexed and announced by the next job run', async () => {
  const before = await readCounts();
  const phone = '98111 22334';
  const [answer] = await callInParallelProcesses(
    bundle,
    [
      {
        ...contactRequest('killed'),
        body: JSON.stringify({
          name: 'Killed Rightafter',
          email: 'killed@example.com',
          phone,
          whoIsThisFor: 'college',
        }),
      },
    ],
    { ...env, CHILD_DIE_AFTER_ANSWER: '1' },
  );
  expect(answer!.status).toBe(201);
  const { id } = (answer!.body as { contact: { id: string } }).contact;
  // The process died with its follow-up unfinished: the event is still there.
  expect(await pendingEventIds()).toHaveLength(1);
  expect(ownerMails().filter((mail) => mail.text.includes(id))).toHaveLength(0);

  const report = await runFollowUpJob({ now: aMinuteLater });
  expect(report.events).toEqual({ done: 1, left: 0 });
  expect(await contacts.get(id)).toMatchObject({ name: 'Killed Rightafter' });
  expect((await readCounts()).contacts).toBe(before.contacts + 1);
  const cookie = await adminCookie();
  const found = await jsonOf<{ hits: Array<{ id: string }> }>(
    await call(searchFn, `/api/admin/search?q=${encodeURIComponent(phone)}`, { cookie }),
  );
  expect(found.hits.map((hit) => hit.id)).toContain(id);
  expect(ownerMails().filter((mail) => mail.text.includes(id))).toHaveLength(1);
  expect(hook.bodies.filter((body) => body.leadId === id)).toHaveLength(1);

  // The next runs find nothing more to do.
  await runFollowUpJob({ now: aMinuteLater });
  expect(ownerMails().filter((mail) => mail.text.includes(id))).toHaveLength(1);
  expect((await readCounts()).contacts).toBe(before.contacts + 1);
}, 60_000);
