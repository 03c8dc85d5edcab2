import { describe, expect, test } from 'vitest';
import bookCallFn from '../../netlify/functions/book-call.mts';
import bookingsFn from '../../netlify/functions/bookings.mts';
import contactFn from '../../netlify/functions/contact.mts';
import createOrderFn from '../../netlify/functions/create-razorpay-order.mts';
import newsletterFn from '../../netlify/functions/newsletter.mts';
import webhookFn from '../../netlify/functions/razorpay-webhook.mts';
import verifyFn from '../../netlify/functions/verify-payment.mts';
import downloadsFn from '../../netlify/functions/resource-downloads.mts';
import { business } from '../../src/lib/business';
import { entryIds, readEntry } from '../../src/server/notifications/outbox';
import { eventIdForRecord, pendingEventIds, storeEvent } from '../../src/server/followUp/events';
import { runFollowUpJob } from '../../src/server/app/minuteJob';
import { contactProfile } from '../../src/server/leads/profiles';
import { contactEvent } from '../../src/server/leads/leadEvents';
import { newestFirstKey, recordKey } from '../../src/server/storage/keys';
import { collectionStore } from '../../src/server/storage/blobs';
import { subscribers } from '../../src/server/leads/subscribers';
import { contacts } from '../../src/server/leads/contacts';
import { PERSON_NAME_MESSAGE } from '../../src/lib/schemas/fields';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { razorpayId } from './support/fake-razorpay';
import { OWNER_ADDRESS, type ReceivedMail, clearNotificationEnv } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { buyerPays, useFakeGateway, webhookDelivery } from './support/payments';

// Real handlers, a real local Blobs server, a real SMTP server and a real webhook receiver.
const gateway = useFakeGateway();
const receivers = useMailReceivers();

const ownerMailsFor = (leadId: string): ReceivedMail[] =>
  receivers.smtp.mails.filter((mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(leadId));
const visitorMailsTo = (address: string): ReceivedMail[] =>
  receivers.smtp.mails.filter((mail) => mail.to.includes(address));
const hooksFor = (leadId: string) => receivers.hook.bodies.filter((body) => body.leadId === leadId);

/** The one item of a list that must hold exactly one. */
function only<T>(items: T[]): T {
  expect(items).toHaveLength(1);
  return items[0]!;
}

const unique = () => Math.random().toString(36).slice(2, 8);

async function bookCall(extra: Record<string, unknown> = {}) {
  const response = await call(bookCallFn, '/api/book-call', {
    body: { name: 'Asha Rao', phone: '98450 11111', background: 'college-graduate', ...extra },
  });
  return { response, id: (await jsonOf<{ booking: { id: string } }>(response.clone())).booking?.id };
}

describe('owner notifications for every kind of lead', () => {
  test('a discovery call: one owner e-mail and one webhook call with who, the tel: link, the 4-hour promise and the admin link', async () => {
    const { response, id } = await bookCall({ attribution: { source: 'google', medium: 'cpc', campaign: 'diwali' } });
    expect(response.status).toBe(201);
    await settleAfterResponse();
    const mail = only(ownerMailsFor(id));
    expect(mail.subject).toBe('New discovery call request: Asha Rao');
    expect(mail.text).toContain('Phone: 98450 11111 (tel:+919845011111)');
    expect(mail.html).toContain('href="tel:+919845011111"');
    expect(mail.text).toContain('Chose: Free Discovery Call');
    expect(mail.text).toContain(`call back within ${business.promises.callbackAfterCallHours} business hours`);
    expect(mail.text).toContain('Source: google / cpc (campaign diwali)');
    expect(mail.text).toContain(`${SITE}/admin/bookings#customers`);
    const body = only(hooksFor(id));
    expect(body).toMatchObject({
      kind: 'discovery-call',
      name: 'Asha Rao',
      phone: '98450 11111',
      phoneHref: 'tel:+919845011111',
      source: 'google',
      medium: 'cpc',
      campaign: 'diwali',
    });
    expect(body.text).toContain('New discovery call request: Asha Rao');
    expect(body.callbackPromise).toContain('within 4 business hours');
    // No visitor e-mail was given, so no confirmation.
    expect(
      receivers.smtp.mails.filter((mail) => mail.text.includes(id) && !mail.to.includes(OWNER_ADDRESS)),
    ).toHaveLength(0);
  });

  test('a contact message: owner e-mail and webhook, and the visitor gets the 24-hour confirmation with business hours', async () => {
    const email = `meera.${unique()}@example.com`;
    const response = await call(contactFn, '/api/contact', {
      body: { name: "Meera O'Brien", email, phone: '+91 98450 22222', whoIsThisFor: 'working-professional' },
    });
    expect(response.status).toBe(201);
    const { contact } = await jsonOf<{ contact: { id: string } }>(response);
    await settleAfterResponse();
    const mail = only(ownerMailsFor(contact.id));
    expect(mail.subject).toBe("New contact message: Meera O'Brien");
    // The visitor's text is escaped in HTML: the apostrophe a name may hold is an entity there.
    expect(mail.html).toContain('Meera O&#39;Brien');
    expect(mail.html).not.toContain("O'Brien");
    expect(mail.text).toContain('within 24 business hours');
    expect(mail.text).toContain(`E-mail: ${email}`);
    expect(mail.text).toContain('Source: (direct)');
    expect(hooksFor(contact.id)).toHaveLength(1);
    const confirmation = only(visitorMailsTo(email));
    expect(confirmation.subject).toBe(`We received your message: ${business.brand}`);
    expect(confirmation.text).toContain("We'll reply within 24 business hours");
    expect(confirmation.text).toContain(business.contact.hours);
    expect(confirmation.text).toContain('have ready');
  });

  test('a contact message whose name holds markup is a 400 naming the name: nothing is stored or sent', async () => {
    const email = `markup.${unique()}@example.com`;
    const before = await contacts.count();
    const response = await call(contactFn, '/api/contact', {
      body: { name: 'Meera <b>Iyer</b>', email, phone: '+91 98450 22222', whoIsThisFor: 'working-professional' },
    });
    expect(response.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(response)).fields).toEqual({ name: PERSON_NAME_MESSAGE });
    await settleAfterResponse();
    expect(await contacts.count()).toBe(before);
    expect((await contacts.all()).some((record) => record.email === email)).toBe(false);
    expect(receivers.smtp.mails.filter((mail) => mail.text.includes(email))).toHaveLength(0);
  });

  test('a package booking: owner e-mail and webhook with the package and price', async () => {
    const response = await call(bookingsFn, '/api/bookings', {
      body: {
        fullName: 'Priya Raman',
        mobile: '98450 33333',
        designation: 'PM',
        company: 'Infosys',
        industry: 'Tech',
        packageId: 'ascend-plus',
        attribution: { source: 'linkedin' },
      },
    });
    expect(response.status).toBe(201);
    const { booking } = await jsonOf<{ booking: { id: string; packageName: string } }>(response);
    await settleAfterResponse();
    const mail = only(ownerMailsFor(booking.id));
    expect(mail.subject).toBe(`New package booking: ${booking.packageName} (Priya Raman)`);
    expect(mail.text).toContain('Price: ₹10,599');
    expect(mail.text).toContain('Source: linkedin');
    expect(hooksFor(booking.id)).toEqual([
      expect.objectContaining({ kind: 'package-booking', choice: booking.packageName, source: 'linkedin' }),
    ]);
  });

  test('a resource download: owner e-mail and webhook, and the visitor gets the download link', async () => {
    const email = `ravi.${unique()}@example.com`;
    const response = await call(downloadsFn, '/api/resource-downloads', {
      body: {
        fullName: 'Ravi Kumar',
        email,
        mobile: '98450 44444',
        currentStage: 'midcareer',
        resourceId: 'executive-guide',
      },
    });
    expect(response.status).toBe(201);
    const { download } = await jsonOf<{ download: { id: string; resourceTitle: string } }>(response);
    await settleAfterResponse();
    const mail = only(ownerMailsFor(download.id));
    expect(mail.subject).toBe(`New resource download: ${download.resourceTitle} (Ravi Kumar)`);
    expect(hooksFor(download.id)).toHaveLength(1);
    const confirmation = only(visitorMailsTo(email));
    expect(confirmation.subject).toBe(`Your download: ${download.resourceTitle}`);
    expect(confirmation.text).toContain(`${SITE}/api/download/executive-guide`);
    expect(confirmation.html).toContain(`href="${SITE}/api/download/executive-guide"`);
  });

  test('a newsletter subscription: one owner e-mail and webhook; signing up again announces nothing', async () => {
    const email = `news.${unique()}@example.com`;
    expect(
      (
        await call(newsletterFn, '/api/newsletter', {
          body: { email, attribution: { source: 'instagram', medium: 'social' } },
        })
      ).status,
    ).toBe(200);
    await settleAfterResponse();
    const subscriber = (await subscribers.all()).find((record) => record.email === email);
    expect(subscriber).toBeDefined();
    expect(only(ownerMailsFor(subscriber!.id)).subject).toBe(`New newsletter subscriber: ${email}`);
    expect(hooksFor(subscriber!.id)).toHaveLength(1);
    expect((await call(newsletterFn, '/api/newsletter', { body: { email } })).status).toBe(200);
    await settleAfterResponse();
    expect(ownerMailsFor(subscriber!.id)).toHaveLength(1);
    expect(hooksFor(subscriber!.id)).toHaveLength(1);
  });

  test('a payment captured (webhook, then the same event again): one owner e-mail, one webhook call and one receipt; no secrets in any', async () => {
    const email = `buyer.${unique()}@example.com`;
    const ordered = await call(createOrderFn, '/api/create-razorpay-order', {
      body: {
        customerState: 'Karnataka',
        packageId: 'ascend-plus',
        customerName: 'Kiran Shah',
        customerEmail: email,
        customerPhone: '98450 55555',
        attribution: { source: 'google', medium: 'cpc' },
      },
    });
    expect(ordered.status).toBe(201);
    const order = await jsonOf<{ orderId: string; bookingId: string }>(ordered);
    await settleAfterResponse();
    // The checkout page's own booking is a package booking lead.
    expect(ownerMailsFor(order.bookingId)).toHaveLength(1);

    const paymentId = razorpayId('pay');
    const delivery = webhookDelivery('payment.captured', {
      id: paymentId,
      order_id: order.orderId,
      amount: 1059900,
      status: 'captured',
    });
    for (let round = 0; round < 2; round += 1) {
      const answer = await call(webhookFn, '/api/razorpay-webhook', {
        rawBody: delivery.rawBody,
        headers: { ...delivery.headers, 'x-razorpay-event-id': `evt_${unique()}${round}` },
        origin: null,
      });
      expect(answer.status).toBe(200);
      await settleAfterResponse();
    }
    const captured = receivers.smtp.mails.filter(
      (mail) => mail.to.includes(OWNER_ADDRESS) && mail.subject.startsWith('Payment captured'),
    );
    const mine = captured.filter((mail) => mail.text.includes(paymentId));
    const mineOnly = only(mine);
    expect(mineOnly.subject).toBe('Payment captured: ₹10,599 for Ascend Plus (Kiran Shah)');
    expect(mineOnly.text).toContain('Source: google / cpc');
    const hooks = receivers.hook.bodies.filter(
      (body) => body.kind === 'payment-captured' && String(body.text).includes(paymentId),
    );
    const receipt = only(visitorMailsTo(email));
    expect(receipt.subject).toBe('Payment received: Ascend Plus');
    expect(receipt.text).toContain('Amount paid: ₹10,599');
    expect(receipt.text).toContain(`Payment id: ${paymentId}`);
    expect(receipt.text).toContain('Next steps');
    for (const text of [mineOnly.text, mineOnly.html, receipt.text, JSON.stringify(only(hooks))]) {
      expect(text).not.toContain(delivery.headers['x-razorpay-signature']);
      expect(text).not.toMatch(/secret|signature/i);
    }
  });

  test('the browser verify and then the webhook confirm one payment: it is announced once', async () => {
    const email = `verify.${unique()}@example.com`;
    const order = await jsonOf<{ orderId: string }>(
      await call(createOrderFn, '/api/create-razorpay-order', {
        body: {
          customerState: 'Karnataka',
          packageId: 'ascend-plus',
          customerName: 'Vera Nair',
          customerEmail: email,
          customerPhone: '98450 77777',
        },
      }),
    );
    const success = buyerPays(gateway(), order.orderId);
    expect((await call(verifyFn, '/api/verify-payment', { body: success })).status).toBe(200);
    await settleAfterResponse();
    const delivery = webhookDelivery('payment.captured', {
      id: success.razorpay_payment_id,
      order_id: order.orderId,
      amount: 1059900,
      status: 'captured',
    });
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
    expect(
      receivers.smtp.mails.filter(
        (mail) =>
          mail.to.includes(OWNER_ADDRESS) &&
          mail.subject.startsWith('Payment captured') &&
          mail.text.includes(success.razorpay_payment_id),
      ),
    ).toHaveLength(1);
    expect(
      receivers.hook.bodies.filter((body) => body.kind === 'payment-captured' && body.name === 'Vera Nair'),
    ).toHaveLength(1);
    expect(only(visitorMailsTo(email)).subject).toBe('Payment received: Ascend Plus');
  });

  test('a payment failed: one owner e-mail and webhook call with the reason, no receipt', async () => {
    const email = `failed.${unique()}@example.com`;
    const order = await jsonOf<{ orderId: string }>(
      await call(createOrderFn, '/api/create-razorpay-order', {
        body: {
          customerState: 'Karnataka',
          packageId: 'ascend-plus',
          customerName: 'Dev Patel',
          customerEmail: email,
          customerPhone: '98450 66666',
        },
      }),
    );
    const paymentId = razorpayId('pay');
    const delivery = webhookDelivery('payment.failed', {
      id: paymentId,
      order_id: order.orderId,
      amount: 1059900,
      status: 'failed',
      error_description: 'Card declined by bank',
    });
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
    const failed = receivers.smtp.mails.filter(
      (mail) => mail.to.includes(OWNER_ADDRESS) && mail.subject === 'Payment failed: Ascend Plus (Dev Patel)',
    );
    expect(only(failed).text).toContain('Reason: Card declined by bank');
    expect(
      receivers.hook.bodies.filter((body) => body.kind === 'payment-failed' && body.name === 'Dev Patel'),
    ).toHaveLength(1);
    expect(visitorMailsTo(email)).toHaveLength(0);
  });
});

describe('outages', () => {
  test('SMTP down during the request: 201, the lead stored, the outbox pending; after recovery the scheduled retry delivers it once', async () => {
    const { default: retryFn } = await import('../../netlify/functions/follow-up.mts');
    await receivers.smtp.outage();
    let id: string;
    try {
      const started = Date.now();
      const result = await bookCall({ name: 'Outage Person' });
      expect(result.response.status).toBe(201);
      expect(Date.now() - started).toBeLessThan(3000);
      id = result.id;
      await settleAfterResponse();
      const stored = await readEntry(`${id}.discovery-call.email`);
      expect(stored?.entry).toMatchObject({ status: 'pending', attempts: 1 });
      expect(stored?.entry.lastError).toMatch(/ECONNREFUSED/);
      expect(new Date(stored!.entry.nextAttemptAt!).getTime()).toBeGreaterThan(Date.now() + 30_000);
      // The webhook was up: it went out at once.
      expect(hooksFor(id)).toHaveLength(1);
      expect(ownerMailsFor(id)).toHaveLength(0);
    } finally {
      await receivers.smtp.recover();
    }
    // Not due yet: the sweep leaves it.
    await retryFn();
    expect(ownerMailsFor(id)).toHaveLength(0);
    await makeDue(`${id}.discovery-call.email`);
    await retryFn();
    await retryFn();
    expect(ownerMailsFor(id)).toHaveLength(1);
    expect(hooksFor(id)).toHaveLength(1);
    expect((await readEntry(`${id}.discovery-call.email`))?.entry).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
    });
  });

  test('webhook down: the e-mail goes, the webhook entry waits with the error, then goes once', async () => {
    const { default: retryFn } = await import('../../netlify/functions/follow-up.mts');
    receivers.hook.outage();
    const { id } = await bookCall({ name: 'Webhook Outage' });
    await settleAfterResponse();
    receivers.hook.recover();
    expect(ownerMailsFor(id)).toHaveLength(1);
    expect(hooksFor(id)).toHaveLength(0);
    const waiting = await readEntry(`${id}.discovery-call.webhook`);
    expect(waiting?.entry).toMatchObject({ status: 'pending', lastError: 'The webhook answered 503' });
    await makeDue(`${id}.discovery-call.webhook`);
    await retryFn();
    await retryFn();
    expect(hooksFor(id)).toHaveLength(1);
    expect(ownerMailsFor(id)).toHaveLength(1);
  });
});

describe('a lead whose request died before its follow-up', () => {
  /** What a request leaves when its process dies right after answering: the event and the record, nothing else. */
  async function leftByADeadRequest(name: string, email: string, at: Date) {
    const contact = {
      id: newestFirstKey(at.getTime()),
      createdAt: at.toISOString(),
      name,
      email,
      phone: '98450 33333',
      whoIsThisFor: 'college' as const,
    };
    const eventId = eventIdForRecord('contacts', contact.id, at);
    await storeEvent({
      id: eventId,
      recordedAt: at.toISOString(),
      record: { collection: 'contacts', id: contact.id, value: contact },
      counts: { contacts: 1 },
      person: { type: 'contact', id: contact.id, person: contactProfile.person(contact) },
      lead: contactEvent(contact),
    });
    await collectionStore('contacts').setJSON(recordKey(contact.id), contact, { onlyIfNew: true });
    return { contact, eventId };
  }
  const aMinuteLater = () => new Date(Date.now() + 60_000);

  test('the next job run announces it once, and later runs add nothing', async () => {
    const email = `lost.${unique()}@example.com`;
    const { contact, eventId } = await leftByADeadRequest('Lost Request', email, new Date());
    expect(await pendingEventIds()).toContain(eventId);
    const report = await runFollowUpJob({ now: aMinuteLater });
    expect(report.events.done).toBeGreaterThanOrEqual(1);
    expect(await pendingEventIds()).not.toContain(eventId);
    expect(only(ownerMailsFor(contact.id)).subject).toBe('New contact message: Lost Request');
    expect(hooksFor(contact.id)).toHaveLength(1);
    expect(visitorMailsTo(email)).toHaveLength(1);
    expect((await readEntry(`${contact.id}.contact.email`))?.entry.status).toBe('sent');
    await runFollowUpJob({ now: aMinuteLater });
    await runFollowUpJob({ now: aMinuteLater });
    expect(ownerMailsFor(contact.id)).toHaveLength(1);
    expect(visitorMailsTo(email)).toHaveLength(1);
  });

  test('a name stored under the earlier rule, markup and all, is escaped in the owner e-mail the job sends', async () => {
    // The form refuses such a name now, but a record stored before the rule still reads
    // and is still announced: its HTML must show the text, never run it as markup.
    const { contact } = await leftByADeadRequest('Meera <b>Iyer</b>', `stored.${unique()}@example.com`, new Date());
    await runFollowUpJob({ now: aMinuteLater });
    const mail = only(ownerMailsFor(contact.id));
    expect(mail.subject).toBe('New contact message: Meera <b>Iyer</b>');
    expect(mail.html).toContain('Meera &lt;b&gt;Iyer&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>Iyer</b>');
  });

  test('an event younger than 30 seconds is left to its own request', async () => {
    const { contact, eventId } = await leftByADeadRequest('Young Event', `young.${unique()}@example.com`, new Date());
    await runFollowUpJob();
    expect(await pendingEventIds()).toContain(eventId);
    expect(ownerMailsFor(contact.id)).toHaveLength(0);
    await runFollowUpJob({ now: aMinuteLater });
    expect(ownerMailsFor(contact.id)).toHaveLength(1);
  });

  test('a lead its request finished leaves no event: the job sends nothing again', async () => {
    const { id } = await bookCall({ name: 'Queued Once' });
    await settleAfterResponse();
    expect(ownerMailsFor(id)).toHaveLength(1);
    const report = await runFollowUpJob({ now: aMinuteLater });
    expect(report.events.left).toBe(0);
    expect(ownerMailsFor(id)).toHaveLength(1);
    expect(hooksFor(id)).toHaveLength(1);
  });
});

describe('without SMTP settings', () => {
  test('nothing is queued or sent, and the lead is stored as usual', async () => {
    clearNotificationEnv();
    const before = receivers.smtp.mails.length;
    const { response, id } = await bookCall({ name: 'Quiet Lead' });
    expect(response.status).toBe(201);
    await settleAfterResponse();
    expect(receivers.smtp.mails.length).toBe(before);
    expect(hooksFor(id)).toHaveLength(0);
    expect((await entryIds()).filter((entryId) => entryId.startsWith(`${id}.`))).toHaveLength(0);
  });
});

/** A minute has passed for this entry: its next attempt is due now (what the clock would do). */
async function makeDue(id: string): Promise<void> {
  const { replaceEntry } = await import('../../src/server/notifications/outbox');
  const found = await readEntry(id);
  if (!found) throw new Error(`no entry ${id}`);
  expect(
    await replaceEntry({ ...found.entry, nextAttemptAt: new Date(Date.now() - 1000).toISOString() }, found.etag),
  ).not.toBeNull();
}
