import { beforeAll, describe, expect, test, vi } from 'vitest';
import appointmentsFn from '../../netlify/functions/appointments.mts';
import bookCall from '../../netlify/functions/book-call.mts';
import slotsFn from '../../netlify/functions/slots.mts';
import { callbackPromisePhrase } from '../../src/lib/business';
import type { PublicAppointment, SlotsAnswer } from '../../src/lib/schemas/appointment';
import { pickTimeOfLink } from '../../src/server/appointments/pickTimeLink';
import { manageToken, pickTimeToken } from '../../src/server/booking/secrets';
import { type FollowUpEvent, eventIdForRecord, pendingEventIds, storeEvent } from '../../src/server/followUp/events';
import { BOOKING_STORE } from '../../src/server/leads/bookings';
import { discoveryCallBooking } from '../../src/server/leads/discoveryCall';
import { completeEvent, leadPipeline } from '../../src/server/app/pipeline';
import { sweepOutbox } from '../../src/server/notifications/deliver';
import { bookingEvent } from '../../src/server/leads/leadEvents';
import { entryId, readEntry } from '../../src/server/notifications/outbox';
import { whatsappQuotaKey } from '../../src/server/notifications/visitorQuota';
import { runFollowUpJob } from '../../src/server/app/minuteJob';
import { collectionStore } from '../../src/server/storage/blobs';
import { newestFirstKey } from '../../src/server/storage/keys';
import { messageByWamid } from '../../src/server/whatsapp/messages';
import { adminCookie } from './support/admin';
import { openAllDay } from './support/availability';
import { call, jsonOf, settleAfterResponse } from './support/call';
import { TEST_WHATSAPP_OWNER_NUMBER, clearWhatsAppEnv, useFakeWhatsApp, whatsappEnv } from './support/fake-whatsapp';

// The call modal's request asks for no e-mail: a visitor who ticked "Send me updates on
// WhatsApp" hears back there (ccc_callback_confirmation, docs/whatsapp.md). Through the real
// handlers, the real follow-up and outbox, and the local fake of Meta's Cloud API.

const fake = useFakeWhatsApp();

beforeAll(async () => {
  await openAllDay(await adminCookie());
});

const to = (number: string) => fake().messages.filter((message) => message.to === number);
const callbackEntryId = (bookingId: string) => entryId(bookingId, 'discovery-call', 'whatsapp');

/** A call-back request through the real route; the booking as it answers. */
async function requestCallBack(phone: string, extra: Record<string, unknown> = {}) {
  const response = await call(bookCall, '/api/book-call', {
    body: { name: 'Asha Rao', phone, background: 'college-graduate', source: 'hero', ...extra },
  });
  expect(response.status).toBe(201);
  return (await jsonOf<{ booking: { id: string; createdAt: string } }>(response)).booking;
}

/** The follow-up event a call-back request stores with its record, for a request not made yet (its follow-up run by the test). */
function callBackEvent(phone: string, whatsappOptIn: boolean): FollowUpEvent {
  const at = new Date();
  const id = newestFirstKey(at.getTime());
  const record = {
    ...discoveryCallBooking(
      { name: 'Meera Nair', phone, currentStage: 'College Graduate', source: 'hero', whatsappOptIn },
      at,
    ),
    id,
    createdAt: at.toISOString(),
  };
  return {
    id: eventIdForRecord(BOOKING_STORE, id, at),
    recordedAt: at.toISOString(),
    record: { collection: BOOKING_STORE, id, value: record },
    counts: null,
    person: null,
    lead: bookingEvent(record),
  };
}

/** Runs the event's follow-up as the request and the minute job would, and sends what it queued. */
async function followUp(event: FollowUpEvent): Promise<void> {
  await leadPipeline.send(await completeEvent(event));
}

describe('a call-back request with WhatsApp consent', () => {
  test('gets ccc_callback_confirmation at 91XXXXXXXXXX: the plain name, the promise, and its own link to pick a time', async () => {
    const booking = await requestCallBack('98765 43210', { whatsappOptIn: true });
    await settleAfterResponse();
    const [confirmation, ...others] = to('919876543210');
    expect(others).toEqual([]);
    expect(confirmation?.template?.name).toBe('ccc_callback_confirmation');
    expect(confirmation?.bodyTexts).toEqual(['Asha Rao', callbackPromisePhrase]);
    expect(callbackPromisePhrase).toMatch(/^\d+ business hours \(Mon-Fri 9 AM-6 PM IST\)$/);
    const token = await pickTimeToken(booking.id);
    expect(confirmation?.urlSuffixes).toEqual([`pick-a-time/${booking.id}?token=${token}`]);
    expect(confirmation?.quickReplies).toEqual([]);
    // The owner is alerted as for every lead.
    expect(to(TEST_WHATSAPP_OWNER_NUMBER).map((message) => message.template?.name)).toEqual(['ccc_owner_lead_alert']);
    // Recorded by its wamid, and counted against the number's day like every visitor message.
    expect(await messageByWamid(confirmation!.wamid)).toMatchObject({
      to: '919876543210',
      template: 'ccc_callback_confirmation',
      purpose: 'discovery-call',
      leadId: booking.id,
    });
    const counted = (await collectionStore('visitor-mail-quota').get(whatsappQuotaKey('919876543210'), {
      type: 'json',
    })) as Array<{ entryId: string }>;
    expect(counted.map((item) => item.entryId)).toEqual([callbackEntryId(booking.id)]);

    // The link opens this request's time picker, and nothing else does.
    expect(await pickTimeOfLink(booking.id, token)).toEqual({
      state: 'pick',
      bookingId: booking.id,
      firstName: 'Asha',
    });
    expect(await pickTimeOfLink(booking.id, await manageToken(booking.id))).toBeNull();
    expect(await pickTimeOfLink(booking.id, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    // Once a time is booked for the request, the link opens that call's own page.
    const { slots } = await jsonOf<SlotsAnswer>(await call(slotsFn, '/api/slots?days=7'));
    const response = await call(appointmentsFn, '/api/appointments', {
      body: { start: slots[0]!.start, bookingId: booking.id },
      ip: '10.40.0.1',
    });
    expect(response.status).toBe(201);
    const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(response);
    expect(await pickTimeOfLink(booking.id, token)).toEqual({
      state: 'booked',
      managePath: `/appointments/${appointment.id}?token=${await manageToken(appointment.id)}`,
    });
    await settleAfterResponse();
  });

  test('exactly one message when the follow-up runs twice at once, and again after it was sent', async () => {
    const event = callBackEvent('98450 77004', true);
    await storeEvent(event);
    await Promise.all([followUp(event), followUp(event)]);
    await followUp(event);
    await sweepOutbox();
    expect(to('919845077004').map((message) => message.template?.name)).toEqual(['ccc_callback_confirmation']);
    expect((await readEntry(callbackEntryId(event.record!.id)))?.entry).toMatchObject({ status: 'sent', attempts: 1 });
    const counted = (await collectionStore('visitor-mail-quota').get(whatsappQuotaKey('919845077004'), {
      type: 'json',
    })) as unknown[];
    expect(counted).toHaveLength(1);
  });

  test('a Cloud API outage delays it, never loses it: the request answers, the entry waits, and is sent once the API is back', async () => {
    fake().failWith(503);
    // Each failed attempt is logged: kept out of the test's output.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const booking = await requestCallBack('98450 77003', { whatsappOptIn: true });
    await settleAfterResponse();
    quiet.mockRestore();
    // Tried once, refused, kept for a retry.
    expect(
      fake()
        .requests.filter((request) => (request.body as { to?: string } | undefined)?.to === '919845077003')
        .map((request) => request.status),
    ).toEqual([503]);
    const waiting = (await readEntry(callbackEntryId(booking.id)))?.entry;
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    expect(waiting?.lastError).toMatch(/WhatsApp answered 503/);
    expect(to('919845077003')).toEqual([]);

    fake().failWith(null);
    const retryAt = new Date(waiting!.nextAttemptAt!);
    await sweepOutbox({ now: () => retryAt });
    expect(to('919845077003').map((message) => message.template?.name)).toEqual(['ccc_callback_confirmation']);
    expect((await readEntry(callbackEntryId(booking.id)))?.entry).toMatchObject({
      status: 'sent',
      attempts: 2,
      lastError: null,
    });
  });
});

describe('no call-back message', () => {
  /** The minute job run to its end a minute on: every follow-up event done and every due message tried. */
  async function runMinuteJobToEnd() {
    const report = await runFollowUpJob({ now: () => new Date(Date.now() + 60_000) });
    expect(report.cutShort).toEqual([]);
    expect(report.events.left).toBe(0);
    expect(await pendingEventIds()).toEqual([]);
  }

  test.each([
    ['the box not ticked', {}],
    ['the box sent as false', { whatsappOptIn: false }],
  ])('without consent (%s): the owner is alerted, the visitor gets nothing', async (_, optIn) => {
    const phone = `98450 7701${Object.keys(optIn).length}`;
    const booking = await requestCallBack(phone, optIn);
    await settleAfterResponse();
    await runMinuteJobToEnd();
    // The follow-up that would have queued it has run: the owner's alert for this very request is out.
    const alerts = to(TEST_WHATSAPP_OWNER_NUMBER);
    expect(alerts.map((message) => message.template?.name)).toEqual(['ccc_owner_lead_alert']);
    expect(alerts[0]?.bodyTexts).toContain(phone);
    expect(await readEntry(callbackEntryId(booking.id))).toBeNull();
    expect(to(`91${phone.replace(/\D/g, '')}`)).toEqual([]);
  });

  test('with WhatsApp off: nothing is queued, consent or not', async () => {
    clearWhatsAppEnv();
    const booking = await requestCallBack('98450 77021', { whatsappOptIn: true });
    await settleAfterResponse();
    await runMinuteJobToEnd();
    expect(await readEntry(callbackEntryId(booking.id))).toBeNull();
    expect(fake().messages).toEqual([]);
  });

  test('a request whose time was booked before its follow-up ran: the booked call speaks for itself', async () => {
    const event = callBackEvent('98450 77022', true);
    const bookingId = event.record!.id;
    // The request stored (WhatsApp off for now, so its first follow-up queues nothing), then a time booked for it.
    clearWhatsAppEnv();
    await followUp(event);
    const { slots } = await jsonOf<SlotsAnswer>(await call(slotsFn, '/api/slots?days=7'));
    const booked = await call(appointmentsFn, '/api/appointments', {
      body: { start: slots[slots.length - 1]!.start, bookingId },
      ip: '10.40.0.2',
    });
    expect(booked.status).toBe(201);
    await settleAfterResponse();
    // A late run of the request's follow-up with WhatsApp on: done, and no call-back message queued.
    Object.assign(process.env, whatsappEnv(fake()));
    await followUp(event);
    await runMinuteJobToEnd();
    expect(await readEntry(callbackEntryId(bookingId))).toBeNull();
    expect(to('919845077022')).toEqual([]);
  });
});
