import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import adminClientsFn from '../../netlify/functions/admin-clients.mts';
import clientSpaceFn from '../../netlify/functions/client-space.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import { business } from '../../src/lib/business';
import { describeSlotIst } from '../../src/lib/schedule/slotDays';
import type { Slot, SlotsAnswer } from '../../src/lib/schemas/appointment';
import type { SessionAnswer, SessionMoveAnswer } from '../../src/lib/schemas/client';
import { readAppointment, slotHolder, slotKey } from '../../src/server/booking/store';
import { clients } from '../../src/server/clients/store';
import { adminCookie } from './support/admin';
import { openAllDay } from './support/availability';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { type Instances, bundleFunction, startInstances } from './support/function-process';
import { OWNER_ADDRESS } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { useFakeGateway } from './support/payments';
import { type PaidClient, payAsClient } from './support/paidClient';

// The owner moves a client's session from the admin (docs/scheduling.md, "Paid sessions"): at any
// time, even inside the 24 hours the client is held to, through the client's own move (the same
// free-time check and create-only slot keys), and the client is told as when they move it
// themselves, in words that say the coach moved it. Real handlers, a real Blobs server, the fake
// Razorpay and a real SMTP server.

const gateway = useFakeGateway();
const mail = useMailReceivers();
let cookie: string;

beforeAll(async () => {
  cookie = await adminCookie();
  await openAllDay(cookie);
});

const HOUR = 3_600_000;

/** Pays ascend-plus through Checkout; the client link from the receipt mail. */
const pay = () =>
  payAsClient(gateway(), mail, { packageId: 'ascend-plus', name: 'Kavya Rao', state: 'Karnataka', tag: 'mover' });

const book = async (client: PaidClient, start: string) => {
  const response = await call(clientSpaceFn, `/api/client-space/${client.id}/sessions?token=${client.token}`, {
    body: { start },
    params: { id: client.id },
  });
  expect(response.status).toBe(201);
  return (await jsonOf<SessionAnswer>(response)).session;
};
const clientMoves = (client: PaidClient, session: string, start: string) =>
  call(clientSpaceFn, `/api/client-space/${client.id}/sessions/${session}/move?token=${client.token}`, {
    body: { start },
    params: { id: client.id, session },
  });
const ownerMoves = (id: string, body: unknown, options: { cookie?: string | null } = {}) =>
  call(adminClientsFn, `/api/admin/sessions/${id}/move`, {
    body,
    params: { id },
    ...(options.cookie === null ? {} : { cookie: options.cookie ?? cookie }),
  });

const handedOut: Array<[number, number]> = [];
/** A free 90-minute session start between `from` and `to` hours ahead, clear of every one handed out in this file. */
/**
 * A free session start `from` to `to` hours ahead that no other test holds. `alsoHalfHourLater`:
 * one whose next half hour is an offered start too (not the day's last), kept free with it.
 */
async function sessionStart(from: number, to = Infinity, { alsoHalfHourLater = false } = {}): Promise<Slot> {
  const now = Date.now();
  const response = await call(slotsFn, '/api/slots?days=7&kind=session&minutes=90');
  const slots = (await jsonOf<SlotsAnswer>(response)).slots;
  const offered = new Set(slots.map((candidate) => Date.parse(candidate.start)));
  const span = (alsoHalfHourLater ? 120 : 90) * 60_000;
  const slot = slots.find((candidate) => {
    const start = Date.parse(candidate.start);
    const ahead = (start - now) / HOUR;
    return (
      ahead >= from &&
      ahead <= to &&
      (!alsoHalfHourLater || offered.has(start + 30 * 60_000)) &&
      handedOut.every(([a, b]) => start + span <= a || start >= b)
    );
  });
  if (!slot) throw new Error(`no free session start ${from}-${to} hours ahead`);
  handedOut.push([Date.parse(slot.start), Date.parse(slot.start) + span]);
  return slot;
}

const halfHoursOf = (start: string) => [0, 1, 2].map((index) => Date.parse(start) + index * 30 * 60_000);
const SOON = business.promises.rescheduleNoticeHours - 2;

describe("the owner's booking of a client's session", () => {
  const ownerBooks = (clientId: string, body: unknown, options: { cookie?: string | null } = {}) =>
    call(adminClientsFn, `/api/admin/clients/${clientId}/sessions`, {
      body,
      params: { id: clientId },
      ...(options.cookie === null ? {} : { cookie: options.cookie ?? cookie }),
    });

  test('books one of the seats at a free time (201), stored and holding its slot; the client is told; bad input names the field', async () => {
    const client = await pay();
    const when = await sessionStart(30);
    const booked = await ownerBooks(client.id, { start: when.start });
    expect(booked.status).toBe(201);
    const { session } = await jsonOf<SessionMoveAnswer>(booked);
    expect(session).toMatchObject({ start: when.start, end: when.end });
    // Read back: the session is stored, takes a seat, holds its time.
    expect(await readAppointment(session.id)).toMatchObject({ status: 'confirmed', start: when.start });
    expect((await clients.get(client.id))?.seats).toContain(session.id);
    for (const half of halfHoursOf(when.start)) expect(await slotHolder(slotKey(half))).toBe(session.id);
    await settleAfterResponse();
    expect(
      mail.smtp.mails.some(
        (message) => message.to.includes(client.email) && message.text.includes(describeSlotIst(when.start)),
      ),
    ).toBe(true);
    // The same time again: taken (409); no start or a bad one: 400 naming it; no such client: 404; no session: 401.
    expect((await ownerBooks(client.id, { start: when.start })).status).toBe(409);
    const bad = await ownerBooks(client.id, { start: 'tomorrow' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await jsonOf(bad))).toContain('start');
    expect((await ownerBooks('8100000000000-0000000000', { start: when.start })).status).toBe(404);
    expect((await ownerBooks(client.id, { start: when.start }, { cookie: null })).status).toBe(401);
  });
});

describe("the owner's move of a client's session", () => {
  test('inside 24 hours: refused to the client (403), done by the owner (200); the old time is free, the client is told the coach moved it', async () => {
    const client = await pay();
    const from = await sessionStart(2, SOON);
    const session = await book(client, from.start);
    const to = await sessionStart(2, SOON);
    expect((await clientMoves(client, session.id, to.start)).status).toBe(403);

    const moved = await ownerMoves(session.id, { start: to.start });
    expect(moved.status).toBe(200);
    expect(await jsonOf<SessionMoveAnswer>(moved)).toEqual({
      session: { id: session.id, start: to.start, end: to.end },
    });
    const stored = await readAppointment(session.id);
    expect(stored).toMatchObject({ start: to.start, end: to.end, status: 'confirmed', sequence: 1 });
    expect(stored?.session?.slotKeys).toEqual(halfHoursOf(to.start).map(slotKey));
    for (const half of halfHoursOf(from.start)) expect(await slotHolder(slotKey(half))).toBeNull();
    for (const half of halfHoursOf(to.start)) expect(await slotHolder(slotKey(half))).toBe(session.id);
    // The old time is offered again, to calls and sessions alike.
    const offered = await call(slotsFn, '/api/slots?days=7&kind=session&minutes=90');
    expect((await jsonOf<SlotsAnswer>(offered)).slots.map((slot) => slot.start)).toContain(from.start);

    await settleAfterResponse();
    const notice = mail.smtp.mails.find(
      (message) => message.to.includes(client.email) && message.subject.startsWith('Your coach moved your session'),
    );
    expect(notice?.subject).toBe(`Your coach moved your session: ${describeSlotIst(to.start)}`);
    expect(notice?.text).toContain(
      `${business.founder.name}, your coach, has moved your 90-minute coaching session (Ascend Plus) from ${describeSlotIst(from.start)} to ${describeSlotIst(to.start)}.`,
    );
    expect(notice?.text).toContain(`/client/${client.id}?token=`);
    // The invite the client holds is updated in place: the same event, a higher sequence, at the new time.
    const invite = notice?.attachments.find((part) => part.method === 'REQUEST');
    expect(invite?.content).toContain('SEQUENCE:1');
    const ownerNotice = mail.smtp.mails.find(
      (message) => message.to.includes(OWNER_ADDRESS) && message.subject.startsWith('Session moved: Kavya Rao'),
    );
    expect(ownerNotice?.text).toContain('moved by you');
  });

  test('the owner also cancels inside 24 hours: the client may not (403), the owner may (200), the time is free', async () => {
    const client = await pay();
    const soon = await sessionStart(2, SOON);
    const session = await book(client, soon.start);
    const clientCancel = await call(
      clientSpaceFn,
      `/api/client-space/${client.id}/sessions/${session.id}/cancel?token=${client.token}`,
      { method: 'POST', params: { id: client.id, session: session.id } },
    );
    expect(clientCancel.status).toBe(403);
    const cancelled = await call(adminClientsFn, `/api/admin/sessions/${session.id}/cancel`, {
      method: 'POST',
      cookie,
      params: { id: session.id },
    });
    expect(cancelled.status).toBe(200);
    for (const half of halfHoursOf(soon.start)) expect(await slotHolder(slotKey(half))).toBeNull();
    // A cancelled session is not moved.
    expect((await ownerMoves(session.id, { start: (await sessionStart(30)).start })).status).toBe(409);
  });

  test('a time another session holds, whole or in part, is 409 with the free times; nothing moves', async () => {
    const client = await pay();
    const mine = await book(client, (await sessionStart(30)).start);
    // Moved half an hour into theirs must still be an offered time, so theirs is not the day's last.
    const theirs = await book(await pay(), (await sessionStart(30, Infinity, { alsoHalfHourLater: true })).start);
    for (const start of [theirs.start, new Date(Date.parse(theirs.start) + 30 * 60_000).toISOString()]) {
      const refused = await ownerMoves(mine.id, { start });
      expect(refused.status).toBe(409);
      const body = await jsonOf<{ error: string; slots: Slot[] }>(refused);
      expect(body.error).toContain('just been taken');
      expect(body.slots.length).toBeGreaterThan(0);
    }
    expect((await readAppointment(mine.id))?.start).toBe(mine.start);
    for (const half of halfHoursOf(mine.start)) expect(await slotHolder(slotKey(half))).toBe(mine.id);
    for (const half of halfHoursOf(theirs.start)) expect(await slotHolder(slotKey(half))).toBe(theirs.id);
  });

  test('bad input is a 400 naming the field, an unknown session 404, an ended client 409, no admin session 401', async () => {
    const client = await pay();
    const session = await book(client, (await sessionStart(30)).start);
    const fieldsOf = async (response: Response) => {
      expect(response.status).toBe(400);
      return (await jsonOf<{ fields: Record<string, string> }>(response)).fields;
    };
    expect(Object.keys(await fieldsOf(await ownerMoves(session.id, {})))).toEqual(['start']);
    expect(Object.keys(await fieldsOf(await ownerMoves(session.id, { start: 'tomorrow at ten' })))).toEqual(['start']);
    expect(Object.keys(await fieldsOf(await ownerMoves('not-a-session', { start: session.start })))).toEqual(['id']);
    // A time the grid never offers (a minute past a start) names `start` too.
    const offGrid = new Date(Date.parse((await sessionStart(30)).start) + 60_000).toISOString();
    expect(Object.keys(await fieldsOf(await ownerMoves(session.id, { start: offGrid })))).toEqual(['start']);
    // The time it is at already.
    expect(Object.keys(await fieldsOf(await ownerMoves(session.id, { start: session.start })))).toEqual(['start']);

    const free = (await sessionStart(30)).start;
    expect((await ownerMoves('8000000000000-0000000000', { start: free })).status).toBe(404);
    expect((await ownerMoves(session.id, { start: free }, { cookie: null })).status).toBe(401);
    const crossSite = await call(adminClientsFn, `/api/admin/sessions/${session.id}/move`, {
      body: { start: free },
      params: { id: session.id },
      cookie,
      origin: 'https://elsewhere.example',
    });
    expect(crossSite.status).toBe(403);
    // Refunded in full, before the refund's cancels ran: not even the owner moves it.
    await clients.update(client.id, (current) => ({ ...current, endedAt: new Date().toISOString() }));
    const ended = await ownerMoves(session.id, { start: free });
    expect(ended.status).toBe(409);
    expect((await jsonOf<{ error: string }>(ended)).error).toContain('refunded in full');
    expect((await readAppointment(session.id))?.start).toBe(session.start);
  });
});

describe('the owner and a client moving to one time at once, from two processes', () => {
  let instances: Instances | undefined;
  afterAll(async () => {
    await instances?.stop();
  });

  test('5 rounds: exactly one move wins and holds every key of the time; the other session stays where it was', async () => {
    const [adminBundle, spaceBundle] = await Promise.all([
      bundleFunction('netlify/functions/admin-clients.mts'),
      bundleFunction('netlify/functions/client-space.mts'),
    ]);
    instances = await startInstances([adminBundle, spaceBundle]);
    const [ownersClient, movingClient] = [await pay(), await pay()];
    const owners = await book(ownersClient, (await sessionStart(30)).start);
    const clientsOwn = await book(movingClient, (await sessionStart(30)).start);
    const headers = { 'content-type': 'application/json', origin: SITE };
    for (let round = 0; round < 5; round += 1) {
      const [ownerBefore, clientBefore] = await Promise.all([
        readAppointment(owners.id),
        readAppointment(clientsOwn.id),
      ]);
      const target = (await sessionStart(30)).start;
      const [byOwner, byClient] = await instances.round([
        {
          url: `${SITE}/api/admin/sessions/${owners.id}/move`,
          method: 'POST',
          headers: { ...headers, cookie },
          body: JSON.stringify({ start: target }),
          params: { id: owners.id },
          // One side or the other starts a few ms late, so each is sometimes first.
          delayMs: round % 2 === 0 ? round * 4 : 0,
        },
        {
          url: `${SITE}/api/client-space/${movingClient.id}/sessions/${clientsOwn.id}/move?token=${movingClient.token}`,
          method: 'POST',
          headers,
          body: JSON.stringify({ start: target }),
          params: { id: movingClient.id, session: clientsOwn.id },
          delayMs: round % 2 === 1 ? round * 4 : 0,
        },
      ]);
      expect([byOwner!.status, byClient!.status].sort(), `round ${round}`).toEqual([200, 409]);
      const [winner, loser] = byOwner!.status === 200 ? [ownerBefore!, clientBefore!] : [clientBefore!, ownerBefore!];
      for (const half of halfHoursOf(target)) expect(await slotHolder(slotKey(half))).toBe(winner.id);
      expect((await readAppointment(winner.id))?.start).toBe(target);
      for (const half of halfHoursOf(winner.start)) expect(await slotHolder(slotKey(half))).toBeNull();
      expect((await readAppointment(loser.id))?.start).toBe(loser.start);
      for (const half of halfHoursOf(loser.start)) expect(await slotHolder(slotKey(half))).toBe(loser.id);
    }
  }, 120_000);
});
