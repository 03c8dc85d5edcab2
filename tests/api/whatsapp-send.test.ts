import { beforeAll, describe, expect, test, vi } from 'vitest';
import adminNotifications from '../../netlify/functions/admin-notifications.mts';
import appointmentsFn from '../../netlify/functions/appointments.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import paymentRequestsFn from '../../netlify/functions/admin-payment-requests.mts';
import verifyFn from '../../netlify/functions/verify-payment.mts';
import whatsappWebhook from '../../netlify/functions/whatsapp-webhook.mts';
import type { PublicAppointment, Slot, SlotsAnswer } from '../../src/lib/schemas/appointment';
import type { NotificationsAnswer } from '../../src/lib/schemas/notifications';
import { sendDueReminders } from '../../src/server/appointments/reminders';
import { deliver } from '../../src/server/notifications/deliver';
import { entryIds, enqueue, failedIds, newEntry, readEntry } from '../../src/server/notifications/outbox';
import { REQUIRED_WHATSAPP_VARIABLES } from '../../src/server/whatsapp/config';
import { messageByWamid, messagesOfEntries, pruneMessages, rememberSent } from '../../src/server/whatsapp/messages';
import { appointmentQuotaKey, whatsappQuotaKey } from '../../src/server/notifications/visitorQuota';
import { collectionStore } from '../../src/server/storage/blobs';
import { adminCookie } from './support/admin';
import { openAllDay } from './support/availability';
import { call, jsonOf, settleAfterResponse } from './support/call';
import { clearNotificationEnv } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { bookPackage, buyerPays, startOrder, useFakeGateway } from './support/payments';
import { TEST_WHATSAPP_OWNER_NUMBER, clearWhatsAppEnv, useFakeWhatsApp } from './support/fake-whatsapp';

// WhatsApp messages (docs/whatsapp.md, How it is sent) through the real handlers, the real outbox and a local
// fake of Meta's Cloud API: who gets what, the Confirm/Reschedule buttons, retries and the
// dead letter, the daily cap per number, and nothing at all without the variables.

useMailReceivers();
const gateway = useFakeGateway();
const fake = useFakeWhatsApp();
let cookie: string;

beforeAll(async () => {
  cookie = await adminCookie();
  await openAllDay(cookie);
});

const used = new Set<string>();
async function slotAhead(hours: number): Promise<Slot> {
  const { slots } = await jsonOf<SlotsAnswer>(await call(slotsFn, '/api/slots?days=7'));
  const slot = slots.find(
    (candidate) => (Date.parse(candidate.start) - Date.now()) / 3_600_000 >= hours && !used.has(candidate.start),
  );
  if (!slot) throw new Error(`no free slot ${hours} hours ahead`);
  used.add(slot.start);
  return slot;
}

let people = 0;
/** Books a call for a new visitor (own phone, mailbox and address); `mobile` is the ten digits. */
async function book(hoursAhead: number, extra: Record<string, unknown> = {}) {
  people += 1;
  const mobile = `98${String(70_000_000 + people * 7919).slice(-8)}`;
  const slot = await slotAhead(hoursAhead);
  const response = await call(appointmentsFn, '/api/appointments', {
    body: {
      start: slot.start,
      name: 'Asha Rao',
      phone: `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`,
      email: `wa${people}@example.com`,
      ...extra,
    },
    ip: `10.30.0.${people}`,
  });
  expect(response.status).toBe(201);
  const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(response);
  await settleAfterResponse();
  return { appointment, number: `91${mobile}` };
}

const to = (number: string) => fake().messages.filter((message) => message.to === number);

describe('who gets WhatsApp', () => {
  test('an opt-in call: the confirmation template to 91XXXXXXXXXX with Confirm and Reschedule, and the owner alert', async () => {
    const { appointment, number } = await book(30, { whatsappOptIn: true });
    const [confirmation, ...others] = to(number);
    expect(others).toEqual([]);
    expect(confirmation?.template?.name).toBe('ccc_call_confirmation');
    expect(confirmation?.quickReplies).toEqual([`confirm:${appointment.id}`, `reschedule:${appointment.id}`]);
    expect(confirmation?.bodyTexts[0]).toBe('Asha Rao');
    const alerts = to(TEST_WHATSAPP_OWNER_NUMBER);
    expect(alerts.map((message) => message.template?.name)).toEqual(['ccc_owner_lead_alert']);
    expect(alerts[0]?.bodyTexts).toContain('Asha Rao');
    // Recorded by its wamid for the webhook's statuses and the Confirm button.
    const stored = await messageByWamid(confirmation!.wamid);
    expect(stored).toMatchObject({
      to: number,
      template: 'ccc_call_confirmation',
      purpose: 'appointment-booked',
      appointmentId: appointment.id,
      status: 'accepted',
    });
    // Counted against the number's day, never against the call's e-mail count.
    const quota = collectionStore('visitor-mail-quota');
    const mails = (await quota.get(appointmentQuotaKey(appointment.id), { type: 'json' })) as Array<{
      entryId: string;
    }>;
    expect(mails.map((item) => item.entryId.split('.').pop())).toEqual(['visitor-email']);
    const whatsapps = (await quota.get(whatsappQuotaKey(number), { type: 'json' })) as Array<{ entryId: string }>;
    expect(whatsapps.map((item) => item.entryId)).toEqual([`${appointment.id}.appointment-booked.whatsapp`]);
    // The admin's Notifications panel shows the message's last status, as Meta's webhook reports it.
    const entryId = `${appointment.id}.appointment-booked.whatsapp`;
    const listed = async () =>
      (
        await jsonOf<NotificationsAnswer>(
          await call(adminNotifications, '/api/admin/notifications?status=sent&channel=whatsapp&limit=20', { cookie }),
        )
      ).items;
    expect((await listed()).find((item) => item.id === entryId)?.whatsapp).toMatchObject({
      status: 'accepted',
      errorCode: null,
    });
    fake().setWebhookTarget(async (request) =>
      call(whatsappWebhook, '/api/whatsapp-webhook', {
        rawBody: await request.text(),
        headers: Object.fromEntries(request.headers),
      }),
    );
    expect((await fake().sendStatus(confirmation!.wamid, 'read')).status).toBe(200);
    fake().setWebhookTarget(null);
    const items = await listed();
    expect(items.find((item) => item.id === entryId)?.whatsapp).toMatchObject({
      status: 'read',
      errorCode: null,
      to: number,
    });
    expect(items.every((item) => item.channel === 'whatsapp' && item.status === 'sent')).toBe(true);
  });

  test('no opt-in: nothing to the visitor, the owner alert still', async () => {
    const { number } = await book(30);
    expect(to(number)).toEqual([]);
    expect(to(TEST_WHATSAPP_OWNER_NUMBER)).toHaveLength(1);
  });

  test('e-mail off, WhatsApp on: WhatsApp goes out all the same', async () => {
    clearNotificationEnv();
    const { appointment, number } = await book(30, { whatsappOptIn: true });
    expect(to(number).map((message) => message.quickReplies)).toEqual([
      [`confirm:${appointment.id}`, `reschedule:${appointment.id}`],
    ]);
    expect(to(TEST_WHATSAPP_OWNER_NUMBER)).toHaveLength(1);
  });

  test('reminders a day and an hour before, each with Confirm and Reschedule', async () => {
    const { appointment, number } = await book(30, { whatsappOptIn: true });
    fake().messages.length = 0;
    const start = Date.parse(appointment.start);
    await sendDueReminders(new Date(start - 24 * 3_600_000 + 60_000));
    await sendDueReminders(new Date(start - 3_600_000 + 60_000));
    const reminders = to(number);
    expect(reminders.map((message) => message.template?.name)).toEqual([
      'ccc_call_reminder_day',
      'ccc_call_reminder_hour',
    ]);
    for (const message of reminders)
      expect(message.quickReplies).toEqual([`confirm:${appointment.id}`, `reschedule:${appointment.id}`]);
  });
});

test('payments: a payer who opted in gets the payment link (in the text, off rzp.io) and the receipt; the owner the alert', async () => {
  const mobile = '9845077001';
  const { booking } = await bookPackage('ascend', { mobile, email: 'payer.wa@example.com', whatsappOptIn: true });
  await settleAfterResponse();
  const response = await call(paymentRequestsFn, '/api/admin/payment-requests', {
    body: {
      bookingId: booking.id,
      name: 'Priya Raman',
      phone: mobile,
      amount: 18000,
      packageId: 'life-coaching',
      description: 'Life Coaching: 6 sessions',
      customerState: 'Karnataka',
    },
    cookie,
  });
  expect(response.status).toBe(201);
  const { request } = await jsonOf<{ request: { url: string } }>(response);
  await settleAfterResponse();
  const [link] = to(`91${mobile}`);
  // The fake's links do not start with the Pay now button's https://rzp.io/: the link is in the text, no button.
  expect(link?.template?.name).toBe('ccc_payment_request_link');
  expect(link?.bodyTexts).toEqual(['Priya Raman', 'Life Coaching: 6 sessions', '₹18,000', request.url]);
  expect(link?.urlSuffixes).toEqual([]);

  fake().messages.length = 0;
  const { orderId } = await startOrder('ascend', booking.id);
  expect((await call(verifyFn, '/api/verify-payment', { body: buyerPays(gateway(), orderId) })).status).toBe(200);
  await settleAfterResponse();
  const [receipt] = to(`91${mobile}`);
  expect(receipt?.template?.name).toBe('ccc_payment_receipt');
  expect(receipt?.bodyTexts[0]).toBe('Priya Raman');
  expect(to(TEST_WHATSAPP_OWNER_NUMBER).map((message) => message.template?.name)).toEqual(['ccc_owner_lead_alert']);
});

describe('the outbox', () => {
  const ownerAlert = (leadId: string) =>
    newEntry(
      {
        kind: 'contact',
        leadId,
        channel: 'owner-whatsapp',
        subject: 'WhatsApp to you: test',
        to: null,
        mail: null,
        webhook: null,
        whatsapp: { purpose: 'ownerLeadAlert', body: ['Contact', 'Asha', '9845012345', 'Test'] },
      },
      new Date(),
    );

  test('an outage of the Cloud API is retried, and after the retry window the message is dead-lettered', async () => {
    const base = Date.now();
    const [recovers, dies] = [ownerAlert(`${base}-00000000a1`), ownerAlert(`${base}-00000000a2`)];
    await enqueue([recovers, dies]);
    fake().failWith(503);
    expect(await deliver(recovers.id)).toBe('retry-later');
    expect((await readEntry(recovers.id))?.entry.lastError).toMatch(/WhatsApp answered 503/);
    fake().failWith(null);
    const retryAt = new Date((await readEntry(recovers.id))!.entry.nextAttemptAt!);
    expect(await deliver(recovers.id, () => retryAt)).toBe('sent');
    expect(to(TEST_WHATSAPP_OWNER_NUMBER)).toHaveLength(1);

    fake().failWith(503);
    // Thirty attempts over 24 hours, each logged: kept out of the test's output.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let outcome = await deliver(dies.id);
    for (let tries = 0; outcome === 'retry-later' && tries < 60; tries += 1) {
      const next = new Date((await readEntry(dies.id))!.entry.nextAttemptAt!);
      outcome = await deliver(dies.id, () => next);
    }
    quiet.mockRestore();
    expect(outcome).toBe('failed');
    expect(await failedIds()).toContain(dies.id);
    const listed = await jsonOf<NotificationsAnswer>(
      await call(adminNotifications, '/api/admin/notifications?status=failed', { cookie }),
    );
    expect(listed.items.find((item) => item.id === dies.id)).toMatchObject({
      channel: 'owner-whatsapp',
      status: 'failed',
    });
  });

  test("Meta's final refusal (131026, not on WhatsApp) fails the entry at the first attempt, with the reason", async () => {
    const entry = ownerAlert(`${Date.now()}-00000000a3`);
    await enqueue([entry]);
    fake().failWith(400, 131026);
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await deliver(entry.id)).toBe('failed');
    quiet.mockRestore();
    const stored = (await readEntry(entry.id))?.entry;
    expect(stored).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null });
    expect(stored?.lastError).toMatch(/WhatsApp answered 400 \(code 131026\)/);
    expect(await failedIds()).toContain(entry.id);
  });

  test('the 9th WhatsApp message to one number in a day is held', async () => {
    const number = '919812300099';
    const base = Date.now();
    const entries = Array.from({ length: 9 }, (_, index) =>
      newEntry(
        {
          kind: 'appointment-reminder-day',
          leadId: `${base + index}-00000000b${index}`,
          channel: 'whatsapp',
          subject: 'WhatsApp: test',
          to: number,
          mail: null,
          webhook: null,
          whatsapp: { purpose: 'callReminderDay', body: ['there', 'call', 'soon'] },
        },
        new Date(),
      ),
    );
    await enqueue(entries);
    const outcomes = [];
    for (const entry of entries) outcomes.push(await deliver(entry.id));
    expect(outcomes).toEqual([...Array(8).fill('sent'), 'held']);
    expect(to(number)).toHaveLength(8);
    expect((await readEntry(entries[8]!.id))?.entry.lastError).toMatch(/8 messages in the last 24 hours/);
  });
});

test('without the variables: no WhatsApp entry is queued, and the admin says what to set', async () => {
  clearWhatsAppEnv();
  const before = new Set(await entryIds());
  const { number } = await book(30, { whatsappOptIn: true });
  const added = (await entryIds()).filter((id) => !before.has(id));
  expect(added.length).toBeGreaterThan(0);
  expect(added.filter((id) => /whatsapp$/.test(id))).toEqual([]);
  expect(to(number)).toEqual([]);
  expect(fake().messages).toEqual([]);
  const answer = await jsonOf<NotificationsAnswer>(
    await call(adminNotifications, '/api/admin/notifications', { cookie }),
  );
  expect(answer.whatsapp).toMatchObject({ enabled: false, missing: [...REQUIRED_WHATSAPP_VARIABLES] });
  expect(answer.whatsapp?.reason).toMatch(/WHATSAPP_TOKEN/);
});

test('the message store keeps about three months: older messages and their index keys are pruned', async () => {
  const now = new Date();
  const leadId = `${now.getTime()}-00000000c1`;
  const old = {
    wamid: `wamid.old${now.getTime()}`,
    to: '919800000001',
    template: 'ccc_call_confirmation',
    purpose: 'appointment-booked',
    leadId,
    outboxEntryId: `${leadId}.contact.whatsapp`,
    at: new Date(now.getTime() - 100 * 86_400_000),
  };
  const recent = {
    ...old,
    wamid: `wamid.new${now.getTime()}`,
    outboxEntryId: `${leadId}.appointment-booked.whatsapp`,
    at: now,
  };
  await Promise.all([rememberSent(old), rememberSent(recent)]);
  const entries = [old.outboxEntryId, recent.outboxEntryId];
  // The by-lead index key the first version of the store wrote leaves with its message.
  const legacyLeadKey = `lead/${leadId}/${old.outboxEntryId}`;
  await collectionStore('whatsapp-messages').setJSON(legacyLeadKey, { wamid: old.wamid });
  expect([...(await messagesOfEntries(entries)).values()].map((message) => message.wamid).sort()).toEqual(
    [old.wamid, recent.wamid].sort(),
  );
  expect(await pruneMessages(now)).toBeGreaterThanOrEqual(1);
  expect(await messageByWamid(old.wamid)).toBeNull();
  expect(await collectionStore('whatsapp-messages').get(legacyLeadKey)).toBeNull();
  expect(
    [...(await messagesOfEntries(entries)).entries()].map(([entryId, message]) => [entryId, message.wamid]),
  ).toEqual([[recent.outboxEntryId, recent.wamid]]);
});
