import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import adminAppointments from '../../netlify/functions/admin-appointments.mts';
import appointmentsFn from '../../netlify/functions/appointments.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import whatsappWebhook from '../../netlify/functions/whatsapp-webhook.mts';
import type { AdminAppointmentsAnswer, Appointment, PublicAppointment } from '../../src/lib/schemas/appointment';
import { istDateOf } from '../../src/lib/schedule/istClock';
import { manageUrl } from '../../src/server/appointments/links';
import { readAppointment, writeNewAppointment } from '../../src/server/booking/store';
import { clientSpaceUrlOf } from '../../src/server/clients/links';
import { newestFirstKey } from '../../src/server/storage/keys';
import { messageByWamid, messagesOfAppointments, rememberSent } from '../../src/server/whatsapp/messages';
import { WEBHOOK_CLAIM_STORE } from '../../src/server/whatsapp/webhookClaims';
import {
  OWNER_ALERTS_PER_SENDER_PER_DAY,
  WHATSAPP_MESSAGES_PER_DAY,
  allowanceFor,
  takePlace,
} from '../../src/server/notifications/visitorQuota';
import { getStore } from '@netlify/blobs';
import { adminCookie } from './support/admin';
import { openAllDay } from './support/availability';
import { call, jsonOf, settleAfterResponse } from './support/call';
import {
  TEST_WHATSAPP_OWNER_NUMBER,
  TEST_WHATSAPP_VERIFY_TOKEN,
  clearWhatsAppEnv,
  fakeWamid,
  signWhatsAppWebhook,
  useFakeWhatsApp,
} from './support/fake-whatsapp';
import { bundleFunction, callInParallelProcesses } from './support/function-process';
import { OWNER_ADDRESS } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';

// The WhatsApp webhook (docs/whatsapp.md, The webhook) through its real handler against the real Blobs
// server: Meta's side is the fake Cloud API, which signs its deliveries as Meta does and
// takes the site's free-form replies; the owner's alerts reach a real SMTP server.

const mail = useMailReceivers();
const fake = useFakeWhatsApp();
let cookie: string;

const post = (rawBody: string, signature: string | null = signWhatsAppWebhook(rawBody)) =>
  call(whatsappWebhook, '/api/whatsapp-webhook', {
    rawBody,
    headers: {
      'content-type': 'application/json',
      ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
    },
  });
/** The free-form texts the site sent (bookings may also send templates once those are wired). */
const replies = () => fake().messages.filter((message) => message.type === 'text');
/** The owner's WhatsApp alerts of inbound messages (the lead alert template, our label first). */
const ownerAlerts = () =>
  fake().messages.filter(
    (message) =>
      message.to === TEST_WHATSAPP_OWNER_NUMBER && message.bodyTexts[0] === 'WhatsApp message from a visitor',
  );
const summaryOf = (response: Response) =>
  jsonOf<{ statuses: number; messages: number; duplicates: number; busy: number; ignored: number }>(response);

beforeAll(async () => {
  fake().setWebhookTarget(async (request) => post(await request.text(), request.headers.get('x-hub-signature-256')));
  cookie = await adminCookie();
  await openAllDay(cookie);
});
beforeEach(() => {
  mail.smtp.mails.length = 0;
});

let people = 0;
/** A discovery call booked through the real route, a few hours ahead, by a phone of its own. */
async function bookCall(): Promise<{ appointment: PublicAppointment; number: string }> {
  people += 1;
  const digits = `98765${String(40_000 + people * 7).slice(-5)}`;
  const slots = (await jsonOf<{ slots: Array<{ start: string }> }>(await call(slotsFn, '/api/slots?days=7'))).slots;
  const start = slots.filter((slot) => Date.parse(slot.start) > Date.now() + 3 * 3_600_000)[people * 3]!.start;
  const response = await call(appointmentsFn, '/api/appointments', {
    body: { start, name: 'Meera Iyer', phone: digits },
    ip: `10.30.0.${people}`,
  });
  expect(response.status).toBe(201);
  await settleAfterResponse();
  return {
    appointment: (await jsonOf<{ appointment: PublicAppointment }>(response)).appointment,
    number: `91${digits}`,
  };
}

describe('the verification handshake', () => {
  test('the right verify token gets the challenge back as text; a wrong or missing one 403', async () => {
    const ask = (query: string) => call(whatsappWebhook, `/api/whatsapp-webhook?${query}`);
    const right = await ask(
      `hub.mode=subscribe&hub.verify_token=${TEST_WHATSAPP_VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(right.status).toBe(200);
    expect(right.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await right.text()).toBe('1158201444');
    expect((await ask('hub.mode=subscribe&hub.verify_token=not-the-token&hub.challenge=1')).status).toBe(403);
    expect(
      (await ask(`hub.mode=subscribe&hub.verify_token=${TEST_WHATSAPP_VERIFY_TOKEN}x&hub.challenge=1`)).status,
    ).toBe(403);
    expect((await ask('hub.mode=subscribe&hub.challenge=1')).status).toBe(403);
    expect(
      (await ask(`hub.mode=unsubscribe&hub.verify_token=${TEST_WHATSAPP_VERIFY_TOKEN}&hub.challenge=1`)).status,
    ).toBe(403);
  });
});

describe('signatures', () => {
  test('a wrong signature, one with a hex digit added and none at all are 401 and change nothing', async () => {
    const wamid = fakeWamid();
    fake().setWebhookTarget(null);
    const { delivery } = await fake().sendStatus(wamid, 'delivered');
    fake().setWebhookTarget(async (request) => post(await request.text(), request.headers.get('x-hub-signature-256')));
    const good = delivery.headers['x-hub-signature-256']!;
    for (const signature of [
      signWhatsAppWebhook(delivery.rawBody, 'another secret'),
      `${good}0`,
      good.slice(0, -1),
      good.replace('sha256=', ''),
      null,
    ]) {
      const response = await post(delivery.rawBody, signature);
      expect(response.status).toBe(401);
      expect(await jsonOf(response)).toMatchObject({ fields: { 'x-hub-signature-256': 'Does not match' } });
    }
    // The same body signed on another body's bytes: one changed character.
    expect((await post(delivery.rawBody.replace('delivered', 'read'), good)).status).toBe(401);
    expect(await messageByWamid(wamid)).toBeNull();
    expect((await post(delivery.rawBody, good)).status).toBe(200);
    expect((await messageByWamid(wamid))?.status).toBe('delivered');
  });
});

describe('message statuses', () => {
  test('delivered then read are stored; a duplicate is applied once; read never goes back to delivered; failed keeps its error code', async () => {
    const wamid = fakeWamid();
    await rememberSent({
      wamid,
      to: '919876500001',
      template: 'ccc_call_reminder_day',
      purpose: 'appointment-reminder-day',
    });
    const delivered = await fake().sendStatus(wamid, 'delivered');
    expect(delivered.status).toBe(200);
    expect(await messageByWamid(wamid)).toMatchObject({ status: 'delivered', template: 'ccc_call_reminder_day' });
    const statusAt = (await messageByWamid(wamid))!.statusAt;

    const again = await post(delivered.delivery.rawBody);
    expect(again.status).toBe(200);
    expect(await summaryOf(again)).toMatchObject({ statuses: 0, duplicates: 1 });
    expect((await messageByWamid(wamid))!.statusAt).toBe(statusAt);

    expect((await fake().sendStatus(wamid, 'read')).status).toBe(200);
    expect((await messageByWamid(wamid))?.status).toBe('read');
    // A late 'delivered' (Meta's own retry, a new body): handled as a duplicate, and read stays.
    const late = await fake().sendStatus(wamid, 'delivered');
    expect(late.status).toBe(200);
    expect((await messageByWamid(wamid))?.status).toBe('read');
    // Out of order for a message of its own: read first, then delivered.
    const other = fakeWamid();
    await fake().sendStatus(other, 'read');
    await fake().sendStatus(other, 'delivered');
    expect((await messageByWamid(other))?.status).toBe('read');

    const failing = fakeWamid();
    await fake().sendStatus(failing, 'failed', 131047);
    expect(await messageByWamid(failing)).toMatchObject({ status: 'failed', errorCode: 131047 });
  });
});

describe('the Confirm and Reschedule buttons', () => {
  test('Confirm marks the call confirmed by the visitor, shown to the owner; a second tap and a duplicate delivery change nothing', async () => {
    const { appointment, number } = await bookCall();
    const pressed = await fake().pressButton(number, fakeWamid(), `confirm:${appointment.id}`);
    expect(pressed.status).toBe(200);
    await settleAfterResponse();
    // A short thanks inside the window the tap opened: our words, the plain name and the time.
    expect(replies()).toHaveLength(1);
    expect(replies()[0]).toMatchObject({ to: number, type: 'text' });
    expect(replies()[0]!.text!.body).toMatch(/^Thank you, Meera Iyer: your call on .+ is confirmed\./);
    const confirmedAt = (await readAppointment(appointment.id))?.visitorConfirmedAt;
    expect(confirmedAt).toBeDefined();
    expect(Math.abs(Date.parse(confirmedAt!) - Date.now())).toBeLessThan(60_000);

    const date = istDateOf(Date.parse(appointment.start));
    const listed = await call(adminAppointments, `/api/admin/appointments?from=${date}&to=${date}`, { cookie });
    const item = (await jsonOf<AdminAppointmentsAnswer>(listed)).items.find((one) => one.id === appointment.id);
    expect(item?.visitorConfirmedAt).toBe(confirmedAt);

    const duplicate = await post(pressed.delivery.rawBody);
    expect(await summaryOf(duplicate)).toMatchObject({ messages: 0, duplicates: 1 });
    // A second tap is a message of its own, a minute earlier by its timestamp: it would set another time.
    const firstId = (
      JSON.parse(pressed.delivery.rawBody) as {
        entry: [{ changes: [{ value: { messages: [{ id: string; timestamp: string }] } }] }];
      }
    ).entry[0].changes[0].value.messages[0];
    const secondTap = pressed.delivery.rawBody
      .replace(firstId.id, fakeWamid())
      .replace(`"timestamp":"${firstId.timestamp}"`, `"timestamp":"${Number(firstId.timestamp) - 60}"`);
    expect(await summaryOf(await post(secondTap))).toMatchObject({ messages: 1, duplicates: 0 });
    expect((await readAppointment(appointment.id))?.visitorConfirmedAt).toBe(confirmedAt);
    await settleAfterResponse();
    expect(replies()).toHaveLength(1);
    // The Confirm was for that time: the owner's move clears it.
    const { id } = appointment;
    const next = (
      await jsonOf<{ slots: Array<{ start: string }> }>(await call(slotsFn, '/api/slots?days=7'))
    ).slots.find((slot) => Date.parse(slot.start) > Date.parse(appointment.start));
    expect(
      (
        await call(adminAppointments, `/api/admin/appointments/${id}/move`, {
          cookie,
          params: { id },
          body: { start: next!.start },
        })
      ).status,
    ).toBe(200);
    expect((await readAppointment(id))?.visitorConfirmedAt).toBeUndefined();
    expect(mail.smtp.mails.filter((one) => one.subject.startsWith('WhatsApp message'))).toEqual([]);
    expect(ownerAlerts()).toEqual([]);
  });

  test("Reschedule answers with the call's manage link, and a session's with the client space", async () => {
    const { appointment, number } = await bookCall();
    expect((await fake().pressButton(number, fakeWamid(), `reschedule:${appointment.id}`)).status).toBe(200);
    await settleAfterResponse();
    const link = await manageUrl(appointment);
    expect(replies()).toHaveLength(1);
    expect(replies()[0]).toMatchObject({ to: number, type: 'text' });
    expect(replies()[0]!.text!.body).toContain(link);
    // The reply is a message of the appointment's: its statuses are stored too.
    expect((await messageByWamid(replies()[0]!.wamid))?.appointmentId).toBe(appointment.id);
    // ... and the owner's list shows it under the call: among the day's calls, and asked of the call alone.
    const date = istDateOf(Date.parse(appointment.start));
    const byDate = await jsonOf<AdminAppointmentsAnswer>(
      await call(adminAppointments, `/api/admin/appointments?from=${date}&to=${date}`, { cookie }),
    );
    expect(byDate.items.find((one) => one.id === appointment.id)?.whatsappMessages).toContainEqual(
      expect.objectContaining({ purpose: 'whatsapp-reply' }),
    );
    expect((await messagesOfAppointments([appointment.id])).get(appointment.id)).toContainEqual(
      expect.objectContaining({ purpose: 'whatsapp-reply' }),
    );

    const session = await sessionFixture('919812300077');
    expect((await fake().pressButton('919812300077', fakeWamid(), `reschedule:${session.id}`)).status).toBe(200);
    await settleAfterResponse();
    expect(replies()).toHaveLength(2);
    expect(replies()[1]).toMatchObject({ to: '919812300077', type: 'text' });
    expect(replies()[1]!.text!.body).toContain(await clientSpaceUrlOf(session.session!.clientId));
    expect((await readAppointment(appointment.id))?.visitorConfirmedAt).toBeUndefined();
  });

  test(`a number that had ${WHATSAPP_MESSAGES_PER_DAY} WhatsApp messages from us today gets no reply to Reschedule: the owner is alerted instead`, async () => {
    const { appointment, number } = await bookCall();
    const allowance = allowanceFor({
      kind: 'appointment-reminder-day',
      channel: 'whatsapp',
      to: number,
      leadId: appointment.id,
      appointmentId: appointment.id,
    })!;
    for (let place = 0; place < WHATSAPP_MESSAGES_PER_DAY; place += 1)
      expect(await takePlace(allowance, `earlier-${place}`)).toBe(true);
    expect((await fake().pressButton(number, fakeWamid(), `reschedule:${appointment.id}`)).status).toBe(200);
    await settleAfterResponse();
    expect(replies()).toEqual([]);
    expect(ownerAlerts()).toHaveLength(1);
    const [alert] = mail.smtp.mails.filter((one) => one.subject.startsWith('WhatsApp message'));
    expect(alert?.text).toMatch(/No reply with their link/);
    expect(ownerAlerts()[0]!.bodyTexts[3]).toMatch(/^\(No reply with their link: .+\) Reschedule$/);
  });
});

test('one Reschedule delivered to two instances at once is answered once', async () => {
  const { appointment, number } = await bookCall();
  fake().setWebhookTarget(null);
  const { delivery } = await fake().pressButton(number, fakeWamid(), `reschedule:${appointment.id}`);
  fake().setWebhookTarget(async (request) => post(await request.text(), request.headers.get('x-hub-signature-256')));
  const bundle = await bundleFunction('netlify/functions/whatsapp-webhook.mts');
  const request = {
    url: 'http://localhost:8888/api/whatsapp-webhook',
    method: 'POST',
    headers: delivery.headers,
    body: delivery.rawBody,
  };
  const answers = await callInParallelProcesses(bundle, [request, request]);
  // One acts; the other finds it done (200) or still being handled (503, and Meta sends it again).
  const acted = answers.filter(
    (answer) => answer.status === 200 && (answer.body as { messages: number }).messages === 1,
  );
  expect(acted).toHaveLength(1);
  expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
  expect(replies()).toHaveLength(1);
  // Meta's retry of the one answered 503 changes nothing.
  expect(await summaryOf(await post(delivery.rawBody))).toMatchObject({ messages: 0, duplicates: 1 });
  expect(replies()).toHaveLength(1);
});

/** A client's paid session as the calendar stores it, starting in two days. */
async function sessionFixture(number: string): Promise<Appointment> {
  const startMs = Math.ceil((Date.now() + 2 * 86_400_000) / 1_800_000) * 1_800_000;
  const now = new Date().toISOString();
  const session: Appointment = {
    id: newestFirstKey(),
    bookingId: newestFirstKey(),
    start: new Date(startMs).toISOString(),
    end: new Date(startMs + 3_600_000).toISOString(),
    status: 'confirmed',
    sequence: 0,
    version: newestFirstKey(),
    name: 'Kabir Shah',
    phone: number.slice(2),
    email: null,
    createdAt: now,
    updatedAt: now,
    cancelledBy: null,
    session: {
      clientId: newestFirstKey(),
      packageName: 'Career Clarity',
      minutes: 60,
      slotKeys: ['slots/fixture'],
      outcome: null,
      note: null,
    },
  };
  await writeNewAppointment(session);
  return session;
}

describe('any other message', () => {
  test('alerts the owner once, by name and number, the text escaped; a button from another number too, changing nothing', async () => {
    const sent = await fake().sendText('919800011122', 'Can we talk <b>tomorrow</b> instead? & thanks');
    expect(sent.status).toBe(200);
    expect((await post(sent.delivery.rawBody)).status).toBe(200);
    await settleAfterResponse();
    const alerts = mail.smtp.mails.filter((one) => one.subject.startsWith('WhatsApp message'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ to: [OWNER_ADDRESS], subject: 'WhatsApp message from Visitor (+919800011122)' });
    expect(alerts[0]!.text).toContain('Can we talk <b>tomorrow</b> instead? & thanks');
    expect(alerts[0]!.html).toContain('Can we talk &lt;b&gt;tomorrow&lt;/b&gt; instead? &amp; thanks');
    expect(alerts[0]!.html).not.toContain('<b>tomorrow');
    expect(alerts[0]!.html).toContain('https://wa.me/919800011122');
    // And on the owner's WhatsApp, once: the lead alert template with the sender and their words.
    expect(ownerAlerts()).toHaveLength(1);
    expect(ownerAlerts()[0]).toMatchObject({ type: 'template', template: { name: 'ccc_owner_lead_alert' } });
    expect(ownerAlerts()[0]!.bodyTexts).toEqual([
      'WhatsApp message from a visitor',
      'Visitor',
      '+919800011122',
      'Can we talk <b>tomorrow</b> instead? & thanks',
    ]);

    const { appointment } = await bookCall();
    expect((await fake().pressButton('919800011122', fakeWamid(), `confirm:${appointment.id}`)).status).toBe(200);
    await settleAfterResponse();
    expect((await readAppointment(appointment.id))?.visitorConfirmedAt).toBeUndefined();
    expect(mail.smtp.mails.filter((one) => one.subject.startsWith('WhatsApp message'))).toHaveLength(2);
    expect(ownerAlerts()).toHaveLength(2);
    expect(replies()).toEqual([]);
  });
});

test("a sender's messages alert the owner at most 5 times an IST day, the 5th saying so", async () => {
  const from = '919800055566';
  for (let sent = 0; sent < OWNER_ALERTS_PER_SENDER_PER_DAY + 1; sent += 1)
    expect((await fake().sendText(from, `Hello ${sent}`)).status).toBe(200);
  await settleAfterResponse();
  const alerts = ownerAlerts().filter((message) => message.bodyTexts[2] === `+${from}`);
  expect(alerts.map((message) => message.bodyTexts[3])).toEqual([
    ...Array.from({ length: OWNER_ALERTS_PER_SENDER_PER_DAY - 1 }, (_, index) => `Hello ${index}`),
    `(The ${OWNER_ALERTS_PER_SENDER_PER_DAY}th alert today for this number: its further messages today are not alerted) Hello ${OWNER_ALERTS_PER_SENDER_PER_DAY - 1}`,
  ]);
  expect(mail.smtp.mails.filter((one) => one.subject.includes(`+${from}`))).toHaveLength(
    OWNER_ALERTS_PER_SENDER_PER_DAY,
  );
});

describe('without WhatsApp configured', () => {
  test('the webhook answers 404 to the handshake and to a signed delivery, and stores nothing', async () => {
    clearWhatsAppEnv();
    const handshake = await call(
      whatsappWebhook,
      `/api/whatsapp-webhook?hub.mode=subscribe&hub.verify_token=${TEST_WHATSAPP_VERIFY_TOKEN}&hub.challenge=7`,
    );
    expect(handshake.status).toBe(404);
    const wamid = fakeWamid();
    const claims = async () => (await getStore(WEBHOOK_CLAIM_STORE).list()).blobs.length;
    const before = await claims();
    const { status } = await fake().sendStatus(wamid, 'delivered');
    const text = await fake().sendText('919800033344', 'hello');
    await settleAfterResponse();
    expect(status).toBe(404);
    expect(text.status).toBe(404);
    expect(await messageByWamid(wamid)).toBeNull();
    expect(await claims()).toBe(before);
    expect(mail.smtp.mails).toEqual([]);
    expect(fake().messages).toEqual([]);
  });
});
