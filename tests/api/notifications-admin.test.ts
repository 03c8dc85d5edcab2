import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import leadSourcesFn from '../../netlify/functions/admin-lead-sources.mts';
import notificationsFn from '../../netlify/functions/admin-notifications.mts';
import searchFn from '../../netlify/functions/admin-search.mts';
import bookCallFn from '../../netlify/functions/book-call.mts';
import bookingsFn from '../../netlify/functions/bookings.mts';
import contactFn from '../../netlify/functions/contact.mts';
import newsletterFn from '../../netlify/functions/newsletter.mts';
import retryFn from '../../netlify/functions/follow-up.mts';
import downloadsFn from '../../netlify/functions/resource-downloads.mts';
import type { SearchAnswer } from '../../src/lib/schemas/adminApi';
import type { LeadsBySourceAnswer, NotificationsAnswer } from '../../src/lib/schemas/notifications';
import { bookings } from '../../src/server/leads/bookings';
import { contacts } from '../../src/server/leads/contacts';
import { pruneOutbox } from '../../src/server/notifications/deliver';
import { readEntry, replaceEntry } from '../../src/server/notifications/outbox';
import { downloads } from '../../src/server/leads/downloads';
import { subscribers } from '../../src/server/leads/subscribers';
import { adminCookie } from './support/admin';
import { endRetryWindow } from './support/outbox';
import { call, jsonOf, settleAfterResponse } from './support/call';
import {
  OWNER_ADDRESS,
  type SmtpReceiver,
  clearNotificationEnv,
  startSmtpReceiver,
  useNotificationEnv,
} from './support/mail-receivers';
import { lettersOf } from '../support/names';

let cookie = '';
let smtp: SmtpReceiver;
beforeAll(async () => {
  cookie = await adminCookie();
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  clearNotificationEnv();
  await smtp.stop();
});

const ad = {
  source: 'google',
  medium: 'cpc',
  campaign: 'board-exams',
  term: 'career counsellor',
  content: 'banner-a',
  referrer: 'https://www.google.com/',
  landingPage: '/?utm_source=google&utm_medium=cpc',
};

async function leadsBySource(days?: number): Promise<LeadsBySourceAnswer> {
  const response = await call(leadSourcesFn, `/api/admin/leads-by-source${days ? `?days=${days}` : ''}`, { cookie });
  expect(response.status).toBe(200);
  return jsonOf<LeadsBySourceAnswer>(response);
}
const rowOf = (answer: LeadsBySourceAnswer, source: string, medium: string | null) =>
  answer.rows.find((row) => row.source === source && row.medium === medium);

describe('attribution on every public lead', () => {
  test('each lead body stores its attribution (read back from the store) and the admin lists and search return it', async () => {
    const call1 = await call(bookCallFn, '/api/book-call', {
      body: { name: 'Nila Menon', phone: '98450 81818', background: 'student-10-12', minor: false, attribution: ad },
    });
    expect(call1.status).toBe(201);
    const callId = (await jsonOf<{ booking: { id: string } }>(call1)).booking.id;
    const contact = await call(contactFn, '/api/contact', {
      body: {
        name: 'Nila Menon',
        email: 'nila@example.com',
        phone: '98450 81818',
        whoIsThisFor: 'college',
        attribution: { source: 'newsletter', medium: 'email' },
      },
    });
    const contactId = (await jsonOf<{ contact: { id: string } }>(contact)).contact.id;
    const booking = await call(bookingsFn, '/api/bookings', {
      body: {
        fullName: 'Nila Menon',
        mobile: '9845081818',
        designation: 'Student',
        company: 'DPS',
        industry: 'Education',
        packageId: 'ascend-plus',
        attribution: { source: 'linkedin' },
      },
    });
    const bookingId = (await jsonOf<{ booking: { id: string } }>(booking)).booking.id;
    const download = await call(downloadsFn, '/api/resource-downloads', {
      body: {
        fullName: 'Nila Menon',
        email: 'nila@example.com',
        mobile: '98450 81818',
        currentStage: 'class10-12',
        minor: false,
        resourceId: 'executive-guide',
        attribution: { referrer: 'https://blog.example/' },
      },
    });
    const downloadId = (await jsonOf<{ download: { id: string } }>(download)).download.id;
    expect(
      (
        await call(newsletterFn, '/api/newsletter', {
          body: { email: 'nila@example.com', attribution: { source: 'instagram', medium: 'social' } },
        })
      ).status,
    ).toBe(200);

    expect((await bookings.get(callId))?.attribution).toEqual(ad);
    expect((await contacts.get(contactId))?.attribution).toEqual({ source: 'newsletter', medium: 'email' });
    expect((await bookings.get(bookingId))?.attribution).toEqual({ source: 'linkedin' });
    expect((await downloads.get(downloadId))?.attribution).toEqual({ referrer: 'https://blog.example/' });
    expect((await subscribers.all()).find((record) => record.email === 'nila@example.com')?.attribution).toEqual({
      source: 'instagram',
      medium: 'social',
    });

    const list = await jsonOf<{ items: Array<{ id: string; attribution?: unknown }> }>(
      await call(bookingsFn, '/api/bookings', { cookie }),
    );
    expect(list.items.find((item) => item.id === callId)?.attribution).toEqual(ad);
    const contactList = await jsonOf<{ items: Array<{ id: string; attribution?: unknown }> }>(
      await call(contactFn, '/api/contact', { cookie }),
    );
    expect(contactList.items.find((item) => item.id === contactId)?.attribution).toEqual({
      source: 'newsletter',
      medium: 'email',
    });

    const found = await jsonOf<SearchAnswer>(await call(searchFn, '/api/admin/search?q=98450%2081818', { cookie }));
    const byId = new Map(found.hits.map((hit) => [hit.id, hit.attribution]));
    expect(byId.get(callId)).toEqual(ad);
    expect(byId.get(downloadId)).toEqual({ referrer: 'https://blog.example/' });
    expect(byId.get(bookingId)).toEqual({ source: 'linkedin' });
  });

  test('a bad attribution is a 400 naming the field, and nothing is stored', async () => {
    const before = await bookings.count();
    const unknownKey = await call(bookCallFn, '/api/book-call', {
      body: {
        name: 'Typo',
        phone: '98450 90909',
        background: 'college-graduate',
        attribution: { utm_source: 'google' },
      },
    });
    expect(unknownKey.status).toBe(400);
    expect(JSON.stringify((await jsonOf<{ fields: Record<string, string> }>(unknownKey)).fields)).toContain(
      'utm_source',
    );
    const tooLong = await call(contactFn, '/api/contact', {
      body: {
        name: 'Long',
        email: 'long@example.com',
        phone: '98450 90909',
        whoIsThisFor: 'college',
        attribution: { source: 'x'.repeat(201) },
      },
    });
    expect(tooLong.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(tooLong)).fields).toHaveProperty(['attribution.source']);
    const notObject = await call(newsletterFn, '/api/newsletter', {
      body: { email: 'no@example.com', attribution: 'google' },
    });
    expect(notObject.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(notObject)).fields).toHaveProperty(['attribution']);
    expect(await bookings.count()).toBe(before);
    expect((await subscribers.all()).some((record) => record.email === 'no@example.com')).toBe(false);
  });
});

describe('GET /api/admin/leads-by-source', () => {
  test('counts leads of the last days by source and medium, most first, with the kinds', async () => {
    const before = await leadsBySource();
    for (let index = 0; index < 3; index += 1) {
      await call(bookCallFn, '/api/book-call', {
        body: {
          name: `Ad ${lettersOf(index)}`,
          phone: `98451 0000${index}`,
          background: 'college-graduate',
          attribution: { source: 'Facebook', medium: 'paid' },
        },
      });
    }
    await call(contactFn, '/api/contact', {
      body: {
        name: 'Ad C',
        email: 'adc@example.com',
        phone: '98451 00009',
        whoIsThisFor: 'college',
        attribution: { source: 'facebook', medium: 'paid' },
      },
    });
    await call(bookCallFn, '/api/book-call', {
      body: { name: 'Direct', phone: '98451 00008', background: 'college-graduate' },
    });
    const after = await leadsBySource();
    expect(after.days).toBe(30);
    expect(new Date(after.since).getTime()).toBeLessThan(Date.now() - 29 * 86_400_000);
    const facebook = rowOf(after, 'facebook', 'paid');
    const facebookBefore = rowOf(before, 'facebook', 'paid');
    expect(facebook?.leads).toBe((facebookBefore?.leads ?? 0) + 4);
    expect(facebook?.byKind['discovery-call']).toBe((facebookBefore?.byKind['discovery-call'] ?? 0) + 3);
    expect(facebook?.byKind.contact).toBe((facebookBefore?.byKind.contact ?? 0) + 1);
    expect(rowOf(after, '(direct)', null)?.leads).toBe((rowOf(before, '(direct)', null)?.leads ?? 0) + 1);
    const counts = after.rows.map((row) => row.leads);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect((await leadsBySource(1)).days).toBe(1);
  });

  test('days is validated, and the route is for the admin only', async () => {
    const bad = await call(leadSourcesFn, '/api/admin/leads-by-source?days=0', { cookie });
    expect(bad.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(bad)).fields).toHaveProperty('days');
    expect((await call(leadSourcesFn, '/api/admin/leads-by-source')).status).toBe(401);
  });
});

describe('the admin notifications routes', () => {
  test('401 without a session; 403 for a resend from another origin', async () => {
    expect((await call(notificationsFn, '/api/admin/notifications?status=failed')).status).toBe(401);
    const id = '8204626134447-e79ff34b0c.contact.email';
    expect(
      (await call(notificationsFn, `/api/admin/notifications/${id}/resend`, { method: 'POST', params: { id } })).status,
    ).toBe(401);
    const foreign = await call(notificationsFn, `/api/admin/notifications/${id}/resend`, {
      method: 'POST',
      params: { id },
      cookie,
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
  });

  test('off without SMTP settings: enabled false with the reason', async () => {
    clearNotificationEnv();
    const answer = await jsonOf<NotificationsAnswer>(
      await call(notificationsFn, '/api/admin/notifications', { cookie }),
    );
    expect(answer.enabled).toBe(false);
    expect(answer.reason).toMatch(/SMTP_URL/);
    process.env.SMTP_URL = 'smtp://127.0.0.1:25';
    const partial = await jsonOf<NotificationsAnswer>(
      await call(notificationsFn, '/api/admin/notifications', { cookie }),
    );
    expect(partial).toMatchObject({
      enabled: false,
      reason: 'Notifications are off: NOTIFY_EMAIL_TO, NOTIFY_EMAIL_FROM are not set.',
    });
    const id = '8204626134447-e79ff34b0c.contact.email';
    const refused = await call(notificationsFn, `/api/admin/notifications/${id}/resend`, {
      method: 'POST',
      params: { id },
      cookie,
    });
    expect(refused.status).toBe(409);
    expect((await jsonOf<{ error: string }>(refused)).error).toMatch(/Notifications are off/);
    clearNotificationEnv();
  });

  test('a notification that failed for 24 hours is listed as failed, and a resend delivers it (202)', async () => {
    useNotificationEnv(smtp, null);
    await smtp.outage();
    let id: string;
    try {
      const response = await call(bookCallFn, '/api/book-call', {
        body: { name: 'Resend Me', phone: '98452 12121', background: 'college-graduate' },
      });
      id = `${(await jsonOf<{ booking: { id: string } }>(response)).booking.id}.discovery-call.email`;
      await settleAfterResponse();
      // The 24 hours are over: the next sweep gives up.
      await endRetryWindow(id);
      await retryFn();
    } finally {
      await smtp.recover();
    }
    const listed = await jsonOf<NotificationsAnswer>(
      await call(notificationsFn, '/api/admin/notifications?status=failed', { cookie }),
    );
    expect(listed.enabled).toBe(true);
    expect(listed.items.map((item) => item.id)).toContain(id);
    expect(listed.items.every((item) => item.status === 'failed')).toBe(true);
    const item = listed.items.find((entry) => entry.id === id)!;
    expect(item).toMatchObject({
      kind: 'discovery-call',
      channel: 'email',
      status: 'failed',
      attempts: 2,
      nextAttemptAt: null,
      subject: 'New discovery call request: Resend Me',
    });
    expect(item.lastError).toMatch(/ECONNREFUSED/);
    // The failed one is not retried by the sweep.
    await retryFn();
    expect(smtp.mails.filter((mail) => mail.subject.includes('Resend Me'))).toHaveLength(0);

    const resent = await call(notificationsFn, `/api/admin/notifications/${id}/resend`, {
      method: 'POST',
      params: { id },
      cookie,
    });
    expect(resent.status).toBe(202);
    expect(await jsonOf(resent)).toEqual({ id, status: 'pending' });
    await settleAfterResponse();
    const delivered = smtp.mails.filter((mail) => mail.subject.includes('Resend Me'));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.to).toEqual([OWNER_ADDRESS]);
    expect((await readEntry(id))?.entry.status).toBe('sent');
    const bad = await call(notificationsFn, '/api/admin/notifications/nope/resend', {
      method: 'POST',
      params: { id: 'nope' },
      cookie,
    });
    expect(bad.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(bad)).fields).toHaveProperty('id');
    const unknown = '8204626134447-0000000000.contact.email';
    expect(
      (
        await call(notificationsFn, `/api/admin/notifications/${unknown}/resend`, {
          method: 'POST',
          params: { id: unknown },
          cookie,
        })
      ).status,
    ).toBe(404);
    for (const [query, field] of [
      ['channel=sms', 'channel'],
      ['limit=0', 'limit'],
      ['limit=201', 'limit'],
      ['limit=ten', 'limit'],
    ]) {
      const refused = await call(notificationsFn, `/api/admin/notifications?${query}`, { cookie });
      expect(refused.status).toBe(400);
      expect((await jsonOf<{ fields: Record<string, string> }>(refused)).fields).toHaveProperty(field!);
    }
  });
});

describe('outbox housekeeping', () => {
  test('sent entries older than a week are deleted from the store; recent ones stay', async () => {
    useNotificationEnv(smtp, null);
    const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000);
    // A lead of eight days ago, announced then (outside a request its follow-up runs at once).
    const oldBooking = await bookings.create(
      {
        fullName: 'Old Sent',
        mobile: '98453 12121',
        currentStage: 'Working professional',
        packageId: null,
        packageName: 'Free Discovery Call',
        bookingType: 'discovery_call',
        amount: null,
        status: 'pending',
        paymentStatus: null,
        notes: '',
        source: 'button',
      },
      eightDaysAgo,
    );
    const oldId = `${oldBooking.id}.discovery-call.email`;
    const response = await call(bookCallFn, '/api/book-call', {
      body: { name: 'New Sent', phone: '98453 12121', background: 'college-graduate' },
    });
    const newId = `${(await jsonOf<{ booking: { id: string } }>(response)).booking.id}.discovery-call.email`;
    await settleAfterResponse();
    const old = await readEntry(oldId);
    expect(old?.entry.status).toBe('sent');
    expect(await replaceEntry({ ...old!.entry, createdAt: eightDaysAgo.toISOString() }, old!.etag)).not.toBeNull();
    expect(await pruneOutbox()).toBeGreaterThanOrEqual(1);
    expect(await readEntry(oldId)).toBeNull();
    expect((await readEntry(newId))?.entry.status).toBe('sent');
  });
});
