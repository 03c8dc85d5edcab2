import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setEnvironmentContext } from '@netlify/blobs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import statsFn from '../../netlify/functions/admin-stats.mts';
import blogPostsFn from '../../netlify/functions/blog-posts.mts';
import bookCallFn from '../../netlify/functions/book-call.mts';
import bookingFn from '../../netlify/functions/booking.mts';
import contactFn from '../../netlify/functions/contact.mts';
import createOrderFn from '../../netlify/functions/create-razorpay-order.mts';
import newsletterFn from '../../netlify/functions/newsletter.mts';
import downloadsFn from '../../netlify/functions/resource-downloads.mts';
import type { AdminStats } from '../../src/lib/schemas/adminApi';
import { bookingStatuses } from '../../src/lib/schemas/booking';
import { mdxPosts } from '../../src/server/blog/mdxPosts';
import { storagePostCount } from '../../src/server/blog/storagePosts';
import { bookings } from '../../src/server/leads/bookings';
import { contacts } from '../../src/server/leads/contacts';
import { payments } from '../../src/server/leads/payments';
import { downloads } from '../../src/server/leads/downloads';
import { corporateEnquiries } from '../../src/server/leads/corporateEnquiries';
import { subscribers } from '../../src/server/leads/subscribers';
import { addToCounts, oneOffChangeId } from '../../src/server/indexes/stats/counterStore';
import { pendingEventIds } from '../../src/server/followUp/events';
import { runFollowUpJob } from '../../src/server/app/minuteJob';
import { adminCookie } from './support/admin';
import { blobsContext } from './support/blobs-server';
import { call, jsonOf, settleAfterResponse } from './support/call';
import { bookPackage, useFakeGateway } from './support/payments';
import { lettersOf } from '../support/names';

useFakeGateway();

let cookie = '';
beforeAll(async () => {
  cookie = await adminCookie();
});

const stats = async () => {
  const response = await call(statsFn, '/api/admin/stats', { cookie });
  expect(response.status).toBe(200);
  return jsonOf<AdminStats>(response);
};

/** The tiles as a full scan of the stored data would count them: the truth to compare with. */
async function countedFromData(): Promise<AdminStats> {
  const everyBooking = await bookings.all();
  const byStatus = Object.fromEntries(
    bookingStatuses.map((status) => [status, everyBooking.filter((booking) => booking.status === status).length]),
  );
  const [contactCount, paymentCount, downloadCount, subscriberCount, storagePosts, files, corporateCount] =
    await Promise.all([
      contacts.count(),
      payments.count(),
      downloads.count(),
      subscribers.count(),
      storagePostCount(),
      mdxPosts(),
      corporateEnquiries.count(),
    ]);
  const blogPosts = storagePosts + files.length;
  return {
    bookings: everyBooking.length,
    contacts: contactCount,
    payments: paymentCount,
    downloads: downloadCount,
    blogPosts,
    subscribers: subscriberCount,
    corporateEnquiries: corporateCount,
    pending: byStatus.pending ?? 0,
    contacted: byStatus.contacted ?? 0,
    completed: byStatus.completed ?? 0,
    cancelled: byStatus.cancelled ?? 0,
    totalRecords: everyBooking.length + contactCount + paymentCount + downloadCount + blogPosts + corporateCount,
  };
}

const person = { name: 'Divya Krishnan', phone: '99887 76655', email: 'divya.k@example.in' };

describe('GET /api/admin/stats', () => {
  it('answers 401 without a session and 403 to a recount from a foreign Origin', async () => {
    expect((await call(statsFn, '/api/admin/stats')).status).toBe(401);
    expect((await call(statsFn, '/api/admin/stats/recount', { method: 'POST' })).status).toBe(401);
    expect(
      (await call(statsFn, '/api/admin/stats/recount', { method: 'POST', cookie, origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
  });

  it('on a fresh store counts the MDX posts shipped with the site and nothing else', async () => {
    const files = (await mdxPosts()).length;
    expect(files).toBeGreaterThan(0);
    expect(await stats()).toEqual({
      bookings: 0,
      contacts: 0,
      payments: 0,
      downloads: 0,
      blogPosts: files,
      subscribers: 0,
      corporateEnquiries: 0,
      pending: 0,
      contacted: 0,
      completed: 0,
      cancelled: 0,
      totalRecords: files,
    });
  });

  it('keeps count through every write path: call modal, package popup, checkout, contact, download, newsletter, blog posts, status changes', async () => {
    const before = await stats();
    expect(
      (await call(bookCallFn, '/api/book-call', { body: { ...person, background: 'working-professional' } })).status,
    ).toBe(201);
    const { booking: packageBooking } = await bookPackage('ascend');
    const order = await call(createOrderFn, '/api/create-razorpay-order', {
      body: {
        customerState: 'Karnataka',
        packageId: 'ascend-plus',
        customerName: person.name,
        customerEmail: person.email,
        customerPhone: person.phone,
      },
    });
    expect(order.status).toBe(201);
    expect(
      (await call(contactFn, '/api/contact', { body: { ...person, whoIsThisFor: 'working-professional' } })).status,
    ).toBe(201);
    const download = {
      fullName: person.name,
      email: person.email,
      mobile: person.phone,
      currentStage: 'midcareer',
      resourceId: 'executive-guide',
    };
    expect((await call(downloadsFn, '/api/resource-downloads', { body: download })).status).toBe(201);
    await call(newsletterFn, '/api/newsletter', { body: { email: person.email } });
    await call(newsletterFn, '/api/newsletter', { body: { email: person.email.toUpperCase() } });
    const post = {
      title: 'Counting Posts In The Admin Tiles',
      excerpt: 'A post that exists to be counted by the stat tiles.',
      content: 'Body.',
    };
    const created = await jsonOf<{ id: string }>(await call(blogPostsFn, '/api/blog-posts', { body: post, cookie }));
    await call(blogPostsFn, '/api/blog-posts', {
      body: { ...post, title: 'A Second Post, Deleted Again' },
      cookie,
    }).then(async (response) => {
      const { id } = await jsonOf<{ id: string }>(response);
      expect(
        (await call(blogPostsFn, `/api/blog-posts/${id}`, { method: 'DELETE', params: { id }, cookie })).status,
      ).toBe(200);
    });
    const status = await call(bookingFn, `/api/bookings/${packageBooking.id}/status`, {
      method: 'PATCH',
      body: { status: 'contacted' },
      params: { id: packageBooking.id },
      cookie,
    });
    expect(status.status).toBe(200);
    // Honeypot submissions store nothing and count nothing.
    await call(bookCallFn, '/api/book-call', {
      body: { ...person, background: 'working-professional', website: 'spam' },
    });
    // A new lead is counted by its follow-up, after the response.
    await settleAfterResponse();

    const after = await stats();
    expect(after).toEqual({
      ...before,
      bookings: before.bookings + 3,
      contacts: before.contacts + 1,
      payments: before.payments + 1,
      downloads: before.downloads + 1,
      subscribers: before.subscribers + 1,
      blogPosts: before.blogPosts + 1,
      pending: before.pending + 2,
      contacted: before.contacted + 1,
      totalRecords: before.totalRecords + 3 + 1 + 1 + 1 + 1,
    });
    expect(after).toEqual(await countedFromData());
    expect(created.id).toBeTruthy();
  });

  it('counts every one of 40 leads submitted at once (read back from the store)', async () => {
    const before = await stats();
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        n % 2
          ? call(bookCallFn, '/api/book-call', {
              body: {
                name: `Caller ${lettersOf(n)}`,
                phone: `98000 ${String(n).padStart(5, '0')}`,
                background: 'student-10-12',
                minor: false,
              },
            })
          : call(contactFn, '/api/contact', {
              body: {
                name: `Writer ${lettersOf(n)}`,
                email: `writer${n}@example.in`,
                phone: `97000 ${String(n).padStart(5, '0')}`,
                whoIsThisFor: 'college',
              },
            }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(40).fill(201));
    await settleAfterResponse();
    const after = await stats();
    expect(after.bookings).toBe(before.bookings + 20);
    expect(after.pending).toBe(before.pending + 20);
    expect(after.contacts).toBe(before.contacts + 20);
    expect(after).toEqual(await countedFromData());
  });

  it('page totals of the admin lists come from the same counters', async () => {
    const page = await jsonOf<{ total: number }>(
      await call((await import('../../netlify/functions/bookings.mts')).default, '/api/bookings?limit=1', { cookie }),
    );
    expect(page.total).toBe((await stats()).bookings);
    expect(page.total).toBe(await bookings.count());
  });
});

/** A Blobs server that fails every call to one store, in front of the real one. */
async function failingStoreProxy(storeName: string) {
  const target = new URL(blobsContext.edgeURL);
  let failures = 0;
  const server = createServer((req, res) => {
    if ((req.url ?? '').includes(storeName)) {
      failures += 1;
      res.writeHead(500).end();
      return;
    }
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, failures: () => failures, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('when the counters cannot be written', () => {
  let proxy: Awaited<ReturnType<typeof failingStoreProxy>>;
  beforeAll(async () => {
    proxy = await failingStoreProxy('admin-counters');
  });
  afterAll(async () => {
    setEnvironmentContext(blobsContext);
    await proxy.close();
  });

  it('the lead is still stored and answered; its follow-up stays pending and the next job run counts it once', async () => {
    const before = await stats();
    setEnvironmentContext({ ...blobsContext, edgeURL: proxy.url, uncachedEdgeURL: proxy.url });
    let response: Response;
    try {
      response = await call(bookCallFn, '/api/book-call', {
        body: { name: 'Sanjay Gupta', phone: '91234 56789', background: 'college-graduate' },
      });
      // The follow-up runs and fails while the counters' store is down.
      await settleAfterResponse();
    } finally {
      setEnvironmentContext(blobsContext);
    }
    expect(response.status).toBe(201);
    expect(proxy.failures()).toBeGreaterThan(0);
    const { booking } = await jsonOf<{ booking: { id: string } }>(response);
    expect(await bookings.get(booking.id)).toMatchObject({ fullName: 'Sanjay Gupta', status: 'pending' });
    // Not counted yet, and its event is still there to be done.
    expect((await stats()).bookings).toBe(before.bookings);
    expect(await pendingEventIds()).toHaveLength(1);

    const report = await runFollowUpJob({ now: () => new Date(Date.now() + 60_000) });
    expect(report.events).toEqual({ done: 1, left: 0 });
    const after = await stats();
    expect(after.bookings).toBe(before.bookings + 1);
    expect(after.pending).toBe(before.pending + 1);
    expect(after).toEqual(await countedFromData());
    // Done is done: more runs change nothing.
    await runFollowUpJob({ now: () => new Date(Date.now() + 60_000) });
    expect(await stats()).toEqual(after);
  });

  it("the owner's recount repairs counters that drifted anyway", async () => {
    const truth = await countedFromData();
    await addToCounts(oneOffChangeId('test-drift'), { bookings: 3, pending: -1 });
    expect((await stats()).bookings).toBe(truth.bookings + 3);
    const recount = await call(statsFn, '/api/admin/stats/recount', { method: 'POST', cookie });
    expect(recount.status).toBe(200);
    const { stats: repaired } = await jsonOf<{ stats: AdminStats }>(recount);
    expect(repaired).toEqual(truth);
    expect(await stats()).toEqual(truth);
  });
});
