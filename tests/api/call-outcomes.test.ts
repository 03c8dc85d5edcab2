import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import adminAppointments from '../../netlify/functions/admin-appointments.mts';
import appointmentsFn from '../../netlify/functions/appointments.mts';
import bookCallFn from '../../netlify/functions/book-call.mts';
import leadSourcesFn from '../../netlify/functions/admin-lead-sources.mts';
import whatsappWebhook from '../../netlify/functions/whatsapp-webhook.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import type {
  AdminAppointmentsAnswer,
  Appointment,
  ManageAnswer,
  PublicAppointment,
  SlotsAnswer,
} from '../../src/lib/schemas/appointment';
import type { Booking } from '../../src/lib/schemas/booking';
import type { LeadsBySourceAnswer } from '../../src/lib/schemas/notifications';
import { bookAppointment } from '../../src/server/appointments/calls';
import { currentSlots } from '../../src/server/booking/engine';
import { appointmentStore, readAppointment, writeNewAppointment } from '../../src/server/booking/store';
import { BACKFILL_STATE_KEY, backfillCallsBooked } from '../../src/server/appointments/callCountBackfill';
import { sourceKey } from '../../src/server/sources/leadSources';
import { sendDueReminders } from '../../src/server/appointments/reminders';
import { manageUrl } from '../../src/server/appointments/links';
import { bookings } from '../../src/server/leads/bookings';
import { entryIds } from '../../src/server/notifications/outbox';
import { applyStatus } from '../../src/server/whatsapp/messages';
import { istDateOf } from '../../src/lib/schedule/istClock';
import { adminCookie } from './support/admin';
import { openAllDay } from './support/availability';
import { call, jsonOf, settleAfterResponse } from './support/call';
import { useFakeWhatsApp, whatsappEnv } from './support/fake-whatsapp';
import { useMailReceivers } from './support/mail-suite';

// No-shows (docs/scheduling.md, Held or no-show) through the real handlers: the owner marks a discovery call held
// or no-show once it has started; a no-show sends the visitor one re-book message with the
// manage link (mail without consent, WhatsApp with it), and What converts counts calls
// booked, held and missed per source.

const HOUR = 3_600_000;
const mail = useMailReceivers();
// Off in each test unless it turns WhatsApp on.
const fake = useFakeWhatsApp({ on: false });
let cookie: string;

beforeAll(async () => {
  // Meta's status webhooks reach the real handler, signed as Meta signs them.
  fake().setWebhookTarget(async (request) =>
    call(whatsappWebhook, '/api/whatsapp-webhook', {
      rawBody: await request.text(),
      headers: {
        'content-type': 'application/json',
        'x-hub-signature-256': request.headers.get('x-hub-signature-256') ?? '',
      },
    }),
  );
  cookie = await adminCookie();
  await openAllDay(cookie);
});
beforeEach(() => {
  mail.smtp.mails.length = 0;
});

const outcome = (id: string, body: unknown, withCookie = true) =>
  call(adminAppointments, `/api/admin/appointments/${id}/outcome`, {
    body,
    params: { id },
    ...(withCookie ? { cookie } : {}),
  });

let people = 0;
/** A free-call request through the real route: its booking. */
async function request(extra: Record<string, unknown> = {}): Promise<Booking & { id: string }> {
  people += 1;
  const phone = `97${String(40_000_000 + people * 7919).slice(-8)}`;
  const response = await call(bookCallFn, '/api/book-call', {
    body: { name: 'Asha Rao', phone, background: 'college-graduate', ...extra },
  });
  expect(response.status).toBe(201);
  const { booking } = await jsonOf<{ booking: { id: string } }>(response);
  return (await bookings.get(booking.id))!;
}

const usedStarts = new Set<string>();
/** A call that started `hoursAgo` hours ago, booked as the visitor would have booked it then. */
async function pastCall(booking: Booking & { id: string }, hoursAgo: number): Promise<Appointment> {
  const then = new Date(Date.now() - (hoursAgo + 1) * HOUR);
  const { slots } = await currentSlots(then, 2);
  const slot = slots.find(
    (candidate) => Date.parse(candidate.start) <= Date.now() - hoursAgo * HOUR && !usedStarts.has(candidate.start),
  );
  expect(slot).toBeDefined();
  usedStarts.add(slot!.start);
  const email = `outcome${people}@example.com`;
  return bookAppointment(
    {
      id: booking.id,
      fullName: booking.fullName,
      mobile: booking.mobile,
      email,
      whatsappConsent: booking.whatsappConsent,
      attribution: booking.attribution,
    },
    slot!.start,
    then,
  );
}

const rebookEntries = async (appointment: Appointment) =>
  (await entryIds()).filter((id) => id.startsWith(`${appointment.version}.appointment-no-show.`));

describe('POST /api/admin/appointments/{id}/outcome', () => {
  test('the owner only; the outcome named when wrong; 409 before the call starts; 404 for no such call', async () => {
    const { slots } = await jsonOf<SlotsAnswer>(await call(slotsFn, '/api/slots?days=7'));
    const start = slots.find(
      (slot) => Date.parse(slot.start) - Date.now() > 2 * HOUR && !usedStarts.has(slot.start),
    )!.start;
    usedStarts.add(start);
    const booked = await call(appointmentsFn, '/api/appointments', {
      body: { start, name: 'Asha Rao', phone: '97455 00001', email: 'future@example.com' },
      ip: '10.40.0.1',
    });
    expect(booked.status).toBe(201);
    const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(booked);
    expect((await outcome(appointment.id, { outcome: 'held' }, false)).status).toBe(401);
    const wrong = await outcome(appointment.id, { outcome: 'maybe' });
    expect(wrong.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(wrong)).fields).toEqual({
      outcome: 'Outcome must be held or no-show',
    });
    const early = await outcome(appointment.id, { outcome: 'no-show' });
    expect(early.status).toBe(409);
    expect((await jsonOf<{ error: string }>(early)).error).toMatch(/not started yet/);
    expect((await outcome('1795660296427-0a1b2c3d4e', { outcome: 'held' })).status).toBe(404);
  });

  test("a no-show mails one re-book message with the manage link (marked twice, or back and forth: still one); held sends none; the link's page lets the missed call be moved", async () => {
    const appointment = await pastCall(await request(), 2);
    await settleAfterResponse();
    mail.smtp.mails.length = 0;

    const held = await outcome(appointment.id, { outcome: 'held' });
    expect(held.status).toBe(200);
    expect((await jsonOf<{ appointment: Appointment }>(held)).appointment.outcome).toBe('held');
    await settleAfterResponse();
    expect(await rebookEntries(appointment)).toEqual([]);

    for (const mark of ['no-show', 'no-show', 'held', 'no-show'] as const) {
      expect((await outcome(appointment.id, { outcome: mark })).status).toBe(200);
      await settleAfterResponse();
    }
    expect(await rebookEntries(appointment)).toEqual([`${appointment.version}.appointment-no-show.visitor-email`]);
    const rebooks = mail.smtp.mails.filter((item) => item.subject.startsWith('We missed you'));
    expect(rebooks).toHaveLength(1);
    expect(rebooks[0]!.to).toEqual([appointment.email]);
    const link = await manageUrl(appointment);
    expect(rebooks[0]!.text).toContain(link);
    expect(rebooks[0]!.text).toContain('Dear Asha Rao,');

    // The link's page lets the visitor pick a new time for the missed call.
    const token = new URL(link).searchParams.get('token')!;
    const page = await jsonOf<ManageAnswer>(
      await call(appointmentsFn, `/api/appointments/${appointment.id}?token=${token}`, {
        params: { id: appointment.id },
      }),
    );
    expect(page.changeable).toBe(true);
  });

  test('a visitor who opted in gets the re-book message on WhatsApp (ccc_call_rebook with the manage link), not by mail', async () => {
    Object.assign(process.env, whatsappEnv(fake()));
    const booking = await request({ whatsappOptIn: true });
    const appointment = await pastCall(booking, 3);
    await settleAfterResponse();
    fake().messages.length = 0;
    mail.smtp.mails.length = 0;
    expect((await outcome(appointment.id, { outcome: 'no-show' })).status).toBe(200);
    expect((await outcome(appointment.id, { outcome: 'no-show' })).status).toBe(200);
    await settleAfterResponse();
    const number = `91${booking.mobile}`;
    const sent = fake().messages.filter((message) => message.to === number);
    expect(sent.map((message) => message.template?.name)).toEqual(['ccc_call_rebook']);
    const link = await manageUrl(appointment);
    expect(sent[0]!.urlSuffixes[0]).toBe(link.slice(link.indexOf('appointments/')));
    expect(mail.smtp.mails.filter((item) => item.subject.startsWith('We missed you'))).toEqual([]);

    // The owner's list shows each WhatsApp message of the call with its last status.
    await applyStatus(sent[0]!.wamid, { status: 'read', at: new Date().toISOString() });
    const date = istDateOf(Date.parse(appointment.start));
    const list = await jsonOf<AdminAppointmentsAnswer>(
      await call(adminAppointments, `/api/admin/appointments?from=${date}&to=${date}`, { cookie }),
    );
    const listed = list.items.find((item) => item.id === appointment.id);
    expect(listed?.whatsappMessages).toContainEqual(
      expect.objectContaining({ purpose: 'appointment-no-show', status: 'read' }),
    );
  });

  test('What converts, per source: calls booked, held, no-shows and the no-show rate; a changed outcome moves its count', async () => {
    const source = `outcomes-${Date.now()}`;
    const attribution = { source, medium: 'test' };
    const calls = [
      await pastCall(await request({ attribution }), 4),
      await pastCall(await request({ attribution }), 5),
      await pastCall(await request({ attribution }), 6),
    ];
    await settleAfterResponse();
    expect((await outcome(calls[0]!.id, { outcome: 'held' })).status).toBe(200);
    expect((await outcome(calls[1]!.id, { outcome: 'no-show' })).status).toBe(200);
    await settleAfterResponse();
    const row = async () => {
      const answer = await jsonOf<LeadsBySourceAnswer>(
        await call(leadSourcesFn, '/api/admin/leads-by-source?days=30', { cookie }),
      );
      return answer.rows.find((item) => item.source === source);
    };
    expect(await row()).toMatchObject({ leads: 3, callsBooked: 3, callsHeld: 1, callsNoShow: 1, noShowRate: 50 });
    expect((await outcome(calls[0]!.id, { outcome: 'no-show' })).status).toBe(200);
    await settleAfterResponse();
    expect(await row()).toMatchObject({ callsBooked: 3, callsHeld: 0, callsNoShow: 2, noShowRate: 100 });
  });

  test("What converts counts the calls booked before calls were counted, once, under their booking's source (the minute job's backfill)", async () => {
    const source = `before-${Date.now()}`;
    const booking = await request({ attribution: { source, medium: 'test' } });
    await settleAfterResponse();
    // A record as calls were stored before they kept their lead source: no leadSource, never counted.
    const bookedAt = new Date(Date.now() - 26 * HOUR);
    const id = `${bookedAt.getTime()}-0b0b0b0b0b`;
    const start = new Date(bookedAt.getTime() + 3 * HOUR).toISOString();
    await writeNewAppointment({
      id,
      bookingId: booking.id,
      start,
      end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      status: 'confirmed',
      sequence: 0,
      version: id,
      name: booking.fullName,
      phone: booking.mobile,
      email: null,
      createdAt: bookedAt.toISOString(),
      updatedAt: bookedAt.toISOString(),
      cancelledBy: null,
    });
    await appointmentStore().delete(BACKFILL_STATE_KEY);
    const row = async () =>
      (
        await jsonOf<LeadsBySourceAnswer>(await call(leadSourcesFn, '/api/admin/leads-by-source?days=30', { cookie }))
      ).rows.find((item) => item.source === source);
    expect(await row()).toMatchObject({ leads: 1, callsBooked: 0 });

    const first = await backfillCallsBooked(Infinity);
    expect(first.done).toBe(true);
    expect(first.counted).toBeGreaterThanOrEqual(1);
    expect(await row()).toMatchObject({ leads: 1, callsBooked: 1 });
    // The record says it was counted: its booking's source is on it now.
    expect((await readAppointment(id))?.leadSource).toBe(sourceKey({ source, medium: 'test' }));
    // Done: the next run reads its state and counts nothing; a run that starts over (cut short before it saved) counts it once.
    expect(await backfillCallsBooked(Infinity)).toEqual({ counted: 0, done: true });
    await appointmentStore().delete(BACKFILL_STATE_KEY);
    await backfillCallsBooked(Infinity);
    expect(await row()).toMatchObject({ leads: 1, callsBooked: 1 });
  });

  test('What converts, per source: the WhatsApp reminders of calls sent and read (the read rate); a repeated read counts once', async () => {
    Object.assign(process.env, whatsappEnv(fake()));
    const source = `reminders-${Date.now()}`;
    const { slots } = await jsonOf<SlotsAnswer>(await call(slotsFn, '/api/slots?days=7'));
    const start = slots.find(
      (slot) => Date.parse(slot.start) - Date.now() > 30 * HOUR && !usedStarts.has(slot.start),
    )!.start;
    usedStarts.add(start);
    const booked = await call(appointmentsFn, '/api/appointments', {
      body: {
        start,
        name: 'Asha Rao',
        phone: '97455 00077',
        email: 'reminded@example.com',
        whatsappOptIn: true,
        attribution: { source, medium: 'test' },
      },
      ip: '10.40.0.7',
    });
    expect(booked.status).toBe(201);
    await settleAfterResponse();
    fake().messages.length = 0;
    await sendDueReminders(new Date(Date.parse(start) - 24 * HOUR + 60_000));
    await sendDueReminders(new Date(Date.parse(start) - HOUR + 60_000));
    const reminders = fake().messages.filter((message) => message.to === '919745500077');
    expect(reminders.map((message) => message.template?.name)).toEqual([
      'ccc_call_reminder_day',
      'ccc_call_reminder_hour',
    ]);
    expect((await fake().sendStatus(reminders[0]!.wamid, 'read')).status).toBe(200);
    expect((await fake().sendStatus(reminders[0]!.wamid, 'read')).status).toBe(200);
    const answer = await jsonOf<LeadsBySourceAnswer>(
      await call(leadSourcesFn, '/api/admin/leads-by-source?days=30', { cookie }),
    );
    expect(answer.rows.find((item) => item.source === source)).toMatchObject({
      callsBooked: 1,
      remindersSent: 2,
      remindersRead: 1,
      reminderReadRate: 50,
    });
  });
});
