import { describe, expect, test } from 'vitest';
import bookCallFn from '../../netlify/functions/book-call.mts';
import contactFn from '../../netlify/functions/contact.mts';
import peopleFn from '../../netlify/functions/admin-people.mts';
import paymentRequestsFn from '../../netlify/functions/admin-payment-requests.mts';
import resourceDownloadsFn from '../../netlify/functions/resource-downloads.mts';
import todoFn from '../../netlify/functions/admin-todo.mts';
import webhookFn from '../../netlify/functions/razorpay-webhook.mts';
import type { PeopleAnswer, PersonThread } from '../../src/lib/schemas/people';
import type { TodoAnswer } from '../../src/lib/schemas/todo';
import { bookings } from '../../src/server/leads/bookings';
import { contacts } from '../../src/server/leads/contacts';
import { adminCookie } from './support/admin';
import { call, jsonOf, settleAfterResponse } from './support/call';
import { useMailReceivers } from './support/mail-suite';
import { bookPackage, useFakeGateway } from './support/payments';

// One person, one thread (docs/decisions/0042-one-person-view.md), through the real handlers
// against a real local Blobs server, the fake Razorpay and a real SMTP server.

const gateway = useFakeGateway();
useMailReceivers();

let people = 0;
/** A fresh person: their own phone (written two ways) and mailbox. */
function person() {
  people += 1;
  const digits = `9${String(700_000_000 + people * 7919).slice(-9)}`;
  return {
    digits,
    spaced: `${digits.slice(0, 5)} ${digits.slice(5)}`,
    plus: `+91 ${digits}`,
    email: `person${people}.${Math.random().toString(36).slice(2, 7)}@example.com`,
  };
}
const ip = () => `10.61.0.${people}`;

const todoOf = async (digits: string) => {
  const answer = await jsonOf<TodoAnswer>(await call(todoFn, '/api/admin/todo', { cookie: await adminCookie() }));
  return answer.items.filter((item) => item.phone.replace(/\D/g, '').endsWith(digits));
};
const threadOf = async (q: string) => {
  const response = await call(peopleFn, `/api/admin/people/thread?q=${encodeURIComponent(q)}`, {
    cookie: await adminCookie(),
  });
  expect(response.status).toBe(200);
  return jsonOf<PersonThread>(response);
};

describe("the owner's to-do lists people", () => {
  test('a call back and a contact message of one person (one phone written two ways, one mailbox) are one entry holding both records', async () => {
    const who = person();
    const asked = await call(bookCallFn, '/api/book-call', {
      body: { name: 'Ravi Menon', phone: who.spaced, background: 'working-professional' },
      ip: ip(),
    });
    expect(asked.status).toBe(201);
    const wrote = await call(contactFn, '/api/contact', {
      body: { name: 'Ravi Menon', email: who.email, phone: who.plus, whoIsThisFor: 'working-professional' },
      ip: ip(),
    });
    expect(wrote.status).toBe(201);
    await settleAfterResponse();
    const callBack = (await jsonOf<{ booking: { id: string } }>(asked)).booking.id;
    const message = (await jsonOf<{ contact: { id: string } }>(wrote)).contact.id;

    const entries = await todoOf(who.digits);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.records.map((record) => record.id).sort()).toEqual([callBack, message].sort());
    // The call back is due first (4 business hours against 24): it is what the entry says.
    expect(entries[0]).toMatchObject({ kind: 'booking', id: callBack, stage: 'Working Professional' });
  });

  test('no phone or mailbox in common: two people, two entries', async () => {
    const [a, b] = [person(), person()];
    for (const who of [a, b])
      expect(
        (
          await call(bookCallFn, '/api/book-call', {
            body: { name: 'Same Name', phone: who.spaced, background: 'college-graduate' },
            ip: ip(),
          })
        ).status,
      ).toBe(201);
    await settleAfterResponse();
    expect(await todoOf(a.digits)).toHaveLength(1);
    expect(await todoOf(b.digits)).toHaveLength(1);
  });
});

describe('a person’s thread', () => {
  test('a contact (mailbox only matches through the download), a download and a paid payment request: one person, every record, the client', async () => {
    const who = person();
    // The contact message gives the mailbox and a number; the download the same mailbox; the
    // package booking and its payment request the number only.
    expect(
      (
        await call(contactFn, '/api/contact', {
          body: { name: 'Lata Iyer', email: who.email, phone: who.spaced, whoIsThisFor: 'college' },
          ip: ip(),
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(resourceDownloadsFn, '/api/resource-downloads', {
          body: {
            fullName: 'Lata Iyer',
            email: who.email.toUpperCase(),
            mobile: '9000000001',
            currentStage: 'senior',
            resourceId: 'executive-guide',
          },
          ip: ip(),
        })
      ).status,
    ).toBe(201);
    const { booking } = await bookPackage('life-coaching', { mobile: who.digits, fullName: 'Lata Iyer' });
    const made = await call(paymentRequestsFn, '/api/admin/payment-requests', {
      body: {
        bookingId: booking.id,
        name: 'Lata Iyer',
        phone: who.plus,
        amount: 9000,
        packageId: 'life-coaching',
        description: 'Life Coaching: 3 sessions',
        customerState: 'Kerala',
      },
      cookie: await adminCookie(),
    });
    expect(made.status).toBe(201);
    await settleAfterResponse();
    const { request } = await jsonOf<{ request: { linkId: string } }>(made);
    const { delivery } = await gateway().payLink(request.linkId);
    expect(
      (
        await call(webhookFn, '/api/razorpay-webhook', {
          rawBody: delivery.rawBody,
          headers: delivery.headers,
          origin: null,
        })
      ).status,
    ).toBe(200);
    await settleAfterResponse();

    // Opened by the number: the contact brings the mailbox, the mailbox the download (its own number differs).
    const byPhone = await threadOf(who.digits);
    const kinds = byPhone.records.map((record) => record.type).sort();
    expect(kinds).toEqual(['booking', 'contact', 'download', 'payment']);
    expect(byPhone.person.phones).toContain(who.digits);
    expect(byPhone.person.emails).toContain(who.email);
    expect(byPhone.clients).toHaveLength(1);
    expect(byPhone.clients[0]).toMatchObject({
      packageName: expect.stringContaining('Life Coaching'),
      sessionsUsed: 0,
    });
    // The messages about their records, with where each stands: the contact's confirmation to them, the payment's receipt.
    expect(byPhone.messages.some((message) => message.kind === 'contact' && message.channel === 'visitor-email')).toBe(
      true,
    );
    expect(byPhone.messages.some((message) => message.kind === 'payment-captured')).toBe(true);
    // What they agreed to: answering their request, on the contact form.
    expect(byPhone.consents.map((consent) => consent.purpose)).toContain('answer-request');
    // Opened by the mailbox: the same person.
    const byMail = await threadOf(who.email);
    expect(byMail.records.map((record) => record.id).sort()).toEqual(byPhone.records.map((record) => record.id).sort());
    // Newest first.
    const times = byPhone.records.map((record) => record.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('the People list shows the person once, with their newest activity first', async () => {
    const who = person();
    await contacts.create(
      { name: 'Old Timer', email: who.email, phone: who.spaced, whoIsThisFor: 'college' },
      new Date(Date.now() - 60_000),
      { announce: false },
    );
    await bookings.create(
      {
        fullName: 'Old Timer',
        mobile: who.plus,
        currentStage: 'College Graduate',
        packageId: null,
        packageName: 'Free Discovery Call',
        bookingType: 'discovery_call',
        amount: 0,
        status: 'pending',
        paymentStatus: null,
        notes: '',
        source: 'hero',
      },
      new Date(),
      { announce: false },
    );
    const response = await call(peopleFn, '/api/admin/people?limit=50', { cookie: await adminCookie() });
    expect(response.status).toBe(200);
    const { items } = await jsonOf<PeopleAnswer>(response);
    const mine = items.filter((item) => item.key === who.digits);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.records.map((record) => record.type)).toEqual(['booking', 'contact']);
    const times = items.map((item) => item.lastActivityAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  test('bad input is a 400 naming the field; no session is a 401', async () => {
    const cookie = await adminCookie();
    for (const q of ['', '12345', 'not-an-email@', 'x'.repeat(300)]) {
      const refused = await call(peopleFn, `/api/admin/people/thread?q=${encodeURIComponent(q)}`, { cookie });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await jsonOf(refused))).toContain('q');
    }
    for (const limit of ['0', '51', 'many']) {
      const refused = await call(peopleFn, `/api/admin/people?limit=${limit}`, { cookie });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await jsonOf(refused))).toContain('limit');
    }
    expect((await call(peopleFn, '/api/admin/people', { cookie: '' })).status).toBe(401);
    expect((await call(peopleFn, '/api/admin/people/thread?q=9845012345', { cookie: '' })).status).toBe(401);
  });
});

describe('one mailbox, however it is written', () => {
  test("a person's page opened by one way of writing a Gmail address finds the records written another way", async () => {
    const who = person();
    const local = who.email.split('@')[0]!.replace(/[^a-z0-9]/g, '');
    const wrote = await call(contactFn, '/api/contact', {
      body: {
        name: 'Kavya Rao',
        email: `${local.slice(0, 3)}.${local.slice(3)}+careers@Gmail.com`,
        phone: who.spaced,
        whoIsThisFor: 'college',
      },
      ip: ip(),
    });
    expect(wrote.status).toBe(201);
    await settleAfterResponse();
    const id = (await jsonOf<{ contact: { id: string } }>(wrote)).contact.id;
    const thread = await threadOf(`${local}@googlemail.com`);
    expect(thread.records.map((record) => record.id)).toContain(id);
  });
});
