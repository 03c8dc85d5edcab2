import { beforeAll, describe, expect, test } from 'vitest';
import adminPrivacyFn from '../../netlify/functions/admin-privacy.mts';
import adminSearchFn from '../../netlify/functions/admin-search.mts';
import appointmentsFn from '../../netlify/functions/appointments.mts';
import bookCallFn from '../../netlify/functions/book-call.mts';
import contactFn from '../../netlify/functions/contact.mts';
import corporateFn from '../../netlify/functions/corporate-enquiries.mts';
import newsletterFn from '../../netlify/functions/newsletter.mts';
import paymentRequestsFn from '../../netlify/functions/admin-payment-requests.mts';
import privacyFn from '../../netlify/functions/privacy.mts';
import downloadsFn from '../../netlify/functions/resource-downloads.mts';
import webhookFn from '../../netlify/functions/razorpay-webhook.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import whatsappWebhookFn from '../../netlify/functions/whatsapp-webhook.mts';
import { storeNames } from '../../src/lib/privacy/inventory';
import type { AdminPrivacyView, MyDataView } from '../../src/lib/schemas/privacy';
import type { Slot, SlotsAnswer } from '../../src/lib/schemas/appointment';
import { bookSession } from '../../src/server/clients/sessions';
import { clients } from '../../src/server/clients/store';
import { contacts } from '../../src/server/leads/contacts';
import { bookings } from '../../src/server/leads/bookings';
import { subscribers } from '../../src/server/leads/subscribers';
import { erasureLog } from '../../src/server/privacy/erasureLog';
import { readRequest, updateRequest } from '../../src/server/privacy/requests';
import { collectionStore } from '../../src/server/storage/blobs';
import { adminCookie } from './support/admin';
import { openAllDay } from './support/availability';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { useFakeWhatsApp } from './support/fake-whatsapp';
import { useMailReceivers } from './support/mail-suite';
import { bookPackage, useFakeGateway } from './support/payments';

// A person's rights, self-served (docs/privacy.md, "Rights" and "Erasure"): real handlers, a
// real Blobs server, a real SMTP server, the fake Razorpay and the fake WhatsApp. One person
// goes through every form and flow; their links show every record; erasure leaves them only in
// the records the tax law keeps, which every store read back confirms.

const gateway = useFakeGateway();
const mail = useMailReceivers();
const whatsapp = useFakeWhatsApp();
let cookie: string;

beforeAll(async () => {
  cookie = await adminCookie();
  await openAllDay(cookie);
});

let people = 0;
function newPerson() {
  people += 1;
  const digits = `97${String(Date.now() % 1_000_000).padStart(6, '0')}${String(people).padStart(2, '0')}`;
  return {
    name: `Kavya Menon${'abcdefghij'[people % 10]}`,
    first: 'Kavya',
    email: `kavya.${people}.${Date.now()}@example.com`,
    mobile: digits,
    phone: `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`,
  };
}
type Person = ReturnType<typeof newPerson>;

/** The link a person's request sent to their mailbox, as [id, token]. */
function linkInMail(email: string): { id: string; token: string } {
  const message = mail.smtp.mails.filter((each) => each.to.includes(email) && /Your data at/.test(each.subject)).at(-1);
  expect(message, `the link mail to ${email}`).toBeDefined();
  const url = new RegExp(`Your data: (${SITE}/privacy/my-data/(\\S+)\\?token=(\\S+))`).exec(message!.text);
  expect(url).not.toBeNull();
  return { id: url![2]!, token: url![3]! };
}

const ask = (body: Record<string, unknown>) => call(privacyFn, '/api/privacy/requests', { body });
const view = (link: { id: string; token: string }) =>
  call(privacyFn, `/api/privacy/my-data/${link.id}?token=${link.token}`, { params: { id: link.id } });
const act = (link: { id: string; token: string }, what: 'withdraw' | 'erase', body?: unknown) =>
  call(privacyFn, `/api/privacy/my-data/${link.id}/${what}?token=${link.token}`, {
    method: 'POST',
    ...(body ? { body } : {}),
    params: { id: link.id },
  });

async function sessionStart(minutes: number): Promise<Slot> {
  const { slots } = await jsonOf<SlotsAnswer>(await call(slotsFn, `/api/slots?days=7&kind=session&minutes=${minutes}`));
  const slot = slots.find((candidate) => Date.parse(candidate.start) - Date.now() > 48 * 3_600_000);
  if (!slot) throw new Error('no free session start');
  return slot;
}

/** The person through every form and flow the site has. */
async function everyFlow(person: Person) {
  const callRequest = await call(bookCallFn, '/api/book-call', {
    body: { name: person.name, phone: person.phone, background: 'working-professional', whatsappOptIn: true },
  });
  expect(callRequest.status).toBe(201);
  const { slots } = await jsonOf<SlotsAnswer>(await call(slotsFn, '/api/slots?days=7'));
  const booked = await call(appointmentsFn, '/api/appointments', {
    body: {
      start: slots.at(-1)!.start,
      name: person.name,
      phone: person.phone,
      email: person.email,
      whatsappOptIn: true,
    },
    ip: `10.77.0.${people}`,
  });
  expect(booked.status).toBe(201);
  expect(
    (
      await call(contactFn, '/api/contact', {
        body: {
          name: person.name,
          email: person.email,
          phone: person.phone,
          whoIsThisFor: 'working-professional',
          message: 'About a career change',
        },
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await call(downloadsFn, '/api/resource-downloads', {
        body: {
          fullName: person.name,
          email: person.email,
          mobile: person.mobile,
          currentStage: 'senior',
          resourceId: 'executive-guide',
          resourceTitle: 'Executive Career Acceleration Guide',
        },
      })
    ).status,
  ).toBe(201);
  expect((await call(newsletterFn, '/api/newsletter', { body: { email: person.email } })).status).toBe(200);
  expect(
    (
      await call(corporateFn, '/api/corporate-enquiries', {
        body: {
          name: person.name,
          email: person.email,
          phone: person.phone,
          company: 'Menon Works',
          employees: '1000-4999',
          role: 'HR lead',
          message: 'Training for our managers.',
        },
      })
    ).status,
  ).toBe(201);
  // A payment the owner asked for, paid through Razorpay's link, with a session booked.
  const { booking } = await bookPackage('life-coaching', {
    fullName: person.name,
    mobile: person.mobile,
    email: person.email,
  });
  const requested = await call(paymentRequestsFn, '/api/admin/payment-requests', {
    body: {
      bookingId: booking.id,
      name: person.name,
      email: person.email,
      phone: person.phone,
      amount: 18000,
      packageId: 'life-coaching',
      description: 'Life Coaching: 2 sessions',
      sessions: 2,
      customerState: 'Karnataka',
    },
    cookie,
  });
  expect(requested.status).toBe(201);
  const { request } = await jsonOf<{ request: { id: string; linkId: string } }>(requested);
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
  const client = (await clients.all()).find((each) => each.email === person.email);
  expect(client, 'the client the payment made').toBeDefined();
  const session = await bookSession(client!, (await sessionStart(client!.sessionMinutes)).start);
  await settleAfterResponse();
  // WhatsApp went to them (the call's confirmation at least).
  expect(whatsapp().messages.some((message) => message.to === `91${person.mobile}`)).toBe(true);
  return { client: client!, session };
}

/** Every store read back: the stores whose blobs still mention the person (number, mailbox or name). */
async function storesMentioning(person: Person): Promise<string[]> {
  const needles = [person.mobile, person.email.toLowerCase(), person.name.toLowerCase()];
  const found: string[] = [];
  for (const name of storeNames) {
    const store = collectionStore(name);
    const { blobs } = await store.list();
    for (const { key } of blobs) {
      const text = `${key}\n${(await store.get(key, { type: 'text' })) ?? ''}`.toLowerCase();
      const digits = text.replace(/[\s().-]/g, '');
      if (needles.some((needle) => text.includes(needle) || digits.includes(needle))) {
        found.push(name);
        break;
      }
    }
  }
  return found.sort();
}

describe('one person through every form and flow, then erased', () => {
  test('their links list every record with its consents; after erasure only the tax records hold them, and the owner search finds nothing else', async () => {
    const person = newPerson();
    const { client, session } = await everyFlow(person);

    // A link to the mailbox: everything under it.
    expect((await ask({ email: person.email })).status).toBe(202);
    await settleAfterResponse();
    const byMail = linkInMail(person.email);
    const mailView = await jsonOf<MyDataView>(await view(byMail));
    expect(mailView.verified).toEqual({ by: 'email', value: person.email.toLowerCase() });
    // The payment's document is a tax invoice or, without a GSTIN set, a plain receipt.
    const kindOf = (kind: string) => (kind === 'invoice' || kind === 'receipt' ? 'tax-document' : kind);
    const kinds = (data: MyDataView) => [...new Set(data.records.map((record) => kindOf(record.kind)))].sort();
    expect(kinds(mailView)).toEqual(
      [
        'booking',
        'call',
        'client',
        'contact',
        'corporateEnquiry',
        'download',
        'tax-document',
        'payment',
        'payment-request',
        'session',
        'subscriber',
      ].sort(),
    );
    expect(mailView.records.find((record) => record.id === client.id && record.kind === 'client')).toBeDefined();
    expect(mailView.records.find((record) => record.id === session.id)?.kind).toBe('session');
    // Kept for the tax law, with the reason: the payment, the paid request, the invoice.
    expect(
      mailView.records
        .filter((record) => record.kept)
        .map((record) => kindOf(record.kind))
        .sort(),
    ).toEqual(['payment', 'payment-request', 'tax-document']);
    expect(mailView.records.find((record) => record.kind === 'payment')?.kept?.reason).toMatch(/GST law/);
    expect(mailView.consents.map((consent) => consent.purpose)).toEqual(
      expect.arrayContaining(['answer-request', 'newsletter', 'whatsapp-updates']),
    );
    expect(mailView.person.names).toContain(person.name);

    // A link by WhatsApp to the number (it opted in): the call request, which has no mailbox, too.
    expect((await ask({ phone: person.phone })).status).toBe(202);
    await settleAfterResponse();
    const sent = whatsapp()
      .messages.filter((message) => message.template?.name === 'ccc_privacy_link')
      .at(-1);
    expect(sent?.to).toBe(`91${person.mobile}`);
    const [id, token] = /^privacy\/my-data\/(\S+)\?token=(\S+)$/.exec(sent!.urlSuffixes[0]!)!.slice(1) as [
      string,
      string,
    ];
    const byPhone = { id, token };
    const phoneView = await jsonOf<MyDataView>(await view(byPhone));
    expect(phoneView.verified.by).toBe('phone');
    const callRequest = phoneView.records.find(
      (record) => record.kind === 'booking' && !mailView.records.some((other) => other.id === record.id),
    );
    expect(callRequest?.fields.fullName).toBe(person.name);

    // Before: the person is in stores of every kind.
    expect((await storesMentioning(person)).length).toBeGreaterThan(10);

    // Erase from each link: 202, done after the answer.
    const erase = await act(byMail, 'erase');
    expect(erase.status).toBe(202);
    await settleAfterResponse();
    expect((await readRequest(byMail.id))?.status).toBe('erased');
    // The link is spent.
    expect((await view(byMail)).status).toBe(404);
    expect((await act(byPhone, 'erase')).status).toBe(202);
    await settleAfterResponse();

    // Every store read back: only the payment, the paid request and the invoice hold them.
    expect(await storesMentioning(person)).toEqual(['invoice-documents', 'payment-requests', 'payments']);
    for (const q of [person.mobile, person.email]) {
      const search = await call(adminSearchFn, `/api/admin/search?q=${encodeURIComponent(q)}`, { cookie });
      expect((await jsonOf<{ hits: unknown[] }>(search)).hits, `search ${q}`).toEqual([]);
    }
    // The session's time is free again, the owner told without the person, the erasure logged without the data.
    const owner = mail.smtp.mails.filter((each) => each.subject.startsWith('Data erased'));
    expect(owner.length).toBeGreaterThan(0);
    for (const message of owner) expect(message.text.toLowerCase()).not.toContain(person.email.toLowerCase());
    const lines = (await erasureLog()).filter((line) => line.requestId === byMail.id || line.requestId === byPhone.id);
    expect(lines).toHaveLength(2);
    expect(JSON.stringify(lines)).not.toContain(person.mobile);
    const mailLine = lines.find((line) => line.requestId === byMail.id)!;
    expect(mailLine.kept).toMatchObject({ payments: 1, 'payment-requests': 1 });
    expect(mailLine.erased).toMatchObject({ contacts: 1, clients: 1, subscribers: 1, corporateEnquiries: 1 });
    // A later request still shows what the tax law keeps, with the reason.
    await ask({ email: person.email });
    await settleAfterResponse();
    const after = await jsonOf<MyDataView>(await view(linkInMail(person.email)));
    expect(after.records.map((record) => [kindOf(record.kind), Boolean(record.kept)]).sort()).toEqual([
      ['payment', true],
      ['payment-request', true],
      ['tax-document', true],
    ]);
  });
});

describe('requests', () => {
  test('202 with the same answer for a known and an unknown person; only the known one gets a link', async () => {
    const person = newPerson();
    expect(
      (
        await call(contactFn, '/api/contact', {
          body: { name: person.name, email: person.email, phone: person.phone, whoIsThisFor: 'working-professional' },
        })
      ).status,
    ).toBe(201);
    await settleAfterResponse();
    const known = await ask({ email: person.email });
    const unknown = await ask({ email: `nobody.${Date.now()}@example.com` });
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await jsonOf(known)).toEqual(await jsonOf(unknown));
    await settleAfterResponse();
    linkInMail(person.email);
    expect(mail.smtp.mails.some((message) => message.to.some((to) => to.startsWith('nobody.')))).toBe(false);
  });

  test('a number with no mailbox and no WhatsApp consent goes to the owner to verify by phone; listed with its 90 days', async () => {
    const person = newPerson();
    expect(
      (
        await call(bookCallFn, '/api/book-call', {
          body: { name: person.name, phone: person.phone, background: 'college-graduate' },
        })
      ).status,
    ).toBe(201);
    await settleAfterResponse();
    expect((await ask({ phone: person.phone })).status).toBe(202);
    await settleAfterResponse();
    const owner = mail.smtp.mails.filter(
      (message) => message.subject === `Data request to verify by phone: ${person.phone}`,
    );
    expect(owner).toHaveLength(1);
    const panel = await jsonOf<AdminPrivacyView>(await call(adminPrivacyFn, '/api/admin/privacy', { cookie }));
    const listed = panel.requests.find((request) => request.phone === person.phone);
    expect(listed).toMatchObject({ status: 'owner-to-verify', open: true });
    expect(Date.parse(listed!.answerBy) - Date.parse(listed!.createdAt)).toBe(90 * 86_400_000);
  });

  test('bad input is a 400 naming the field; nothing stored', async () => {
    for (const body of [{}, { email: 'not-an-email' }, { phone: '12' }]) {
      const response = await ask(body);
      expect(response.status).toBe(400);
      const { fields } = await jsonOf<{ fields: Record<string, string> }>(response);
      expect(Object.keys(fields).length).toBeGreaterThan(0);
    }
  });

  test('a wrong, malformed or expired token is 404, as an unknown request is', async () => {
    const person = newPerson();
    await call(contactFn, '/api/contact', {
      body: { name: person.name, email: person.email, phone: person.phone, whoIsThisFor: 'working-professional' },
    });
    await ask({ email: person.email });
    await settleAfterResponse();
    const link = linkInMail(person.email);
    expect((await view(link)).status).toBe(200);
    expect(
      (await view({ ...link, token: `${link.token.slice(0, -1)}${link.token.endsWith('A') ? 'B' : 'A'}` })).status,
    ).toBe(404);
    expect((await view({ id: '8000000000000-0123456789', token: link.token })).status).toBe(404);
    expect((await view({ ...link, token: 'short' })).status).toBe(400);
    await updateRequest(link.id, (current) => ({
      ...current,
      linkExpiresAt: new Date(Date.now() - 1000).toISOString(),
    }));
    expect((await view(link)).status).toBe(404);
  });
});

describe('correction and withdrawal', () => {
  test('a corrected name and phone read back from the records; the newsletter and WhatsApp consent withdrawn in one tap each', async () => {
    const person = newPerson();
    await call(contactFn, '/api/contact', {
      body: {
        name: person.name,
        email: person.email,
        phone: person.phone,
        whoIsThisFor: 'working-professional',
        whatsappOptIn: true,
      },
    });
    await call(newsletterFn, '/api/newsletter', { body: { email: person.email } });
    await settleAfterResponse();
    await ask({ email: person.email });
    await settleAfterResponse();
    const link = linkInMail(person.email);

    const corrected = await call(privacyFn, `/api/privacy/my-data/${link.id}?token=${link.token}`, {
      method: 'PATCH',
      body: { name: 'Kavya R Menon', phone: '97000 11122' },
      params: { id: link.id },
    });
    expect(corrected.status).toBe(200);
    const contact = (await contacts.all()).find((each) => each.email === person.email);
    expect(contact).toMatchObject({ name: 'Kavya R Menon', phone: '97000 11122' });
    const bad = await call(privacyFn, `/api/privacy/my-data/${link.id}?token=${link.token}`, {
      method: 'PATCH',
      body: { name: 'Kavya\u202eMenon' },
      params: { id: link.id },
    });
    expect(bad.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(bad)).fields).toHaveProperty('name');

    expect((await act(link, 'withdraw', { purpose: 'newsletter' })).status).toBe(200);
    expect((await subscribers.all()).some((each) => each.email === person.email.toLowerCase())).toBe(false);
    expect((await act(link, 'withdraw', { purpose: 'whatsapp-updates' })).status).toBe(200);
    const after = await contacts.get(contact!.id);
    expect(after?.whatsappConsent).toBeUndefined();
    expect(after?.consent?.purposes).toEqual(['answer-request']);
    const { consents } = await jsonOf<MyDataView>(await view(link));
    expect(consents.map((consent) => consent.purpose)).toEqual(['answer-request']);
    expect((await act(link, 'withdraw', { purpose: 'everything' })).status).toBe(400);
  });

  test('a WhatsApp reply STOP withdraws WhatsApp consent from every record of the number', async () => {
    const person = newPerson();
    const response = await call(bookCallFn, '/api/book-call', {
      body: { name: person.name, phone: person.phone, background: 'working-professional', whatsappOptIn: true },
    });
    const { booking } = await jsonOf<{ booking: { id: string } }>(response);
    await settleAfterResponse();
    expect((await bookings.get(booking.id))?.whatsappConsent).toBeDefined();
    // Meta's delivery reaches the real handler, signed as Meta signs it.
    whatsapp().setWebhookTarget(async (request) =>
      call(whatsappWebhookFn, '/api/whatsapp-webhook', {
        rawBody: await request.text(),
        headers: {
          'content-type': 'application/json',
          'x-hub-signature-256': request.headers.get('x-hub-signature-256') ?? '',
        },
      }),
    );
    const { status } = await whatsapp().sendText(`91${person.mobile}`, 'STOP');
    expect(status).toBe(200);
    await settleAfterResponse();
    expect((await bookings.get(booking.id))?.whatsappConsent).toBeUndefined();
    whatsapp().setWebhookTarget(null);
  });
});

describe('a breach notice', () => {
  test('the owner sends each address one plain notice through the outbox, never held by the daily cap; bad input is a 400 naming the field', async () => {
    const { default: adminPrivacy } = await import('../../netlify/functions/admin-privacy.mts');
    const addresses = [`told.a.${Date.now()}@example.com`, `told.b.${Date.now()}@example.com`];
    const notice = {
      emails: [...addresses, addresses[0]!.toUpperCase()],
      happened: 'On 26 November a laptop with the lead list was stolen.',
      data: 'Your name and phone number.',
      done: 'We changed every password and told the police.',
      advice: 'Be careful of calls claiming to be from us.',
    };
    const sent = await call(adminPrivacy, '/api/admin/privacy/breach', { body: notice, cookie });
    expect(sent.status).toBe(202);
    expect(await jsonOf(sent)).toEqual({ queued: 2 });
    await settleAfterResponse();
    for (const address of addresses) {
      const mails = mail.smtp.mails.filter((each) => each.to.includes(address));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Important: a security incident at CCC Edu');
      expect(mails[0]!.text).toContain('What happened: On 26 November a laptop with the lead list was stolen.');
      expect(mails[0]!.text).toContain('Data Protection Board of India');
    }
    for (const [field, value] of [
      ['emails', []],
      ['emails', ['not-an-address']],
      ['happened', ''],
      ['advice', '<a href="https://evil.example">here</a>'],
    ] as const) {
      const refused = await call(adminPrivacy, '/api/admin/privacy/breach', {
        body: { ...notice, [field]: value },
        cookie,
      });
      expect(refused.status, field).toBe(400);
      expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(refused)).fields).join(), field).toContain(
        field,
      );
    }
    expect((await call(adminPrivacy, '/api/admin/privacy/breach', { body: notice })).status).toBe(401);
  });
});
