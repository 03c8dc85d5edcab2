import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import adminClientsFn from '../../netlify/functions/admin-clients.mts';
import refundsFn from '../../netlify/functions/admin-refunds.mts';
import clientSpaceFn from '../../netlify/functions/client-space.mts';
import createOrderFn from '../../netlify/functions/create-razorpay-order.mts';
import webhookFn from '../../netlify/functions/razorpay-webhook.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import verifyFn from '../../netlify/functions/verify-payment.mts';
import { business } from '../../src/lib/business';
import type { Slot, SlotsAnswer } from '../../src/lib/schemas/appointment';
import type { AdminClientsAnswer, ClientSpaceAnswer, SessionAnswer } from '../../src/lib/schemas/client';
import type { RefundAnswer } from '../../src/lib/schemas/refund';
import { sendDueReminders } from '../../src/server/appointments/reminders';
import { readAppointment, slotHolder, slotKey } from '../../src/server/booking/store';
import { bookSession, currentSessionSlots, endRemainingSessions, sessionsOf } from '../../src/server/clients/sessions';
import { OWNER_MAILS_PER_CLIENT_PER_DAY } from '../../src/server/notifications/visitorQuota';
import { clientOfPayment, clients, readClient } from '../../src/server/clients/store';
import { newestFirstKey } from '../../src/server/storage/keys';
import { paymentForOrder } from '../../src/server/payments/orders';
import { adminCookie } from './support/admin';
import { setBlobsLatency } from './support/blobs-server';
import { openAllDay } from './support/availability';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import {
  type Instances,
  type ProcessAnswer,
  bundleFunction,
  callInParallelProcesses,
  startInstances,
} from './support/function-process';
import { OWNER_ADDRESS } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { bookPackage, buyerPays, startOrder, useFakeGateway } from './support/payments';

// The client space (docs/payments.md): a captured payment makes a client whose receipt links to
// their space; sessions are booked, moved and cancelled there into the one calendar the
// discovery calls use. Real handlers, a real Blobs server, the fake Razorpay and a real SMTP server.

const gateway = useFakeGateway();
const mail = useMailReceivers();
let cookie: string;

beforeAll(async () => {
  cookie = await adminCookie();
  await openAllDay(cookie);
});

const HOUR = 3_600_000;
let buyers = 0;

interface PaidClient {
  id: string;
  token: string;
  url: string;
  email: string;
}

/** Pays a package through Checkout and the browser's verify; the client link from the receipt mail. */
async function pay(packageId: string): Promise<PaidClient> {
  buyers += 1;
  const email = `client.${buyers}.${Date.now()}@example.com`;
  const ordered = await call(createOrderFn, '/api/create-razorpay-order', {
    body: {
      packageId,
      customerName: 'Meera Iyer',
      customerEmail: email,
      customerPhone: `98450 5${String(buyers).padStart(4, '0')}`,
      customerState: 'Karnataka',
    },
  });
  expect(ordered.status).toBe(201);
  const { orderId } = await jsonOf<{ orderId: string }>(ordered);
  expect((await call(verifyFn, '/api/verify-payment', { body: buyerPays(gateway(), orderId) })).status).toBe(200);
  await settleAfterResponse();
  const receipt = mail.smtp.mails.find(
    (message) => message.to.includes(email) && message.subject.startsWith('Payment received'),
  );
  expect(receipt, 'the receipt mail').toBeDefined();
  const url = /Book your sessions: (\S+)/.exec(receipt!.text)?.[1];
  expect(url).toMatch(new RegExp(`^${SITE}/client/\\d{13}-[0-9a-f]{10}\\?token=[A-Za-z0-9_-]{43}$`));
  const link = new URL(url!);
  return { id: link.pathname.split('/')[2]!, token: link.searchParams.get('token')!, url: url!, email };
}

const space = (client: PaidClient, token = client.token) =>
  call(clientSpaceFn, `/api/client-space/${client.id}?token=${token}`, { params: { id: client.id } });
const spaceOf = async (client: PaidClient) => jsonOf<ClientSpaceAnswer>(await space(client));
const book = (client: PaidClient, start: string) =>
  call(clientSpaceFn, `/api/client-space/${client.id}/sessions?token=${client.token}`, {
    body: { start },
    params: { id: client.id },
  });
const change = (client: PaidClient, session: string, what: 'move' | 'cancel', start?: string) =>
  call(clientSpaceFn, `/api/client-space/${client.id}/sessions/${session}/${what}?token=${client.token}`, {
    method: 'POST',
    ...(start ? { body: { start } } : {}),
    params: { id: client.id, session },
  });

async function slotsOf(query: string): Promise<Slot[]> {
  const response = await call(slotsFn, `/api/slots?${query}`);
  expect(response.status).toBe(200);
  return (await jsonOf<SlotsAnswer>(response)).slots;
}

const handedOut: Array<[number, number]> = [];
/** A free 90-minute session start between `from` and `to` hours ahead, clear of every one handed out in this file. */
async function sessionStart(from: number, to = Infinity): Promise<Slot> {
  const now = Date.now();
  const slot = (await slotsOf('days=7&kind=session&minutes=90')).find((candidate) => {
    const start = Date.parse(candidate.start);
    const ahead = (start - now) / HOUR;
    return ahead >= from && ahead <= to && handedOut.every(([a, b]) => start + 90 * 60_000 <= a || start >= b);
  });
  if (!slot) throw new Error(`no free session start ${from}-${to} hours ahead`);
  handedOut.push([Date.parse(slot.start), Date.parse(slot.start) + 90 * 60_000]);
  return slot;
}

const halfHoursOf = (start: string, minutes = 90) =>
  Array.from({ length: minutes / 30 }, (_, index) => Date.parse(start) + index * 30 * 60_000);

describe('a paid client books, moves and cancels sessions', () => {
  test('pay Ascend Plus: the receipt links the client space with 3 sessions; book (2 left), move, cancel (3 left); the calls calendar sees the session', async () => {
    const client = await pay('ascend-plus');
    const receipt = mail.smtp.mails.find((message) => message.to.includes(client.email))!;
    expect(receipt.text).toContain('Your package includes 3 coaching sessions.');
    expect(receipt.html).toContain(`href="${client.url.replace('&', '&amp;')}"`);
    expect(receipt.text).not.toContain('Book A Free Call');

    const fresh = await space(client);
    expect(fresh.status).toBe(200);
    expect(fresh.headers.get('cache-control')).toBe('no-store');
    expect(await jsonOf<ClientSpaceAnswer>(fresh)).toMatchObject({
      client: {
        name: 'Meera Iyer',
        packageName: 'Ascend Plus',
        sessionsTotal: 3,
        sessionsLeft: 3,
        sessionMinutes: 90,
        ended: false,
      },
      sessions: [],
    });

    const first = await sessionStart(30);
    const booked = await book(client, first.start);
    expect(booked.status).toBe(201);
    const { session } = await jsonOf<SessionAnswer>(booked);
    expect(session).toMatchObject({ start: first.start, end: first.end, status: 'booked', changeable: true });
    expect((await spaceOf(client)).client.sessionsLeft).toBe(2);
    // One calendar: the discovery calls' listing no longer offers any half hour the session covers.
    const callStarts = new Set((await slotsOf('days=7')).map((slot) => Date.parse(slot.start)));
    for (const half of halfHoursOf(first.start)) {
      expect(callStarts.has(half)).toBe(false);
      expect(await slotHolder(slotKey(half))).toBe(session.id);
    }
    await settleAfterResponse();
    const invite = mail.smtp.mails.find(
      (message) => message.to.includes(client.email) && message.subject.startsWith('Your session is booked'),
    );
    expect(invite?.text).toContain('90-minute coaching session (Ascend Plus)');
    expect(invite?.text).toContain(client.url);
    expect(
      invite?.attachments.some(
        (part) => part.method === 'REQUEST' && part.content.includes('SUMMARY:Coaching session with'),
      ),
    ).toBe(true);
    const ownerNotice = mail.smtp.mails.find(
      (message) => message.to.includes(OWNER_ADDRESS) && message.subject.startsWith('Session booked: Meera Iyer'),
    );
    expect(ownerNotice?.text).toContain(`Open Clients in the admin: ${SITE}/admin/bookings#clients`);

    const second = await sessionStart(30);
    const moved = await change(client, session.id, 'move', second.start);
    expect(moved.status).toBe(200);
    expect((await jsonOf<SessionAnswer>(moved)).session).toMatchObject({
      id: session.id,
      start: second.start,
      status: 'booked',
    });
    for (const half of halfHoursOf(first.start)) expect(await slotHolder(slotKey(half))).toBeNull();
    for (const half of halfHoursOf(second.start)) expect(await slotHolder(slotKey(half))).toBe(session.id);
    expect((await spaceOf(client)).client.sessionsLeft).toBe(2);

    const cancelled = await change(client, session.id, 'cancel');
    expect(cancelled.status).toBe(200);
    expect((await jsonOf<SessionAnswer>(cancelled)).session.status).toBe('cancelled');
    for (const half of halfHoursOf(second.start)) expect(await slotHolder(slotKey(half))).toBeNull();
    const after = await spaceOf(client);
    expect(after.client.sessionsLeft).toBe(3);
    expect(after.sessions).toEqual([
      expect.objectContaining({ id: session.id, status: 'cancelled', changeable: false }),
    ]);
  });

  test('a wrong token is a 404 exactly as an unknown client; a time not offered is a 400 naming start', async () => {
    const client = await pay('ascend');
    const wrong = await space(client, 'A'.repeat(43));
    const unknownId = '8000000000000-0000000000';
    const unknown = await call(clientSpaceFn, `/api/client-space/${unknownId}?token=${client.token}`, {
      params: { id: unknownId },
    });
    expect(wrong.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await wrong.json()).toEqual(await unknown.json());
    const offGrid = new Date(Date.parse((await sessionStart(30)).start) + 7 * 60_000).toISOString();
    handedOut.pop();
    const refused = await book(client, offGrid);
    expect(refused.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(refused)).fields).toHaveProperty('start');
    expect((await spaceOf(client)).client.sessionsLeft).toBe(1);
  });

  test("the client's invoice is listed and downloads through their link; another payment's document is a 404", async () => {
    const [client, other] = [await pay('ascend'), await pay('ascend')];
    const { invoices } = await spaceOf(client);
    expect(invoices).toHaveLength(1);
    const [invoice] = invoices;
    expect(invoice!.url).toBe(`/api/client-space/${client.id}/invoices/${invoice!.id}.pdf?token=${client.token}`);
    const file = (owner: PaidClient, documentId: string, token = owner.token) =>
      call(clientSpaceFn, `/api/client-space/${owner.id}/invoices/${documentId}.pdf?token=${token}`, {
        params: { id: owner.id, document: `${documentId}.pdf` },
      });
    const pdf = await file(client, invoice!.id);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('cache-control')).toBe('no-store');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const othersInvoice = (await spaceOf(other)).invoices[0]!.id;
    expect((await file(client, othersInvoice)).status).toBe(404);
    expect((await file(client, invoice!.id, 'A'.repeat(43))).status).toBe(404);
  });

  test('within 24 hours a session cannot be moved or cancelled online: 403 naming the phone and WhatsApp', async () => {
    const client = await pay('ascend');
    const soon = await sessionStart(2, business.promises.rescheduleNoticeHours - 2);
    const booked = await book(client, soon.start);
    expect(booked.status).toBe(201);
    const { session } = await jsonOf<SessionAnswer>(booked);
    expect(session.changeable).toBe(false);
    for (const refused of [
      await change(client, session.id, 'move', (await sessionStart(30)).start),
      await change(client, session.id, 'cancel'),
    ]) {
      expect(refused.status).toBe(403);
      const { error } = await jsonOf<{ error: string }>(refused);
      expect(error).toContain(business.contact.phone);
      expect(error).toContain(`WhatsApp +${business.contact.whatsappNumber}`);
    }
    handedOut.pop();
    expect((await readAppointment(session.id))?.status).toBe('confirmed');
    // The reminder an hour before, as for a call, in a session's words and linking the client space.
    await settleAfterResponse();
    await sendDueReminders(new Date(Date.parse(session.start) - HOUR + 60_000));
    const reminder = mail.smtp.mails.find(
      (message) => message.to.includes(client.email) && message.subject.startsWith('Reminder'),
    );
    expect(reminder?.subject).toBe(`Reminder: your session with ${business.brand} in an hour`);
    expect(reminder?.text).toContain('90-minute coaching session (Ascend)');
    // The last session is booked: another is refused.
    expect((await book(client, (await sessionStart(30)).start)).status).toBe(409);
    handedOut.pop();
  });

  test('a seat taken by a request that died before storing its session is given back once it is two minutes old', async () => {
    const client = await pay('ascend');
    const died = newestFirstKey(Date.now() - 5 * 60_000);
    await clients.update(client.id, (current) => ({ ...current, seats: [died], history: [died] }));
    expect((await spaceOf(client)).client.sessionsLeft).toBe(0);
    const booked = await book(client, (await sessionStart(30)).start);
    expect(booked.status).toBe(201);
    expect((await readClient(client.id))?.seats).toEqual([(await jsonOf<SessionAnswer>(booked)).session.id]);
  });

  test('a payer who left no e-mail still has a client', async () => {
    const { booking } = await bookPackage('ascend');
    const order = await startOrder('ascend', booking.id, { customerState: 'Karnataka' });
    expect((await call(verifyFn, '/api/verify-payment', { body: buyerPays(gateway(), order.orderId) })).status).toBe(
      200,
    );
    await settleAfterResponse();
    const payment = await paymentForOrder(order.orderId);
    expect(await clientOfPayment(payment!.id)).toMatchObject({ sessionsTotal: 1, email: null });
  });
});

describe('races across processes', () => {
  let callBundle: string;
  let spaceBundle: string;
  beforeAll(async () => {
    [callBundle, spaceBundle] = await Promise.all([
      bundleFunction('netlify/functions/appointments.mts'),
      bundleFunction('netlify/functions/client-space.mts'),
    ]);
  });

  test('a discovery call and a session racing for one half hour: exactly one wins, and holds every key it asked for', async () => {
    const client = await pay('ascend-plus');
    const target = await sessionStart(30);
    const contested = Date.parse(target.start) + 30 * 60_000;
    const callStart = new Date(contested).toISOString();
    const headers = { 'content-type': 'application/json', origin: SITE };
    const answers = await callInParallelProcesses(callBundle, [
      {
        url: `${SITE}/api/appointments`,
        method: 'POST',
        headers,
        body: JSON.stringify({ start: callStart, name: 'Racing Caller', phone: '98450 44441' }),
        ip: '10.44.0.1',
      },
      {
        url: `${SITE}/api/client-space/${client.id}/sessions?token=${client.token}`,
        method: 'POST',
        headers,
        body: JSON.stringify({ start: target.start }),
        params: { id: client.id },
        bundle: spaceBundle,
      },
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const holder = await slotHolder(slotKey(contested));
    if (answers[0]!.status === 201) {
      expect(holder).toBe((answers[0]!.body as { appointment: { id: string } }).appointment.id);
      for (const half of halfHoursOf(target.start).filter((at) => at !== contested))
        expect(await slotHolder(slotKey(half))).toBeNull();
      expect((await spaceOf(client)).client.sessionsLeft).toBe(3);
    } else {
      const { session } = answers[1]!.body as SessionAnswer;
      for (const half of halfHoursOf(target.start)) expect(await slotHolder(slotKey(half))).toBe(session.id);
      expect((await spaceOf(client)).client.sessionsLeft).toBe(2);
    }
  });

  test('the last session booked twice at once from two processes: one 201, one 409', async () => {
    const client = await pay('ascend');
    const request = (start: string) => ({
      url: `${SITE}/api/client-space/${client.id}/sessions?token=${client.token}`,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: JSON.stringify({ start }),
      params: { id: client.id },
    });
    const answers = await callInParallelProcesses(spaceBundle, [
      request((await sessionStart(30)).start),
      request((await sessionStart(30)).start),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const stored = await readClient(client.id);
    expect(stored?.seats).toHaveLength(1);
    expect((await spaceOf(client)).sessions.filter((session) => session.status === 'booked')).toHaveLength(1);
  });
});

describe('a full refund ends the client, whatever the order of requests', () => {
  let instances: Instances | undefined;
  let bundles: string[];
  beforeAll(async () => {
    bundles = await Promise.all([
      bundleFunction('netlify/functions/client-space.mts'),
      bundleFunction('netlify/functions/razorpay-webhook.mts'),
    ]);
  });
  afterAll(() => instances?.stop());

  /** `count` free session starts that do not overlap each other or any handed out in this file (not handed out: the refund frees them). */
  async function freeStarts(count: number): Promise<string[]> {
    const chosen: number[] = [];
    for (const slot of await slotsOf('days=7&kind=session&minutes=90')) {
      const start = Date.parse(slot.start);
      if (start - Date.now() < 30 * HOUR) continue;
      const clear = (at: number) => start + 90 * 60_000 <= at || start >= at + 90 * 60_000;
      if (chosen.every(clear) && handedOut.every(([a, b]) => start + 90 * 60_000 <= a || start >= b))
        chosen.push(start);
      if (chosen.length === count) break;
    }
    expect(chosen).toHaveLength(count);
    return chosen.map((at) => new Date(at).toISOString());
  }

  /** The owner refunds the whole payment and Razorpay settles it: the signed refund.processed, not yet delivered. */
  async function refundedInFull(client: PaidClient) {
    const refunded = await call(refundsFn, `/api/admin/payments/${client.id}/refund`, {
      cookie,
      body: { reason: 'Refund racing bookings' },
      params: { id: client.id },
    });
    expect(refunded.status).toBe(202);
    const { delivery } = await gateway().settleRefund((await jsonOf<RefundAnswer>(refunded)).refund.id, 'processed');
    return delivery;
  }

  test('bookings from two processes racing the signed refund.processed webhook from a third, 20 rounds: none left booked, no time left held', async () => {
    // Two client-space instances and a webhook instance, each its own process, started with the gateway's variables.
    instances = await startInstances([bundles[0]!, bundles[0]!, bundles[1]!]);
    let booked = 0;
    let refused = 0;
    for (let round = 0; round < 20; round += 1) {
      const client = await pay('ascend-plus');
      await clients.update(client.id, (current) => ({ ...current, sessionsTotal: 20 }));
      const starts = await freeStarts(6);
      const delivery = await refundedInFull(client);
      const bookings = (indexes: number[]) => ({
        url: `${SITE}/api/client-space/${client.id}/sessions?token=${client.token}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SITE },
        params: { id: client.id },
        ip: `10.45.${round}.${indexes[0]}`,
        // 40 ms apart, as a client tapping through the free times.
        variants: indexes.map((index) => ({ body: JSON.stringify({ start: starts[index] }), delayMs: index * 40 })),
      });
      const [first, second, webhook] = await instances!.round([
        bookings([0, 2, 4]),
        bookings([1, 3, 5]),
        // The webhook lands at a different moment of the bookings each round.
        {
          url: `${SITE}/api/razorpay-webhook`,
          method: 'POST',
          headers: delivery.headers,
          body: delivery.rawBody,
          delayMs: (round % 10) * 30,
        },
      ]);
      // Razorpay delivers again until it is answered 200 (a 500 when the end kept losing its write).
      expect([200, 500], JSON.stringify(webhook!.body)).toContain(webhook!.status);
      let webhookStatus = webhook!.status;
      for (let again = 0; webhookStatus !== 200 && again < 5; again += 1) {
        webhookStatus = (
          await call(webhookFn, '/api/razorpay-webhook', {
            rawBody: delivery.rawBody,
            headers: delivery.headers,
            origin: null,
          })
        ).status;
      }
      expect(webhookStatus).toBe(200);
      const statuses = [...(first!.body as ProcessAnswer[]), ...(second!.body as ProcessAnswer[])].map(
        (answer) => answer.status,
      );
      expect(
        statuses.every((status) => status === 201 || status === 409),
        `round ${round}: ${statuses.join(' ')}`,
      ).toBe(true);
      booked += statuses.filter((status) => status === 201).length;
      refused += statuses.filter((status) => status === 409).length;
      if (process.env.RACE_LOG) console.log(`round ${round}: ${statuses.join(' ')} webhook ${webhook!.status}`);

      const stored = (await readClient(client.id))!;
      expect(stored.endedAt).not.toBeNull();
      const sessions = await sessionsOf(stored);
      expect(sessions.length).toBeGreaterThanOrEqual(statuses.filter((status) => status === 201).length);
      expect(
        sessions.filter((session) => session.status === 'confirmed').map((session) => session.start),
        `round ${round}`,
      ).toEqual([]);
      for (const start of starts)
        for (const half of halfHoursOf(start))
          expect(await slotHolder(slotKey(half)), `round ${round}: ${new Date(half).toISOString()}`).toBeNull();
      const view = await spaceOf(client);
      expect(view.client).toMatchObject({ ended: true, sessionsLeft: 0 });
      expect(view.sessions.filter((session) => session.status === 'booked')).toEqual([]);
    }
    // The race was run: bookings got in before the end (and were cancelled by it) and were refused after it.
    expect(booked).toBeGreaterThan(0);
    expect(refused).toBeGreaterThan(0);
  }, 600_000);

  test('the moment between the end and its cancels: a booking and a move of an ended client are 409, and the session is cancelled', async () => {
    const client = await pay('ascend-plus');
    const [first, second] = await freeStarts(2);
    const { session } = await jsonOf<SessionAnswer>(await book(client, first!));
    // Forced: the refund has ended the client (its first write) and not yet cancelled this session.
    await clients.update(client.id, (current) => ({ ...current, endedAt: new Date().toISOString() }));
    for (const refusedAnswer of [await change(client, session.id, 'move', second!), await book(client, second!)]) {
      expect(refusedAnswer.status).toBe(409);
      expect((await jsonOf<{ error: string }>(refusedAnswer)).error).toContain('refunded in full');
    }
    expect(Date.parse((await readAppointment(session.id))!.start)).toBe(Date.parse(first!));
    // Then the refund's cancels run: the session goes, its time is free.
    expect(await endRemainingSessions(client.id)).toEqual({ cancelled: 1 });
    expect((await readAppointment(session.id))?.status).toBe('cancelled');
    for (const half of halfHoursOf(first!)) expect(await slotHolder(slotKey(half))).toBeNull();
  });

  test('a booking whose seat was taken before the end, and whose record the refund did not find yet, cancels itself: 409, no seat or time held (10 rounds at 20 ms a Blobs call)', async () => {
    // At a network's pace, as on Netlify: the booking's writes after its seat take tens of ms.
    setBlobsLatency(20);
    try {
      for (let round = 0; round < 10; round += 1) {
        const client = await pay('ascend-plus');
        const [start] = await freeStarts(1);
        const stored = (await readClient(client.id))!;
        const booking = bookSession(stored, start!).then(
          (session) => ({ session, error: null }),
          (error: Error) => ({ session: null, error }),
        );
        // Forced: the refund ends the client once the seat is on the record; its cancels ran before the session's record existed, so they found nothing.
        while ((await readClient(client.id))!.seats.length === 0)
          await new Promise((resolve) => setTimeout(resolve, 1));
        await clients.update(client.id, (current) => ({ ...current, endedAt: new Date().toISOString() }));
        const outcome = await booking;
        expect(outcome.error?.message, `round ${round}`).toContain('refunded in full');
        const sessions = await sessionsOf((await readClient(client.id))!);
        expect(
          sessions.filter((session) => session.status === 'confirmed'),
          `round ${round}`,
        ).toEqual([]);
        for (const half of halfHoursOf(start!)) expect(await slotHolder(slotKey(half)), `round ${round}`).toBeNull();
        expect((await readClient(client.id))?.seats, `round ${round}`).toEqual([]);
      }
    } finally {
      setBlobsLatency(0);
    }
  }, 120_000);
});

describe('a long history', () => {
  test("300 book/cancel cycles on one client: every session is still listed, the confirmed one survives in the list and a full refund cancels it; the owner's mails about the client are capped per day", async () => {
    const client = await pay('ascend');
    const [start] = await (async () => {
      const slot = await sessionStart(30);
      return [slot.start];
    })();
    const ids: string[] = [];
    for (let cycle = 0; cycle < 300; cycle += 1) {
      const booked = await book(client, start!);
      expect(booked.status, `cycle ${cycle}`).toBe(201);
      const { session } = await jsonOf<SessionAnswer>(booked);
      ids.push(session.id);
      expect((await change(client, session.id, 'cancel')).status, `cycle ${cycle}`).toBe(200);
      if (cycle % 25 === 24) await settleAfterResponse();
    }
    const kept = await jsonOf<SessionAnswer>(await book(client, start!));
    await settleAfterResponse();
    const view = await spaceOf(client);
    expect(view.sessions).toHaveLength(301);
    expect(new Set(view.sessions.map((session) => session.id))).toEqual(new Set([...ids, kept.session.id]));
    expect(view.sessions.filter((session) => session.status === 'booked').map((session) => session.id)).toEqual([
      kept.session.id,
    ]);
    const ownerMails = mail.smtp.mails.filter(
      (message) => message.to.includes(OWNER_ADDRESS) && message.text.includes(client.email),
    );
    expect(ownerMails.filter((message) => message.subject.startsWith('Session'))).toHaveLength(
      OWNER_MAILS_PER_CLIENT_PER_DAY,
    );

    expect(await endRemainingSessions(client.id)).toEqual({ cancelled: 1 });
    expect((await readAppointment(kept.session.id))?.status).toBe('cancelled');
    handedOut.pop();
  }, 600_000);
});

describe("the owner's view", () => {
  test('outcome: 409 before the session starts, 200 after (the note stays private); the clients list shows sessions used (held only), booked, missed, left and the next one; the owner cancels a session', async () => {
    const client = await pay('ascend-plus');
    const upcoming = await jsonOf<SessionAnswer>(await book(client, (await sessionStart(30)).start));
    const rowOf = async () => {
      const listed = await call(adminClientsFn, '/api/admin/clients?limit=100', { cookie });
      expect(listed.status).toBe(200);
      return (await jsonOf<AdminClientsAnswer>(listed)).items.find((item) => item.id === client.id);
    };
    // A booked session is not used yet: "Used 0 of 3, 1 booked".
    expect(await rowOf()).toMatchObject({
      sessionsTotal: 3,
      sessionsUsed: 0,
      sessionsBooked: 1,
      sessionsMissed: 0,
      sessionsLeft: 2,
    });
    const outcome = (id: string, body: unknown) =>
      call(adminClientsFn, `/api/admin/sessions/${id}/outcome`, { cookie, body, params: { id } });
    expect((await outcome(upcoming.session.id, { outcome: 'held' })).status).toBe(409);
    expect((await outcome(upcoming.session.id, { outcome: 'maybe' })).status).toBe(400);
    expect(
      (
        await call(adminClientsFn, `/api/admin/sessions/${upcoming.session.id}/outcome`, {
          body: { outcome: 'held' },
          params: { id: upcoming.session.id },
        })
      ).status,
    ).toBe(401);

    // A session that started at least two hours ago, booked as the client would have then. Looked for
    // over the last day, so it is found whatever the hour (the day's hours end at 23:30 IST).
    const then = new Date(Date.now() - 26 * HOUR);
    const past = (await currentSessionSlots(then, 90)).slots
      .filter((slot) => Date.parse(slot.start) <= Date.now() - 2 * HOUR)
      .at(-1);
    expect(past).toBeDefined();
    const held = await bookSession((await readClient(client.id))!, past!.start, then);
    const marked = await outcome(held.id, { outcome: 'held', note: 'Covered the CV; next: interview practice.' });
    expect(marked.status).toBe(200);
    expect(await jsonOf(marked)).toEqual({
      session: { id: held.id, outcome: 'held', note: 'Covered the CV; next: interview practice.' },
    });
    const seen = await space(client);
    const text = await seen.clone().text();
    expect(text).not.toContain('interview practice');
    expect((await jsonOf<ClientSpaceAnswer>(seen)).sessions.find((session) => session.id === held.id)?.status).toBe(
      'held',
    );

    // Changed to a no-show: the client gets one re-book mail with their client space, marked twice or not.
    expect((await outcome(held.id, { outcome: 'no-show' })).status).toBe(200);
    expect((await outcome(held.id, { outcome: 'no-show' })).status).toBe(200);
    await settleAfterResponse();
    const rebooks = mail.smtp.mails.filter(
      (message) => message.to.includes(client.email) && message.subject.startsWith('We missed you'),
    );
    expect(rebooks).toHaveLength(1);
    expect(rebooks[0]!.text).toContain('/client/');
    // A missed session keeps its seat but is not used.
    expect(await rowOf()).toMatchObject({ sessionsUsed: 0, sessionsBooked: 1, sessionsMissed: 1, sessionsLeft: 1 });
    expect((await outcome(held.id, { outcome: 'held' })).status).toBe(200);

    expect(await rowOf()).toMatchObject({
      packageName: 'Ascend Plus',
      sessionsTotal: 3,
      sessionsUsed: 1,
      sessionsBooked: 1,
      sessionsMissed: 0,
      sessionsLeft: 1,
      nextSession: { start: upcoming.session.start },
    });
    expect((await call(adminClientsFn, '/api/admin/clients')).status).toBe(401);

    // The owner may cancel a session at any time: the seat comes back, the time is free.
    const cancelAsOwner = (id: string, withCookie = true) =>
      call(adminClientsFn, `/api/admin/sessions/${id}/cancel`, {
        method: 'POST',
        ...(withCookie ? { cookie } : {}),
        params: { id },
      });
    expect((await cancelAsOwner(upcoming.session.id, false)).status).toBe(401);
    expect((await cancelAsOwner(upcoming.session.id)).status).toBe(200);
    expect((await cancelAsOwner(upcoming.session.id)).status).toBe(409);
    for (const half of halfHoursOf(upcoming.session.start)) expect(await slotHolder(slotKey(half))).toBeNull();
    expect((await spaceOf(client)).client.sessionsLeft).toBe(2);
  });

  test('a full refund ends the remaining sessions: upcoming ones cancelled, their time freed, none left; again changes nothing', async () => {
    const client = await pay('ascend-plus');
    const { session } = await jsonOf<SessionAnswer>(await book(client, (await sessionStart(30)).start));
    expect(await endRemainingSessions(client.id)).toEqual({ cancelled: 1 });
    for (const half of halfHoursOf(session.start)) expect(await slotHolder(slotKey(half))).toBeNull();
    const after = await spaceOf(client);
    expect(after.client).toMatchObject({ sessionsLeft: 0, ended: true });
    expect(after.sessions[0]?.status).toBe('cancelled');
    expect(await endRemainingSessions(client.id)).toEqual({ cancelled: 0 });
    expect((await book(client, (await sessionStart(30)).start)).status).toBe(409);
  });
});

describe('what the client paid and got back', () => {
  test('after a partial refund the client space lists the payment, the refund (pending, then processed) and the net paid; the sessions stay', async () => {
    const client = await pay('ascend-plus');
    expect((await spaceOf(client)).money).toMatchObject({
      paidPaise: 1059900,
      refundedPaise: 0,
      pendingPaise: 0,
      netPaidPaise: 1059900,
      refunds: [],
    });

    const asked = await call(refundsFn, `/api/admin/payments/${client.id}/refund`, {
      cookie,
      body: { amount: 3000, reason: 'Part of the fee back: one session less' },
      params: { id: client.id },
    });
    expect(asked.status).toBe(202);
    const { refund } = await jsonOf<RefundAnswer>(asked);
    // Razorpay has taken it, not settled it: listed as pending, not yet off what was paid.
    const pending = (await spaceOf(client)).money;
    expect(pending.refunds).toEqual([
      { refundId: refund.id, amountPaise: 300000, at: expect.any(String), status: 'pending' },
    ]);
    expect(pending).toMatchObject({ refundedPaise: 0, pendingPaise: 300000, netPaidPaise: 1059900 });

    const { delivery } = await gateway().settleRefund(refund.id, 'processed');
    const settled = await call(webhookFn, '/api/razorpay-webhook', {
      rawBody: delivery.rawBody,
      headers: delivery.headers,
      origin: null,
    });
    expect(settled.status).toBe(200);
    await settleAfterResponse();

    const after = await spaceOf(client);
    expect(after.money).toEqual({
      payments: [
        {
          razorpayPaymentId: expect.stringMatching(/^pay_/),
          amountPaise: 1059900,
          paidAt: expect.any(String),
          status: 'partly-refunded',
        },
      ],
      refunds: [{ refundId: refund.id, amountPaise: 300000, at: expect.any(String), status: 'processed' }],
      paidPaise: 1059900,
      refundedPaise: 300000,
      pendingPaise: 0,
      netPaidPaise: 759900,
    });
    // The owner's reason is theirs (docs/decisions/0028-visitor-mail-carries-only-our-words.md).
    expect(JSON.stringify(after)).not.toContain('one session less');
    // A partial refund leaves the sessions bought.
    expect(after.client).toMatchObject({ ended: false, sessionsLeft: 3 });
  });
});

describe('session slots', () => {
  test('GET /api/slots?kind=session answers in the slots shape; minutes must be a session length', async () => {
    const response = await call(slotsFn, '/api/slots?days=2&kind=session&minutes=60');
    expect(response.status).toBe(200);
    const answer = await jsonOf<SlotsAnswer>(response);
    expect(answer).toMatchObject({ timeZone: 'Asia/Kolkata', slotMinutes: 60 });
    expect(Date.parse(answer.slots[0]!.end) - Date.parse(answer.slots[0]!.start)).toBe(60 * 60_000);
    const bad = await call(slotsFn, '/api/slots?kind=session&minutes=45');
    expect(bad.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(bad)).fields).toHaveProperty('minutes');
    expect((await call(slotsFn, '/api/slots?kind=party')).status).toBe(400);
  });
});
