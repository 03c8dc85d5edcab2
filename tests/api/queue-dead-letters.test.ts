import { beforeAll, describe, expect, test } from 'vitest';
import adminAppointments from '../../netlify/functions/admin-appointments.mts';
import followUpAdminFn from '../../netlify/functions/admin-follow-up.mts';
import appointmentsFn from '../../netlify/functions/appointments.mts';
import bookCallFn from '../../netlify/functions/book-call.mts';
import minuteJobFn from '../../netlify/functions/follow-up.mts';
import type { PublicAppointment } from '../../src/lib/schemas/appointment';
import type { SetAsideAnswer } from '../../src/lib/schemas/setAside';
import { REMINDER_RETRY, sendDueReminders } from '../../src/server/appointments/reminders';
import { readEntry } from '../../src/server/notifications/outbox';
import { adminCookie } from './support/admin';
import { endRetryWindow } from './support/outbox';
import { allDay } from './support/availability';
import { call, jsonOf, settleAfterResponse } from './support/call';
import { useMailReceivers } from './support/mail-suite';
import type { SlotsAnswer } from '../../src/lib/schemas/appointment';
import slotsFn from '../../netlify/functions/slots.mts';

// The durable queue's dead letters (docs/queue.md): a follow-up event, a message or a reminder
// that kept failing is set aside with its error, listed in the owner's one list, and put back
// by the one Retry. Through the real handlers against a real Blobs server and SMTP receiver.

const mail = useMailReceivers();
let cookie: string;
const MINUTE = 60_000;

beforeAll(async () => {
  cookie = await adminCookie();
  const saved = await call(adminAppointments, '/api/admin/availability', { method: 'PUT', cookie, body: allDay });
  expect(saved.status).toBe(200);
});

const listed = async () =>
  (await jsonOf<SetAsideAnswer>(await call(followUpAdminFn, '/api/admin/follow-up', { cookie }))).items;

const retry = (id: string, queue: string) =>
  call(followUpAdminFn, `/api/admin/follow-up/${encodeURIComponent(id)}/retry?queue=${queue}`, {
    method: 'POST',
    cookie,
    params: { id },
  });

/** Reads of this one Blobs key fail (a network that drops them) until `restore` is called. */
function failReadsOf(keyEnd: string): { restore: () => void } {
  const inner = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if ((init?.method ?? 'GET').toUpperCase() === 'GET' && decodeURIComponent(url).split('?')[0]!.endsWith(keyEnd))
      throw new TypeError('fetch failed: the network dropped this read');
    return inner(input, init);
  };
  return { restore: () => void (globalThis.fetch = inner) };
}

describe('a reminder that cannot be queued', () => {
  test('is retried with back-off, set aside after its last try with its error, and sent after the one Retry', async () => {
    const { slots } = await jsonOf<SlotsAnswer>(await call(slotsFn, '/api/slots?days=7'));
    const slot = slots.find((candidate) => Date.parse(candidate.start) - Date.now() > 30 * 3_600_000)!;
    const booked = await call(appointmentsFn, '/api/appointments', {
      body: { start: slot.start, name: 'Remind Later', phone: '98451 33333', email: 'remind.later@example.com' },
      ip: '10.77.0.1',
    });
    expect(booked.status).toBe(201);
    const { appointment } = await jsonOf<{ appointment: PublicAppointment }>(booked);
    await settleAfterResponse();
    const toVisitor = () => mail.smtp.mails.filter((item) => item.to.includes('remind.later@example.com'));
    const before = toVisitor().length;
    const reminderId = (id: string) => id.startsWith(`day.${appointment.id}.`);

    // The call's record cannot be read: every try of the day-before reminder fails.
    const network = failReadsOf(`records/${appointment.id}`);
    const tries = REMINDER_RETRY.maxAttempts!;
    try {
      let at = Date.parse(appointment.start) - 24 * 3_600_000 + MINUTE;
      for (let run = 1; run <= tries; run += 1) {
        const report = await sendDueReminders(new Date(at));
        expect(report.sent).toBe(0);
        if (run < tries) expect((await listed()).filter((item) => reminderId(item.id))).toEqual([]);
        // A run inside the back-off leaves it alone; one past it tries again.
        at += 10 * MINUTE;
      }
    } finally {
      network.restore();
    }
    expect(toVisitor()).toHaveLength(before);
    const [setAside] = (await listed()).filter((item) => item.queue === 'reminder' && reminderId(item.id));
    expect(setAside).toMatchObject({
      queue: 'reminder',
      attempts: tries,
      leadId: appointment.id,
      who: 'Remind Later',
      lastError: expect.stringContaining('Storage is unavailable'),
    });

    const retried = await retry(setAside!.id, 'reminder');
    expect(retried.status).toBe(202);
    expect((await listed()).filter((item) => reminderId(item.id))).toEqual([]);
    expect((await sendDueReminders(new Date())).sent).toBe(1);
    expect(
      toVisitor()
        .slice(before)
        .map((item) => item.subject),
    ).toEqual([expect.stringMatching(/^Reminder: .*tomorrow/)]);
    // Sent once: the next run finds nothing.
    expect((await sendDueReminders(new Date(Date.now() + MINUTE))).sent).toBe(0);
    expect(toVisitor()).toHaveLength(before + 1);
  });
});

describe('a message that failed for good', () => {
  test('is in the same list, and the one Retry sends it', async () => {
    await mail.smtp.outage();
    let id: string;
    try {
      const response = await call(bookCallFn, '/api/book-call', {
        body: { name: 'Failed Message', phone: '98451 44444', background: 'college-graduate' },
      });
      expect(response.status).toBe(201);
      id = `${(await jsonOf<{ booking: { id: string } }>(response)).booking.id}.discovery-call.email`;
      await settleAfterResponse();
      // Its 24 hours are over: the next sweep gives up on it.
      await endRetryWindow(id);
      await minuteJobFn();
    } finally {
      await mail.smtp.recover();
    }
    const item = (await listed()).find((entry) => entry.id === id);
    expect(item).toMatchObject({
      queue: 'message',
      what: 'New discovery call request: Failed Message',
      attempts: 2,
      lastError: expect.stringMatching(/ECONNREFUSED/),
    });
    const sentBefore = mail.smtp.mails.filter((entry) => entry.subject.includes('Failed Message')).length;
    expect(sentBefore).toBe(0);

    expect((await retry(id, 'message')).status).toBe(202);
    await settleAfterResponse();
    expect(mail.smtp.mails.filter((entry) => entry.subject.includes('Failed Message'))).toHaveLength(1);
    expect((await listed()).map((entry) => entry.id)).not.toContain(id);
    expect((await readEntry(id))?.entry.status).toBe('sent');
  });
});

describe('the one Retry', () => {
  test("checks the id as its queue's own kind (400 naming the field), and says 404 for nothing set aside", async () => {
    const bad = await retry('nope', 'reminder');
    expect(bad.status).toBe(400);
    expect(await jsonOf(bad)).toMatchObject({ fields: { id: expect.stringMatching(/reminder id/i) } });
    const badQueue = await retry('0000000000000-0000000000', 'mailbag');
    expect(badQueue.status).toBe(400);
    expect(await jsonOf(badQueue)).toMatchObject({ fields: { queue: expect.any(String) } });
    const unknown = `hour.${'1'.repeat(13)}-0000000000.${'1'.repeat(13)}-0000000000`;
    expect((await retry(unknown, 'reminder')).status).toBe(404);
  });
});
