import { describe, expect, test } from 'vitest';
import contactFn from '../../netlify/functions/contact.mts';
import followUpAdminFn from '../../netlify/functions/admin-follow-up.mts';
import {
  deadEvents,
  eventIdForRecord,
  MAX_EVENT_ATTEMPTS,
  pendingEventIds,
  readEvent,
  storeEvent,
} from '../../src/server/followUp/events';
import { createPipeline } from '../../src/server/followUp/pipeline';
import { contacts } from '../../src/server/leads/contacts';
import { leadEffects } from '../../src/server/app/effects';
import { runFollowUpJob } from '../../src/server/app/minuteJob';
import { collectionStore } from '../../src/server/storage/blobs';
import { StorageKeyError } from '../../src/server/storage/errors';
import { adminCookie } from './support/admin';
import { call, jsonOf, settleAfterResponse } from './support/call';
import { OWNER_ADDRESS } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { contactFollowUp } from './support/leadEvents';

// No input can stall scheduled work (docs/decisions/0033-bounded-keys-and-dead-letters.md):
// one valid lead must never stall the minute job, and an event that always
// fails is set aside (dead-lettered) where the owner can retry it.

const receivers = useMailReceivers();
const ownerMailsFor = (leadId: string) =>
  receivers.smtp.mails.filter((mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(leadId));

async function waitFor(what: string, ok: () => boolean | Promise<boolean>, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a lead with the longest name and a long e-mail', () => {
  test('is stored, its owner e-mail arrives, and the next lead is e-mailed within the same 2 minutes', async () => {
    const name = 'Ramachandran Subramaniam Venkateswaran '.repeat(4).slice(0, 118);
    const email = `${'a'.repeat(38)}@example.com`;
    expect(name).toHaveLength(118);
    expect(email).toHaveLength(50);
    const started = Date.now();
    const first = await call(contactFn, '/api/contact', {
      body: { name, email, phone: '98450 60606', whoIsThisFor: 'college' },
    });
    expect(first.status).toBe(201);
    const { contact } = await jsonOf<{ contact: { id: string } }>(first);
    const next = await call(contactFn, '/api/contact', {
      body: { name: 'Next Lead', email: 'next.lead@example.com', phone: '98450 60607', whoIsThisFor: 'college' },
    });
    const { contact: nextContact } = await jsonOf<{ contact: { id: string } }>(next);
    await settleAfterResponse();
    expect(await contacts.get(contact.id)).toMatchObject({ name, email });
    await waitFor(
      'both owner e-mails',
      () => ownerMailsFor(contact.id).length === 1 && ownerMailsFor(nextContact.id).length === 1,
    );
    expect(Date.now() - started).toBeLessThan(120_000);
    // Nothing left behind for the minute job to retry: the event finished.
    expect(await pendingEventIds()).not.toContain(
      eventIdForRecord('contacts', contact.id, new Date(await contacts.get(contact.id).then((c) => c!.createdAt))),
    );
  });

  test('a key Blobs would refuse fails at once, without retries', async () => {
    const started = Date.now();
    await expect(collectionStore('lead-todo').setJSON(`pending/${'x'.repeat(300)}`, {})).rejects.toBeInstanceOf(
      StorageKeyError,
    );
    await expect(collectionStore('lead-todo').setJSON('y'.repeat(601), {})).rejects.toBeInstanceOf(StorageKeyError);
    expect(Date.now() - started).toBeLessThan(500);
  });
});

describe('an effect that always throws', () => {
  const broken = createPipeline({
    effects: [
      ...leadEffects,
      { name: 'always-fails', applies: () => true, run: () => Promise.reject(new Error('this effect always fails')) },
    ],
    send: async () => undefined,
  });

  const leadEvent = (name: string) =>
    contactFollowUp(new Date(Date.now() - 10 * 60_000), name, 'set.aside@example.com', '98450 70707');

  test('backs off, is set aside after its last try with its error, the job stays within budget, and Retry runs it again', async () => {
    const event = leadEvent('Set Aside');
    await storeEvent(event);
    // Each failed run counts and backs off; the other effects are done once and not again.
    for (let run = 1; run <= MAX_EVENT_ATTEMPTS; run += 1) {
      const current = (await readEvent(event.id))!;
      const outcome = await broken.followUp(current);
      expect(outcome).toMatchObject({ state: run < MAX_EVENT_ATTEMPTS ? 'retry' : 'dead', failed: ['always-fails'] });
      if (run < MAX_EVENT_ATTEMPTS) {
        const stored = (await readEvent(event.id))!;
        expect(stored.attempts).toBe(run);
        expect(Date.parse(stored.nextAttemptAt!)).toBeGreaterThan(Date.now());
        expect(stored.done).toEqual(expect.arrayContaining(['record', 'counts', 'person', 'notifications']));
        // The site's job leaves an event that is backing off alone, and stays within its budget.
        const report = await runFollowUpJob({ budgetMs: 3000, now: () => new Date() });
        expect(report.ms).toBeLessThan(3000 + 500);
        expect(await readEvent(event.id)).toMatchObject({ attempts: run });
      }
    }
    expect(await pendingEventIds()).not.toContain(event.id);
    const [dead] = (await deadEvents()).filter((item) => item.id === event.id);
    expect(dead).toMatchObject({
      attempts: MAX_EVENT_ATTEMPTS,
      lastError: expect.stringContaining('this effect always fails'),
    });
    // The record and the owner's e-mail did not wait for the broken effect.
    expect(await contacts.get(event.record!.id)).toMatchObject({ name: 'Set Aside' });

    // The owner sees it in the admin and retries it: the site's own effects finish it.
    const cookie = await adminCookie();
    const listed = await jsonOf<{ items: Array<{ id: string; lastError: string; what: string; who: string }> }>(
      await call(followUpAdminFn, '/api/admin/follow-up', { cookie }),
    );
    expect(listed.items.find((item) => item.id === event.id)).toMatchObject({
      what: 'contact',
      who: 'Set Aside',
      lastError: expect.stringContaining('always fails'),
    });
    const retried = await call(followUpAdminFn, `/api/admin/follow-up/${event.id}/retry`, {
      method: 'POST',
      cookie,
      params: { id: event.id },
    });
    expect(retried.status).toBe(202);
    await settleAfterResponse();
    expect((await deadEvents()).map((item) => item.id)).not.toContain(event.id);
    expect(await pendingEventIds()).not.toContain(event.id);
    expect(ownerMailsFor(event.record!.id)).toHaveLength(1);
  });

  test('Retry of an unknown event is 404 and a bad id 400', async () => {
    const cookie = await adminCookie();
    expect(
      (
        await call(followUpAdminFn, '/api/admin/follow-up/0000000000000-0000000000/retry', {
          method: 'POST',
          cookie,
          params: { id: '0000000000000-0000000000' },
        })
      ).status,
    ).toBe(404);
    const bad = await call(followUpAdminFn, '/api/admin/follow-up/nope/retry', {
      method: 'POST',
      cookie,
      params: { id: 'nope' },
    });
    expect(bad.status).toBe(400);
    expect(await jsonOf(bad)).toMatchObject({ fields: { id: expect.any(String) } });
    expect((await call(followUpAdminFn, '/api/admin/follow-up')).status).toBe(401);
  });
});

describe('the minute job', () => {
  test('leaves an event whose run is still going at the deadline for the next run, and returns within its budget', async () => {
    const event = contactFollowUp(
      new Date(Date.now() - 10 * 60_000),
      'Slow Storage',
      'slow.storage@example.com',
      '98450 80808',
    );
    const id = event.record!.id;
    await storeEvent(event);
    // Blobs stops answering for this lead's record write (a network that hangs), as long as the test holds it.
    const inner = globalThis.fetch;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    globalThis.fetch = async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if ((init?.method ?? 'GET').toUpperCase() === 'PUT' && decodeURIComponent(url).endsWith(`/${id}`)) await released;
      return inner(input, init);
    };
    try {
      const report = await runFollowUpJob({ budgetMs: 2000 });
      expect(report.ms).toBeLessThan(2000 + 500);
      expect(report.cutShort).toContain('events (deadline)');
      expect(await pendingEventIds()).toContain(event.id);
    } finally {
      release();
      globalThis.fetch = inner;
    }
    // Once Blobs answers again, the run it was left to finishes it.
    await waitFor('the held run to finish', async () => !(await pendingEventIds()).includes(event.id), 30_000);
    expect(ownerMailsFor(id)).toHaveLength(1);
  });
});
