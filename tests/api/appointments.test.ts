import ical, { type VEvent } from 'node-ical';
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import adminAppointments from '../../netlify/functions/admin-appointments.mts';
import appointmentsFn from '../../netlify/functions/appointments.mts';
import bookCall from '../../netlify/functions/book-call.mts';
import calendarFeedFn from '../../netlify/functions/calendar-feed.mts';
import peopleFn from '../../netlify/functions/admin-people.mts';
import type { PersonThread } from '../../src/lib/schemas/people';
import todoFn from '../../netlify/functions/admin-todo.mts';
import statsFn from '../../netlify/functions/admin-stats.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import { business } from '../../src/lib/business';
import { dueAfter } from '../../src/lib/dueTime';
import type { PublicAppointment, Slot, SlotsAnswer } from '../../src/lib/schemas/appointment';
import type { TodoAnswer, TodoEntry } from '../../src/lib/schemas/todo';
import { sendDueReminders } from '../../src/server/appointments/reminders';
import { appointmentStore, readAppointment, slotHolder, slotKey } from '../../src/server/booking/store';
import { bookings } from '../../src/server/leads/bookings';
import { TODO_STORE, entryOfTodoKey } from '../../src/server/indexes/todo/pendingIndex';
import { collectionStore } from '../../src/server/storage/blobs';
import { adminCookie } from './support/admin';
import { allDay } from './support/availability';
import { SITE, call, jsonOf, settleAfterResponse } from './support/call';
import { bundleFunction, callInParallelProcesses } from './support/function-process';
import { OWNER_ADDRESS, type ReceivedMail } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';

// Calls booked on the site (docs/scheduling.md), through the real handlers against a real Blobs
// server, with a real SMTP server receiving the invites.

const mail = useMailReceivers();
let cookie: string;

beforeAll(async () => {
  cookie = await adminCookie();
  const saved = await call(adminAppointments, '/api/admin/availability', { method: 'PUT', cookie, body: allDay });
  expect(saved.status).toBe(200);
});
beforeEach(() => {
  mail.smtp.mails.length = 0;
});

async function freeSlots(): Promise<Slot[]> {
  const response = await call(slotsFn, '/api/slots?days=7');
  expect(response.status).toBe(200);
  return (await jsonOf<SlotsAnswer>(response)).slots;
}

const used = new Set<string>();
/** A free slot at least `hours` ahead (and at most `before` hours), never handed out twice in this file. */
async function slotAhead(hours: number, before = Infinity): Promise<Slot> {
  const now = Date.now();
  const slot = (await freeSlots()).find((candidate) => {
    const ahead = (Date.parse(candidate.start) - now) / 3_600_000;
    return ahead >= hours && ahead <= before && !used.has(candidate.start);
  });
  if (!slot) throw new Error(`no free slot ${hours} hours ahead`);
  used.add(slot.start);
  return slot;
}

// One upcoming call per phone and e-mail, three new calls per address an hour (docs/scheduling.md):
// each visitor here has their own phone, e-mail and address.
let people = 0;
const visitorIp = () => `10.19.${Math.floor(people / 200)}.${(people % 200) + 1}`;
async function book(start: string, extra: Record<string, unknown> = {}) {
  people += 1;
  const phone = `98450 ${String(10_000 + people).slice(-5)}`;
  return call(appointmentsFn, '/api/appointments', {
    body: {
      start,
      name: `Asha Rao ${'I'.repeat(people % 4)}`.trim(),
      phone,
      email: `asha${people}@example.com`,
      ...extra,
    },
    ip: visitorIp(),
  });
}
/** A booking request for an existing booking, from its own address. */
function bookFor(bookingId: string, start: string) {
  people += 1;
  return call(appointmentsFn, '/api/appointments', { body: { start, bookingId }, ip: visitorIp() });
}

const params = (url: string) => {
  const parsed = new URL(url);
  const id = parsed.pathname.split('/').pop()!;
  return { id, token: parsed.searchParams.get('token')! };
};

const mailsTo = (address: string) => mail.smtp.mails.filter((item: ReceivedMail) => item.to.includes(address));
const inviteOf = (item: ReceivedMail) => {
  const part = item.attachments.find((attachment) => attachment.mimeType === 'text/calendar' && attachment.method);
  if (!part) throw new Error(`no calendar part in "${item.subject}"`);
  const events = Object.values(ical.sync.parseICS(part.content)).filter(
    (entry): entry is VEvent => entry?.type === 'VEVENT',
  );
  return { method: part.method, raw: part.content, event: events[0]! };
};

describe('booking', () => {
  test('a visitor books a free slot: 201 with the appointment, the booking is stored, the slot is gone from /api/slots', async () => {
    const slot = await slotAhead(30);
    const response = await book(slot.start);
    expect(response.status).toBe(201);
    const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(response);
    expect(appointment).toMatchObject({ start: slot.start, end: slot.end, status: 'confirmed' });
    expect(appointment.manageUrl).toMatch(
      new RegExp(`^${SITE}/appointments/${appointment.id}\\?token=[A-Za-z0-9_-]{40,}$`),
    );
    const booking = await bookings.get(appointment.bookingId);
    expect(booking).toMatchObject({ bookingType: 'discovery_call', email: expect.stringContaining('@example.com') });
    expect((await readAppointment(appointment.id))?.status).toBe('confirmed');
    expect((await freeSlots()).map((free) => free.start)).not.toContain(slot.start);
  });

  test('GET /api/slots: the public shape, cacheable for a minute, ISO with +05:30', async () => {
    const response = await call(slotsFn, '/api/slots?days=2');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60');
    const body = await jsonOf<SlotsAnswer>(response);
    expect(body.timeZone).toBe('Asia/Kolkata');
    expect(body.slotMinutes).toBe(30);
    expect(body.slots[0]!.start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+05:30$/);
    expect((await call(slotsFn, '/api/slots?days=zero')).status).toBe(400);
  });

  test('a time that is not offered gets 400; a slot taken meanwhile gets 409 with the free slots', async () => {
    const slot = await slotAhead(30);
    const offGrid = new Date(Date.parse(slot.start) + 10 * 60_000).toISOString();
    const stored = (await bookings.list()).total;
    const wrong = await book(offGrid);
    expect(wrong.status).toBe(400);
    expect((await jsonOf(wrong)).fields).toHaveProperty('start');
    // Nothing is stored for a time that is not offered: no booking either.
    await settleAfterResponse();
    expect((await bookings.list()).total).toBe(stored);
    expect((await book(slot.start)).status).toBe(201);
    const late = await book(slot.start);
    expect(late.status).toBe(409);
    const body = await jsonOf<{ slots: Slot[] }>(late);
    expect(body.slots.length).toBeGreaterThan(0);
    expect(body.slots.map((free) => free.start)).not.toContain(slot.start);
  });

  test("the call modal's booking gets one active appointment: a second one is refused with 409", async () => {
    const made = await call(bookCall, '/api/book-call', {
      body: { name: 'Kiran Shah', phone: '98450 22222', background: 'college-graduate' },
    });
    const { booking } = await jsonOf<{ booking: { id: string } }>(made);
    const first = await bookFor(booking.id, (await slotAhead(30)).start);
    expect(first.status).toBe(201);
    const second = await bookFor(booking.id, (await slotAhead(30)).start);
    expect(second.status).toBe(409);
    const unknown = await bookFor('9999999999999-0000000000', (await slotAhead(30)).start);
    expect(unknown.status).toBe(400);
  });

  test('a POST from another origin is refused, and bad bodies name the field', async () => {
    const slot = await slotAhead(30);
    expect(
      (
        await call(appointmentsFn, '/api/appointments', {
          body: { start: slot.start, name: 'A', phone: '98450 12345' },
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
    const bad = await call(appointmentsFn, '/api/appointments', { body: { start: 'tomorrow', name: 'A', phone: '1' } });
    expect(bad.status).toBe(400);
  });

  test('two processes book one slot at the same moment: exactly one 201, the other 409, one holder of the slot', async () => {
    const bundle = await bundleFunction('netlify/functions/appointments.mts');
    const slot = await slotAhead(30);
    // Three people (their own phones and addresses), so the slot is all they race for.
    const request = (name: string, digit: number) => ({
      url: `${SITE}/api/appointments`,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: JSON.stringify({ start: slot.start, name, phone: `98450 3333${digit}` }),
      ip: `10.33.0.${digit}`,
    });
    const answers = await callInParallelProcesses(bundle, [
      request('Racer One', 1),
      request('Racer Two', 2),
      request('Racer Three', 3),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    const winner = answers.find((answer) => answer.status === 201)!.body as { appointment: PublicAppointment };
    expect(await slotHolder(slotKey(Date.parse(slot.start)))).toBe(winner.appointment.id);
  });
});

describe('messages', () => {
  test('the owner and the visitor get the confirmation with an iCalendar invite (METHOD:REQUEST, UID, times, organiser, "Phone call")', async () => {
    const slot = await slotAhead(30);
    const response = await book(slot.start, { email: 'invite@example.com' });
    const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(response);
    await settleAfterResponse();
    // Besides the new lead's own notice.
    const owner = mailsTo(OWNER_ADDRESS).find((item) => item.subject.startsWith('Call booked: '));
    expect(owner).toBeDefined();
    const invite = inviteOf(owner!);
    expect(invite.method).toBe('REQUEST');
    expect(invite.raw).toContain('METHOD:REQUEST');
    expect(invite.event.uid).toBe(`appointment-${appointment.id}@ccc-edu`);
    expect(new Date(invite.event.start).toISOString()).toBe(new Date(slot.start).toISOString());
    expect(new Date(invite.event.end!).toISOString()).toBe(new Date(slot.end).toISOString());
    expect(invite.event.location).toBe('Phone call');
    expect(String((invite.event.organizer as { val?: string }).val ?? invite.event.organizer)).toMatch(/^mailto:/i);
    const [visitor] = mailsTo('invite@example.com');
    expect(visitor?.text).toContain(appointment.manageUrl);
    expect(inviteOf(visitor!).event.uid).toBe(invite.event.uid);
  });

  test('reminders: a day before and an hour before, sent by the minute job once due', async () => {
    const slot = await slotAhead(30);
    const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(
      await book(slot.start, { email: 'remind@example.com' }),
    );
    await settleAfterResponse();
    mail.smtp.mails.length = 0;
    const start = Date.parse(appointment.start);
    const subjects = () => mailsTo('remind@example.com').map((item) => item.subject);
    await sendDueReminders(new Date(start - 25 * 3_600_000));
    expect(subjects()).toEqual([]);
    await sendDueReminders(new Date(start - 24 * 3_600_000 + 60_000));
    expect(subjects()).toEqual([expect.stringMatching(/tomorrow/)]);
    await sendDueReminders(new Date(start - 3_600_000 + 60_000));
    expect(subjects()).toEqual([expect.stringMatching(/tomorrow/), expect.stringMatching(/in an hour/)]);
    // Each is sent once: its key is gone.
    await sendDueReminders(new Date(start - 3_600_000 + 120_000));
    expect(subjects()).toHaveLength(2);
  });
});

describe('manage link', () => {
  let visitors = 0;
  async function booked(hoursAhead: number, before = Infinity) {
    const slot = await slotAhead(hoursAhead, before);
    visitors += 1;
    const email = `manage${visitors}@example.com`;
    const response = await book(slot.start, { email });
    expect(response.status).toBe(201);
    const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(response);
    await settleAfterResponse();
    mail.smtp.mails.length = 0;
    return { slot, appointment, email, ...params(appointment.manageUrl) };
  }

  test('a wrong token is a 404, the right one shows the call', async () => {
    const { id, token } = await booked(30);
    expect(
      (await call(appointmentsFn, `/api/appointments/${id}?token=${'x'.repeat(43)}`, { params: { id } })).status,
    ).toBe(404);
    const right = await call(appointmentsFn, `/api/appointments/${id}?token=${token}`, { params: { id } });
    expect(right.status).toBe(200);
    expect(right.headers.get('cache-control')).toBe('no-store');
    expect(await jsonOf(right)).toMatchObject({ changeable: true, appointment: { id, status: 'confirmed' } });
    const ics = await call(appointmentsFn, `/api/appointments/${id}/invite.ics?token=${token}`, { params: { id } });
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(Object.values(ical.sync.parseICS(await ics.text())).some((entry) => entry?.type === 'VEVENT')).toBe(true);
  });

  test('reschedule moves the call, frees the old slot and sends an invite with SEQUENCE raised', async () => {
    const { slot, id, token } = await booked(30);
    const next = await slotAhead(30);
    const moved = await call(appointmentsFn, `/api/appointments/${id}/reschedule?token=${token}`, {
      params: { id },
      body: { start: next.start },
    });
    expect(moved.status).toBe(200);
    expect((await jsonOf<{ appointment: PublicAppointment }>(moved)).appointment.start).toBe(next.start);
    const free = (await freeSlots()).map((item) => item.start);
    expect(free).toContain(slot.start);
    expect(free).not.toContain(next.start);
    expect(await slotHolder(slotKey(Date.parse(slot.start)))).toBeNull();
    expect(await slotHolder(slotKey(Date.parse(next.start)))).toBe(id);
    await settleAfterResponse();
    const invite = inviteOf(mailsTo(OWNER_ADDRESS)[0]!);
    expect(invite.method).toBe('REQUEST');
    expect(invite.raw).toMatch(/SEQUENCE:1\r?\n/);
    expect(new Date(invite.event.start).toISOString()).toBe(new Date(next.start).toISOString());
  });

  test("what was sent about a call before it moved stays on the person's page", async () => {
    const { id, token, email } = await booked(30);
    const before = await readAppointment(id);
    const next = await slotAhead(30);
    const moved = await call(appointmentsFn, `/api/appointments/${id}/reschedule?token=${token}`, {
      params: { id },
      body: { start: next.start },
    });
    expect(moved.status).toBe(200);
    await settleAfterResponse();
    const after = await readAppointment(id);
    expect(after!.version).not.toBe(before!.version);
    expect(after!.earlierVersions).toEqual([before!.version]);
    const thread = await jsonOf<PersonThread>(
      await call(peopleFn, `/api/admin/people/thread?q=${encodeURIComponent(email)}`, { cookie }),
    );
    const about = new Set(thread.messages.map((message) => message.leadId));
    // The confirmation of the booking (the first version) and the notice of the move (the new one).
    expect(about.has(before!.version)).toBe(true);
    expect(about.has(after!.version)).toBe(true);
  });

  test("a move to a time taken meanwhile is a 409 whose free times never offer the call's own; its own time is a 400", async () => {
    const { slot, id, token } = await booked(30);
    const taken = await slotAhead(30);
    expect((await book(taken.start)).status).toBe(201);
    const refused = await call(appointmentsFn, `/api/appointments/${id}/reschedule?token=${token}`, {
      params: { id },
      body: { start: taken.start },
    });
    expect(refused.status).toBe(409);
    const offered = (await jsonOf<{ slots: Slot[] }>(refused)).slots.map((item) => item.start);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(slot.start);
    expect(offered).not.toContain(taken.start);
    const same = await call(appointmentsFn, `/api/appointments/${id}/reschedule?token=${token}`, {
      params: { id },
      body: { start: slot.start },
    });
    expect(same.status).toBe(400);
    expect(await jsonOf(same)).toMatchObject({ error: 'The call is at that time already.' });
    expect(await slotHolder(slotKey(Date.parse(slot.start)))).toBe(id);
  });

  test('cancel frees the slot and sends METHOD:CANCEL', async () => {
    const { slot, id, token, email } = await booked(30);
    const cancelled = await call(appointmentsFn, `/api/appointments/${id}/cancel?token=${token}`, {
      params: { id },
      method: 'POST',
    });
    expect(cancelled.status).toBe(200);
    expect((await readAppointment(id))?.status).toBe('cancelled');
    expect((await freeSlots()).map((item) => item.start)).toContain(slot.start);
    await settleAfterResponse();
    const invite = inviteOf(mailsTo(email)[0]!);
    expect(invite.method).toBe('CANCEL');
    expect(invite.raw).toContain('METHOD:CANCEL');
    expect(invite.raw).toMatch(/SEQUENCE:1\r?\n/);
    expect(
      (await call(appointmentsFn, `/api/appointments/${id}/cancel?token=${token}`, { params: { id }, method: 'POST' }))
        .status,
    ).toBe(409);
  });

  test("a booked call takes its request off the owner's to-do (the index keeps the call's time through an edit, a recount and a move), and a cancel gives the 4-hour promise back", async () => {
    const { appointment, id, token } = await booked(30);
    const onTodo = async () => {
      const answer = await jsonOf<TodoAnswer>(await call(todoFn, '/api/admin/todo', { cookie }));
      return answer.items.filter((item) => item.records.some((record) => record.id === appointment.bookingId));
    };
    // What the index holds for the booking: its due time and the call it waits on.
    const indexed = async () => {
      const keys = (await collectionStore(TODO_STORE).list({ prefix: `pending/booking.${appointment.bookingId}.` }))
        .blobs;
      expect(keys).toHaveLength(1);
      const entry = entryOfTodoKey(keys[0]!.key);
      // A long name or stage keeps the details in the blob only.
      const held = entry === 'body' ? await collectionStore(TODO_STORE).get(keys[0]!.key, { type: 'json' }) : entry;
      if (!held) throw new Error('unreadable to-do key');
      return held as TodoEntry;
    };
    const callTime = (iso: string) => new Date(iso).toISOString();
    expect(await onTodo()).toEqual([]);
    expect((await indexed()).callAt).toBe(callTime(appointment.start));
    expect((await indexed()).dueAt).toBe(callTime(appointment.start));

    // An owner's edit of the booking recomputes its entry: the call still decides.
    await bookings.update(appointment.bookingId, (current) => ({ ...current, notes: 'Prefers mornings' }));
    expect((await indexed()).callAt).toBe(callTime(appointment.start));

    // The owner's recount puts leads back on the index by the same rule: no entry at 4 business hours.
    expect((await call(statsFn, '/api/admin/stats/recount', { method: 'POST', cookie })).status).toBe(200);
    expect((await indexed()).callAt).toBe(callTime(appointment.start));
    expect(await onTodo()).toEqual([]);

    const next = await slotAhead(30);
    expect(
      (
        await call(appointmentsFn, `/api/appointments/${id}/reschedule?token=${token}`, {
          params: { id },
          body: { start: next.start },
        })
      ).status,
    ).toBe(200);
    await settleAfterResponse();
    expect((await indexed()).callAt).toBe(callTime(next.start));
    expect(await onTodo()).toEqual([]);

    expect(
      (await call(appointmentsFn, `/api/appointments/${id}/cancel?token=${token}`, { params: { id }, method: 'POST' }))
        .status,
    ).toBe(200);
    await settleAfterResponse();
    const [promised] = await onTodo();
    expect(promised?.callAt).toBeNull();
    expect(promised?.dueAt).toBe(
      dueAfter(new Date(promised!.createdAt), business.promises.callbackAfterCallHours).toISOString(),
    );
  });

  test('a person who asks for a call back and then picks a time on the contact form: one record, the call carries the stage, one to-do entry until the call is booked', async () => {
    people += 1;
    const phone = `98451 ${String(20_000 + people).slice(-5)}`;
    const email = `callback${people}@example.com`;
    const asked = await call(bookCall, '/api/book-call', {
      // No mailbox with the call back: it comes with the time.
      body: { name: 'Meera Pillai', phone, background: 'college-graduate' },
      ip: visitorIp(),
    });
    expect(asked.status).toBe(201);
    await settleAfterResponse();
    const request = (await jsonOf<{ booking: { id: string; currentStage: string } }>(asked)).booking;
    const mine = async () =>
      (await jsonOf<TodoAnswer>(await call(todoFn, '/api/admin/todo', { cookie }))).items.filter((item) =>
        item.records.some((record) => record.id === request.id),
      );
    const before = await mine();
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ stage: request.currentStage, reason: 'promise', callAt: null });

    // The contact form's "pick a time" asks no stage: the time is booked on the request.
    const slot = await slotAhead(30);
    const picked = await call(appointmentsFn, '/api/appointments', {
      body: { start: slot.start, name: 'Meera Pillai', phone: `+91 ${phone}`, email },
      ip: visitorIp(),
    });
    expect(picked.status).toBe(201);
    await settleAfterResponse();
    const appointment = (await jsonOf<{ appointment: PublicAppointment }>(picked)).appointment;
    expect(appointment.bookingId).toBe(request.id);
    const stored = await bookings.get(request.id);
    expect(stored?.currentStage).toBe(request.currentStage);
    // The mailbox given with the time is the request's now: the call's confirmation reached it.
    expect(stored?.email).toBe(email);
    expect(mailsTo(email).length).toBeGreaterThan(0);
    expect(
      (await bookings.list({ limit: 100 })).items.filter((item) => item.mobile.endsWith(phone.slice(-5))),
    ).toHaveLength(1);
    expect(await mine()).toEqual([]);
  });

  test('within 24 hours of the call the visitor cannot move or cancel it online (403 naming phone and WhatsApp)', async () => {
    const { slot, id, token } = await booked(0.6, 20);
    const next = await slotAhead(30);
    const late = await call(appointmentsFn, `/api/appointments/${id}/reschedule?token=${token}`, {
      params: { id },
      body: { start: next.start },
    });
    expect(late.status).toBe(403);
    expect((await jsonOf<{ error: string }>(late)).error).toMatch(/WhatsApp/);
    expect(
      (await call(appointmentsFn, `/api/appointments/${id}/cancel?token=${token}`, { params: { id }, method: 'POST' }))
        .status,
    ).toBe(403);
    expect((await readAppointment(id))?.start).toBe(slot.start);
    const view = await jsonOf<{ changeable: boolean }>(
      await call(appointmentsFn, `/api/appointments/${id}?token=${token}`, { params: { id } }),
    );
    expect(view.changeable).toBe(false);
    // The owner still can.
    const ownerMove = await call(adminAppointments, `/api/admin/appointments/${id}/move`, {
      cookie,
      params: { id },
      body: { start: next.start },
    });
    expect(ownerMove.status).toBe(200);
    expect(await slotHolder(slotKey(Date.parse(slot.start)))).toBeNull();
  });
});

describe('owner', () => {
  test('availability: admin only, validated field by field, applied to /api/slots at once', async () => {
    expect((await call(adminAppointments, '/api/admin/availability')).status).toBe(401);
    const bad = await call(adminAppointments, '/api/admin/availability', {
      method: 'PUT',
      cookie,
      body: { ...allDay, bufferMinutes: -5 },
    });
    expect(bad.status).toBe(400);
    expect((await jsonOf(bad)).fields).toHaveProperty('bufferMinutes');
    const noOrigin = await call(adminAppointments, '/api/admin/availability', {
      method: 'PUT',
      cookie,
      body: allDay,
      origin: null,
    });
    expect(noOrigin.status).toBe(403);
    const tomorrow = new Date(Date.now() + 86_400_000 + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const blocked = await call(adminAppointments, '/api/admin/availability', {
      method: 'PUT',
      cookie,
      body: { ...allDay, blockedDates: [tomorrow] },
    });
    expect(blocked.status).toBe(200);
    expect((await freeSlots()).some((slot) => slot.start.startsWith(tomorrow))).toBe(false);
    await call(adminAppointments, '/api/admin/availability', { method: 'PUT', cookie, body: allDay });
    expect((await freeSlots()).some((slot) => slot.start.startsWith(tomorrow))).toBe(true);
  });

  test("the owner lists calls by date, sees a booking's call, and cancels one", async () => {
    const slot = await slotAhead(30);
    const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(await book(slot.start));
    const date = slot.start.slice(0, 10);
    const listed = await jsonOf<{ items: Array<{ id: string; name: string }> }>(
      await call(adminAppointments, `/api/admin/appointments?from=${date}&to=${date}`, { cookie }),
    );
    expect(listed.items.map((item) => item.id)).toContain(appointment.id);
    const ofBooking = await jsonOf<{ items: Array<{ id: string }> }>(
      await call(adminAppointments, `/api/admin/appointments?bookingId=${appointment.bookingId}`, { cookie }),
    );
    expect(ofBooking.items.map((item) => item.id)).toEqual([appointment.id]);
    expect(
      (await call(adminAppointments, `/api/admin/appointments?from=${date}&to=2001-01-01`, { cookie })).status,
    ).toBe(400);
    const cancelled = await call(adminAppointments, `/api/admin/appointments/${appointment.id}/cancel`, {
      cookie,
      params: { id: appointment.id },
      method: 'POST',
    });
    expect(cancelled.status).toBe(200);
    expect((await freeSlots()).map((item) => item.start)).toContain(slot.start);
  });

  test('the calendar feed lists upcoming calls for the right secret, 404 for a wrong one, and rotating ends the old address', async () => {
    const slot = await slotAhead(30);
    const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(await book(slot.start));
    const { url } = await jsonOf<{ url: string }>(
      await call(adminAppointments, '/api/admin/calendar-feed', { cookie }),
    );
    const file = url.split('/').pop()!;
    const feed = await call(calendarFeedFn, `/api/calendar/${file}`, { params: { file } });
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
    const events = Object.values(ical.sync.parseICS(await feed.text())).filter(
      (entry): entry is VEvent => entry?.type === 'VEVENT',
    );
    const event = events.find((item) => item.uid === `appointment-${appointment.id}@ccc-edu`);
    expect(event).toBeDefined();
    expect(new Date(event!.start).toISOString()).toBe(new Date(slot.start).toISOString());
    const wrong = `${'A'.repeat(32)}.ics`;
    expect((await call(calendarFeedFn, `/api/calendar/${wrong}`, { params: { file: wrong } })).status).toBe(404);
    const rotated = await call(adminAppointments, '/api/admin/calendar-feed/rotate', { cookie, method: 'POST' });
    const next = (await jsonOf<{ url: string }>(rotated)).url.split('/').pop()!;
    expect(next).not.toBe(file);
    expect((await call(calendarFeedFn, `/api/calendar/${file}`, { params: { file } })).status).toBe(404);
    expect((await call(calendarFeedFn, `/api/calendar/${next}`, { params: { file: next } })).status).toBe(200);
  });

  test('what a request that died half way left behind is repaired: a slot key no call holds, a booking claim with no call', async () => {
    const store = appointmentStore();
    const longAgo = new Date(Date.now() - 10 * 60_000).toISOString();
    // A move that died after taking its new slot: the key names a call that is elsewhere.
    const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(await book((await slotAhead(30)).start));
    const stray = await slotAhead(30);
    await store.setJSON(slotKey(Date.parse(stray.start)), { appointmentId: appointment.id, at: longAgo });
    expect((await freeSlots()).map((item) => item.start)).not.toContain(stray.start);
    const date = stray.start.slice(0, 10);
    const listed = await jsonOf<{ items: Array<{ id: string; start: string }> }>(
      await call(adminAppointments, `/api/admin/appointments?from=${date}&to=${date}`, { cookie }),
    );
    expect(listed.items.filter((item) => item.start === stray.start)).toEqual([]);
    expect((await freeSlots()).map((item) => item.start)).toContain(stray.start);
    expect(await slotHolder(slotKey(Date.parse(appointment.start)))).toBe(appointment.id);

    // A booking whose first request died before its call was stored: it may book again.
    const made = await call(bookCall, '/api/book-call', {
      body: { name: 'Meera Iyer', phone: '98450 44444', background: 'college-graduate' },
    });
    const { booking } = await jsonOf<{ booking: { id: string } }>(made);
    await store.setJSON(`by-booking/${booking.id}`, { appointmentId: '8200000000000-0000000000', at: longAgo });
    const again = await bookFor(booking.id, (await slotAhead(30)).start);
    expect(again.status).toBe(201);
  });
});
