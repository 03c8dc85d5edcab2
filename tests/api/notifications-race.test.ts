import { expect, test } from 'vitest';
import bookCallFn from '../../netlify/functions/book-call.mts';
import { readEntry, replaceEntry } from '../../src/server/notifications/outbox';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { bundleFunction, callInParallelProcesses } from './support/function-process';
import { OWNER_ADDRESS, useNotificationEnv } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { lettersOf } from '../support/names';

const receivers = useMailReceivers({ notificationsOn: false });

interface JobAnswer {
  outbox: { examined: number; outcomes: Record<string, number> };
}

test('two retry processes racing over one outbox deliver every notification exactly once', async () => {
  const { smtp, hook } = receivers;
  const env = useNotificationEnv(smtp, hook);
  // Both channels down while the leads arrive: every entry waits in the outbox.
  await smtp.outage();
  hook.outage();
  const ids: string[] = [];
  try {
    for (let index = 0; index < 4; index += 1) {
      const response = await call(bookCallFn, '/api/book-call', {
        body: { name: `Racer ${lettersOf(index)}`, phone: `98450 7000${index}`, background: 'working-professional' },
      });
      expect(response.status).toBe(201);
      ids.push((await jsonOf<{ booking: { id: string } }>(response)).booking.id);
    }
    await settleAfterResponse();
  } finally {
    await smtp.recover();
    hook.recover();
  }
  const entryIds = ids.flatMap((id) => [`${id}.discovery-call.email`, `${id}.discovery-call.webhook`]);
  for (const id of entryIds) {
    const found = await readEntry(id);
    expect(found?.entry).toMatchObject({ status: 'pending', attempts: 1 });
    // The backoff minute has passed.
    expect(
      await replaceEntry({ ...found!.entry, nextAttemptAt: new Date(Date.now() - 1000).toISOString() }, found!.etag),
    ).not.toBeNull();
  }
  expect(smtp.mails).toHaveLength(0);
  expect(hook.bodies).toHaveLength(0);

  // A slow mail server keeps each send open long enough for the other process to try it too.
  smtp.delayMs = 150;
  const bundle = await bundleFunction('netlify/functions/follow-up.mts');
  const request = {
    url: `${SITE}/.netlify/functions/follow-up`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ next_run: new Date().toISOString() }),
  };
  const answers = await callInParallelProcesses(bundle, [request, request], env);
  smtp.delayMs = 0;

  const reports = answers.map((answer) => (answer.body as JobAnswer).outbox);
  // Both processes saw the work (the race was real), and between them sent each entry once.
  for (const report of reports) expect(report.examined).toBeGreaterThan(0);
  expect(reports.reduce((sum, report) => sum + (report.outcomes.sent ?? 0), 0)).toBe(entryIds.length);
  for (const id of ids) {
    expect(smtp.mails.filter((mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(id))).toHaveLength(1);
    expect(hook.bodies.filter((body) => body.leadId === id)).toHaveLength(1);
  }
  for (const id of entryIds) {
    // One claim during the request, exactly one in the race.
    expect((await readEntry(id))?.entry).toMatchObject({ status: 'sent', attempts: 2 });
  }
}, 60_000);
