import { describe, expect, test } from 'vitest';
import contactFn from '../../netlify/functions/contact.mts';
import downloadsFn from '../../netlify/functions/resource-downloads.mts';
import { PERSON_NAME_MESSAGE } from '../../src/lib/schemas/fields';
import { storeEvent } from '../../src/server/followUp/events';
import { contacts } from '../../src/server/leads/contacts';
import { entryId, readEntry } from '../../src/server/notifications/outbox';
import { runFollowUpJob } from '../../src/server/app/minuteJob';
import { collectionStore } from '../../src/server/storage/blobs';
import { recordKey } from '../../src/server/storage/keys';
import { CONFIRMATIONS_PER_DAY } from '../../src/server/notifications/visitorQuota';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { contactFollowUp } from './support/leadEvents';
import { OWNER_ADDRESS } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';

// The lead forms take any e-mail address and any name the name rule allows (a dot and words
// are enough for a lure), and records stored under the earlier rule hold any text as a name:
// the site must never become a way to mail a stranger someone else's words or links.
const receivers = useMailReceivers();

const LURE = 'Your account is locked - verify now at https://evil.example/login';
/** The same lure in what a name may hold (letters, spaces, . ' -): the forms take it. */
const PLAIN_LURE = 'Your account is locked - verify now at evil.example';
const unique = () => Math.random().toString(36).slice(2, 8);
let nextIp = 1;
const freshIp = () => `198.51.100.${nextIp++}`;

async function contact(name: string, email: string, options: { site?: string } = {}) {
  const response = await call(contactFn, '/api/contact', {
    body: { name, email, phone: '98450 22222', whoIsThisFor: 'college' },
    ip: freshIp(),
    ...options,
  });
  expect(response.status).toBe(201);
  const { contact: stored } = await jsonOf<{ contact: { id: string } }>(response);
  await settleAfterResponse();
  return stored.id;
}

/** The form's answer to a name it must refuse: a 400 naming the name, and no record, no mail. */
async function refusedContact(name: string, email: string): Promise<void> {
  const before = await contacts.count();
  const response = await call(contactFn, '/api/contact', {
    body: { name, email, phone: '98450 22222', whoIsThisFor: 'college' },
    ip: freshIp(),
  });
  expect(response.status).toBe(400);
  expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toEqual({ name: PERSON_NAME_MESSAGE });
  await settleAfterResponse();
  expect(await contacts.count()).toBe(before);
  expect((await contacts.all()).some((record) => record.email === email)).toBe(false);
  expect(receivers.smtp.mails.filter((mail) => mail.to.includes(email) || mail.text.includes(email))).toHaveLength(0);
}

/**
 * A contact stored under the earlier rule, which took any text as a name, whose follow-up
 * (its mails and webhook call) is still to be done: the minute job does it, a minute on.
 */
async function storedUnderTheEarlierRule(name: string, email: string): Promise<string> {
  const event = contactFollowUp(new Date(), name, email, '98450 22222');
  const record = event.record!;
  await collectionStore('contacts').setJSON(recordKey(record.id), record.value, { onlyIfNew: true });
  expect(await storeEvent(event)).toBe(true);
  await runFollowUpJob({ now: () => new Date(Date.now() + 60_000) });
  await settleAfterResponse();
  return record.id;
}

describe('a stranger named as the visitor', () => {
  test('a name with a web address is a 400 naming the name: nothing is stored, nothing mailed to the address typed', async () => {
    await refusedContact(LURE, `victim.${unique()}@example.com`);
  });

  test('the confirmation holds none of the typed text and no web address but our own (the Your data link); the owner still sees the name as typed', async () => {
    const stranger = `victim.${unique()}@example.com`;
    const id = await contact(PLAIN_LURE, stranger);
    const [confirmation, ...more] = receivers.smtp.mails.filter((mail) => mail.to.includes(stranger));
    expect(more).toHaveLength(0);
    for (const part of [confirmation!.subject, confirmation!.text, confirmation!.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('locked');
      // Only this site's own addresses (the "Your data" link every visitor mail carries), never one typed.
      expect([...part.matchAll(/https?:\/\/[^\s"<]+/g)].map(([url]) => new URL(url).origin)).toEqual(
        [...part.matchAll(/https?:\/\/[^\s"<]+/g)].map(() => SITE),
      );
    }
    expect(confirmation!.text).toMatch(/^Hello,/);
    expect(confirmation!.text).toContain(
      `Your data: see, correct or erase what we hold about you at ${SITE}/privacy/my-data`,
    );
    const owner = receivers.smtp.mails.find((mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(id));
    expect(owner?.text).toContain(`Name: ${PLAIN_LURE}`);
  });

  test('a web address stored as a name under the earlier rule: the confirmation the job sends holds none of it, only our own addresses; the owner sees it as typed', async () => {
    const stranger = `victim.${unique()}@example.com`;
    const id = await storedUnderTheEarlierRule(LURE, stranger);
    const [confirmation, ...more] = receivers.smtp.mails.filter((mail) => mail.to.includes(stranger));
    expect(more).toHaveLength(0);
    for (const part of [confirmation!.subject, confirmation!.text, confirmation!.html]) {
      expect(part).not.toContain('evil.example');
      expect(part).not.toContain('locked');
      // Only this site's own addresses (the "Your data" link every visitor mail carries), never one typed.
      expect([...part.matchAll(/https?:\/\/[^\s"<]+/g)].map(([url]) => new URL(url).origin)).toEqual(
        [...part.matchAll(/https?:\/\/[^\s"<]+/g)].map(() => SITE),
      );
    }
    expect(confirmation!.text).toMatch(/^Hello,/);
    const owner = receivers.smtp.mails.find((mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(id));
    expect(owner?.text).toContain(`Name: ${LURE}`);
  });

  test('a plain name is kept in the greeting', async () => {
    const email = `asha.${unique()}@example.com`;
    await contact('Asha K. Rao-Menon', email);
    expect(receivers.smtp.mails.find((mail) => mail.to.includes(email))?.text).toMatch(/^Dear Asha K\. Rao-Menon,/);
  });

  test('a download confirmation links only to this site', async () => {
    const stranger = `victim.${unique()}@example.com`;
    const response = await call(downloadsFn, '/api/resource-downloads', {
      body: {
        fullName: 'Click evil.example now',
        email: stranger,
        mobile: '98450 44444',
        currentStage: 'midcareer',
        resourceId: 'executive-guide',
      },
      ip: freshIp(),
    });
    expect(response.status).toBe(201);
    await settleAfterResponse();
    const confirmation = receivers.smtp.mails.find((mail) => mail.to.includes(stranger));
    expect(confirmation?.text).not.toContain('evil.example');
    expect(
      new Set([...confirmation!.text.matchAll(/https?:\/\/[^\s"]+/g)].map(([url]) => new URL(url).origin)),
    ).toEqual(new Set([SITE]));
  });

  test(`at most ${CONFIRMATIONS_PER_DAY} confirmations to one address in 24 hours; the next is held back for good`, async () => {
    const stranger = `flooded.${unique()}@example.com`;
    const ids: string[] = [];
    for (let index = 0; index <= CONFIRMATIONS_PER_DAY; index += 1) ids.push(await contact('Asha Rao', stranger));
    expect(receivers.smtp.mails.filter((mail) => mail.to.includes(stranger))).toHaveLength(CONFIRMATIONS_PER_DAY);
    const held = await readEntry(entryId(ids.at(-1)!, 'contact', 'visitor-email'));
    expect(held?.entry).toMatchObject({ status: 'held', nextAttemptAt: null });
    expect(held?.entry.lastError).toMatch(/^Not sent: this mailbox had 3 confirmations/);
    // The owner hears about every one of them.
    for (const id of ids)
      expect(receivers.smtp.mails.some((mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(id))).toBe(true);
  });
});

describe('the owner webhook', () => {
  const PING = '<!channel> <https://evil.example|Open the admin> & co';

  test('a name with chat markup is a 400 naming the name: nothing is stored or announced', async () => {
    const hooksBefore = receivers.hook.bodies.length;
    await refusedContact(PING, `x.${unique()}@example.com`);
    expect(
      receivers.hook.bodies.slice(hooksBefore).filter((item) => String(item.text).includes('evil.example')),
    ).toHaveLength(0);
  });

  test('a visitor name stored under the earlier rule cannot ping a channel or disguise a link in Slack or Google Chat', async () => {
    const id = await storedUnderTheEarlierRule(PING, `x.${unique()}@example.com`);
    const body = receivers.hook.bodies.find((item) => item.leadId === id);
    expect(body?.text).toContain('&lt;!channel&gt; &lt;https://evil.example|Open the admin&gt; &amp; co');
    expect(body?.text).not.toMatch(/<!channel>|<https:/);
  });
});

describe('links in messages', () => {
  test('come from the site address, never from the request Host', async () => {
    const email = `host.${unique()}@example.com`;
    const id = await contact('Asha Rao', email, { site: 'http://evil.example' });
    const owner = receivers.smtp.mails.find((mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(id));
    expect(owner?.text).toContain(`In the admin: ${SITE}/admin/bookings#customers`);
    expect(owner?.text).not.toContain('evil.example');
    const configured = 'https://coach.example.com';
    process.env.URL = configured;
    try {
      const second = await contact('Asha Rao', `host2.${unique()}@example.com`, { site: 'http://evil.example' });
      const mail = receivers.smtp.mails.find((item) => item.to.includes(OWNER_ADDRESS) && item.text.includes(second));
      expect(mail?.text).toContain(`In the admin: ${configured}/admin/bookings#customers`);
    } finally {
      delete process.env.URL;
    }
  });
});
