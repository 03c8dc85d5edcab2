import { beforeAll, describe, expect, it } from 'vitest';
import bookCallFn from '../../netlify/functions/book-call.mts';
import bookingFn from '../../netlify/functions/booking.mts';
import contactFn from '../../netlify/functions/contact.mts';
import contactStatusFn from '../../netlify/functions/contact-status.mts';
import todoFn from '../../netlify/functions/admin-todo.mts';
import statsFn from '../../netlify/functions/admin-stats.mts';
import type { Booking } from '../../src/lib/schemas/booking';
import type { TodoAnswer } from '../../src/lib/schemas/todo';
import { TODO_STORE } from '../../src/server/indexes/todo/pendingIndex';
import { refreshTodoDigest } from '../../src/server/indexes/todo/readTodo';
import { bookings } from '../../src/server/leads/bookings';
import { contacts } from '../../src/server/leads/contacts';
import { downloads } from '../../src/server/leads/downloads';
import { subscribe } from '../../src/server/leads/subscribers';
import { collectionStore } from '../../src/server/storage/blobs';
import { newestFirstKey, recordKey } from '../../src/server/storage/keys';
import { adminCookie } from './support/admin';
import { type CallOptions, call, jsonOf, settleAfterResponse } from './support/call';

// Leads from the past are stored through the collection code, as the demo seed does
// (netlify/local/demo): outside a request their follow-up (counts, index, to-do) runs at once.
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

const call4h = (name: string, phone: string): Booking => ({
  fullName: name,
  mobile: phone,
  currentStage: 'College Graduate',
  packageId: null,
  packageName: 'Free Discovery Call',
  bookingType: 'discovery_call',
  amount: 0,
  status: 'pending',
  paymentStatus: null,
  notes: '',
  source: 'hero',
});

let cookie = '';
beforeAll(async () => {
  cookie = await adminCookie();
});

const todo = async (options: CallOptions = {}) => call(todoFn, '/api/admin/todo', { cookie, ...options });
const items = async () => (await jsonOf<TodoAnswer>(await todo())).items;
const todoKeys = async () =>
  (await collectionStore(TODO_STORE).list({ prefix: 'pending/' })).blobs.map((blob) => blob.key);
const patchBookingStatus = (id: string, status: string) =>
  call(bookingFn, `/api/bookings/${id}/status`, { method: 'PATCH', body: { status }, params: { id }, cookie });
const patchContactStatus = (id: string, body: unknown, options: CallOptions = {}) =>
  call(contactStatusFn, `/api/contacts/${id}/status`, { method: 'PATCH', body, params: { id }, cookie, ...options });

describe('GET /api/admin/todo', () => {
  it('answers 401 without a session', async () => {
    const response = await todo({ cookie: '' });
    expect(response.status).toBe(401);
  });

  it('orders pending leads by when their promise falls due in business hours, overdue first', async () => {
    // Friday 16 Oct 2026, 17:00 IST: a free call, due 4 business hours later, Monday 12:00 IST.
    const fridayCall = await bookings.create(call4h('Farah Khan', '98450 20001'), ist('2026-10-16', '17:00'), {
      announce: false,
    });
    // Thursday 15 Oct, 10:00 IST: a message (24 business hours): 8 Thu + 9 Fri + 7 Mon -> Monday 16:00 IST.
    // Older than the call, yet due after it.
    const thursdayMessage = await contacts.create(
      { name: 'Tarun Rao', email: 'tarun@example.com', phone: '98450 20002', whoIsThisFor: 'working-professional' },
      ist('2026-10-15', '10:00'),
      { announce: false },
    );
    // Saturday 17 Oct: the clock starts Monday 09:00 -> due 13:00, after the Friday call.
    const saturdayCall = await bookings.create(call4h('Sanya Malik', '98450 20003'), ist('2026-10-17', '11:30'), {
      announce: false,
    });
    // A call requested now, through the site: not due yet.
    const fresh = await call(bookCallFn, '/api/book-call', {
      body: { name: 'Nikhil Jain', phone: '98450 20004', background: 'college-graduate' },
    });
    expect(fresh.status).toBe(201);
    await settleAfterResponse();
    const freshId = (await jsonOf<{ booking: { id: string } }>(fresh)).booking.id;

    const response = await todo();
    expect(response.status).toBe(200);
    const list = (await jsonOf<TodoAnswer>(response)).items;
    expect(list.map((item) => item.id)).toEqual([fridayCall.id, saturdayCall.id, thursdayMessage.id, freshId]);
    expect(list[0]).toEqual({
      kind: 'booking',
      id: fridayCall.id,
      name: 'Farah Khan',
      phone: '98450 20001',
      email: null,
      createdAt: ist('2026-10-16', '17:00').toISOString(),
      dueAt: ist('2026-10-19', '12:00').toISOString(),
      promiseHours: 4,
      stage: 'College Graduate',
      callAt: null,
      overdue: true,
      reason: 'promise',
      records: [
        {
          kind: 'booking',
          id: fridayCall.id,
          createdAt: ist('2026-10-16', '17:00').toISOString(),
          dueAt: ist('2026-10-19', '12:00').toISOString(),
          promiseHours: 4,
        },
      ],
    });
    expect(list[1]!.dueAt).toBe(ist('2026-10-19', '13:00').toISOString());
    expect(list[2]).toMatchObject({
      kind: 'contact',
      email: 'tarun@example.com',
      dueAt: ist('2026-10-19', '16:00').toISOString(),
      promiseHours: 24,
      overdue: true,
    });
    expect(list[3]).toMatchObject({ kind: 'booking', name: 'Nikhil Jain', promiseHours: 4, overdue: false });
    expect(Date.parse(list[3]!.dueAt)).toBeGreaterThan(Date.now());

    for (const id of [fridayCall.id, saturdayCall.id, thursdayMessage.id, freshId]) {
      expect((await patchBookingStatus(id, 'contacted')).status).toBe(id === thursdayMessage.id ? 404 : 200);
    }
    expect((await patchContactStatus(thursdayMessage.id, { status: 'contacted' })).status).toBe(200);
    expect(await items()).toEqual([]);
  });

  it('with ?limit= answers the first rows only, counting total and overdue over every pending lead; a bad limit is a 400 naming it', async () => {
    const old = [];
    for (let day = 0; day < 5; day += 1)
      old.push(
        await bookings.create(call4h(`Old Lead ${day}`, `98450 3000${day}`), ist(`2026-09-0${day + 1}`, '10:00'), {
          announce: false,
        }),
      );
    const fresh = await call(bookCallFn, '/api/book-call', {
      body: { name: 'Not Due Yet', phone: '98450 30009', background: 'college-graduate' },
    });
    expect(fresh.status).toBe(201);
    await settleAfterResponse();

    const whole = await jsonOf<TodoAnswer>(await todo());
    expect(whole).toMatchObject({ total: 6, overdue: 5 });
    expect(whole.items).toHaveLength(6);
    const first = await jsonOf<TodoAnswer>(await call(todoFn, '/api/admin/todo?limit=2', { cookie }));
    expect(first).toEqual({ items: whole.items.slice(0, 2), total: 6, overdue: 5 });
    expect(first.items.map((item) => item.name)).toEqual(['Old Lead 0', 'Old Lead 1']);

    for (const bad of ['0', '501', 'ten', '2.5']) {
      const refused = await call(todoFn, `/api/admin/todo?limit=${bad}`, { cookie });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(await jsonOf(refused))).toContain('limit');
    }
    expect((await call(todoFn, '/api/admin/todo?all=1', { cookie })).status).toBe(400);

    for (const item of whole.items) expect((await patchBookingStatus(item.id, 'contacted')).status).toBe(200);
    expect(await jsonOf<TodoAnswer>(await todo())).toEqual({ items: [], total: 0, overdue: 0 });
  });

  it('lists only pending leads the site promised a response: not other statuses, downloads or subscribers', async () => {
    const at = ist('2026-10-20', '10:00');
    for (const status of ['contacted', 'completed', 'cancelled'] as const) {
      await bookings.create({ ...call4h(`Done ${status}`, '98450 20010'), status }, at, { announce: false });
    }
    await downloads.create(
      {
        fullName: 'Dev Patel',
        email: 'dev@example.com',
        mobile: '98450 20011',
        currentStage: 'graduates',
        resourceId: 'career-guide',
        resourceTitle: 'Career guide',
      },
      at,
      { announce: false },
    );
    await subscribe('reader@example.com', at, undefined, { announce: false });
    const contactedMessage = await contacts.create(
      { name: 'Old Reply', email: 'old@example.com', phone: '98450 20012', whoIsThisFor: 'college' },
      at,
      { announce: false },
    );
    expect((await patchContactStatus(contactedMessage.id, { status: 'contacted' })).status).toBe(200);
    const pending = await bookings.create(call4h('Still Waiting', '98450 20013'), at, { announce: false });

    expect((await items()).map((item) => item.id)).toEqual([pending.id]);
    expect(await todoKeys()).toHaveLength(1);
    await patchBookingStatus(pending.id, 'completed');
    expect(await todoKeys()).toEqual([]);
  });
});

describe('Mark contacted', () => {
  it('takes a booking off the to-do through the status change, and pending puts it back', async () => {
    const booking = await bookings.create(call4h('Meera Shah', '98450 20020'), ist('2026-10-21', '12:00'), {
      announce: false,
    });
    expect((await items()).map((item) => item.id)).toEqual([booking.id]);
    const response = await patchBookingStatus(booking.id, 'contacted');
    expect(response.status).toBe(200);
    // Read back: the booking says contacted and its index key is gone.
    expect((await bookings.get(booking.id))?.status).toBe('contacted');
    expect(await todoKeys()).toEqual([]);
    expect(await items()).toEqual([]);
    await patchBookingStatus(booking.id, 'pending');
    expect((await items()).map((item) => item.id)).toEqual([booking.id]);
    await patchBookingStatus(booking.id, 'cancelled');
    expect(await items()).toEqual([]);
  });

  it('marks a contact message contacted with the same If-Match rules as a booking status', async () => {
    const created = await call(contactFn, '/api/contact', {
      body: { name: 'Kavya Nair', email: 'kavya@example.com', phone: '98450 20030', whoIsThisFor: 'college' },
    });
    expect(created.status).toBe(201);
    await settleAfterResponse();
    const { contact } = await jsonOf<{ contact: { id: string; status?: string } }>(created);
    // A new message has no status yet: it is pending.
    expect(contact.status).toBeUndefined();
    expect((await items()).map((item) => item.id)).toEqual([contact.id]);

    const stale = await patchContactStatus(
      contact.id,
      { status: 'contacted' },
      { headers: { 'if-match': '"not-this-version"' } },
    );
    expect(stale.status).toBe(412);
    expect((await jsonOf<{ current: { status?: string } }>(stale)).current.status).toBeUndefined();
    expect((await contacts.get(contact.id))?.status).toBeUndefined();

    const done = await patchContactStatus(
      contact.id,
      { status: 'contacted' },
      { headers: { 'if-match': stale.headers.get('etag')! } },
    );
    expect(done.status).toBe(200);
    expect(done.headers.get('etag')).toMatch(/^"/);
    expect((await contacts.get(contact.id))?.status).toBe('contacted');
    expect(await todoKeys()).toEqual([]);
    expect(await items()).toEqual([]);
  });

  it('refuses bad input, foreign origins and strangers, and changes nothing', async () => {
    const contact = await contacts.create(
      { name: 'Ira Sen', email: 'ira@example.com', phone: '98450 20040', whoIsThisFor: 'college' },
      ist('2026-10-22', '10:00'),
      { announce: false },
    );
    const bad = await patchContactStatus(contact.id, { status: 'done' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await jsonOf(bad))).toContain('status');
    expect((await patchContactStatus(contact.id, { status: 'contacted', extra: 1 })).status).toBe(400);
    expect(
      (await patchContactStatus(contact.id, { status: 'contacted' }, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect((await patchContactStatus(contact.id, { status: 'contacted' }, { cookie: '' })).status).toBe(401);
    expect((await patchContactStatus('0000000000000-0000000000', { status: 'contacted' })).status).toBe(404);
    expect((await patchContactStatus('nope', { status: 'contacted' })).status).toBe(404);
    expect((await contacts.get(contact.id))?.status).toBeUndefined();
    expect((await items()).map((item) => item.id)).toEqual([contact.id]);
  });
});

describe('leads stored before the to-do existed', () => {
  it("are put on it by the owner's recount, once", async () => {
    // Stored as an earlier version did: the record only, no follow-up, no index key.
    const at = ist('2026-10-23', '10:00');
    const id = newestFirstKey(at.getTime());
    const legacy = {
      name: 'Old Message',
      email: 'old.message@example.com',
      phone: '98450 20050',
      whoIsThisFor: 'college',
      id,
      createdAt: at.toISOString(),
    };
    await collectionStore('contacts').setJSON(recordKey(id), legacy);
    const ours = async () => (await items()).filter((item) => item.id === id);
    expect(await ours()).toEqual([]);

    const recount = await call(statsFn, '/api/admin/stats/recount', { method: 'POST', cookie });
    expect(recount.status).toBe(200);
    // Every pending lead is checked: this one and the message the test before left pending.
    expect(await jsonOf(recount)).toMatchObject({ pendingLeads: 2 });
    expect(await ours()).toEqual([
      expect.objectContaining({ kind: 'contact', id, name: 'Old Message', promiseHours: 24, overdue: true }),
    ]);
    const keys = await todoKeys();
    await call(statsFn, '/api/admin/stats/recount', { method: 'POST', cookie });
    expect(await todoKeys()).toEqual(keys);
    expect(keys.filter((key) => key.includes(id))).toHaveLength(1);
  });
});

describe("the to-do's digest (the minute job's)", () => {
  const read = async (limit?: number) =>
    jsonOf<TodoAnswer>(
      await call(todoFn, limit === undefined ? '/api/admin/todo' : `/api/admin/todo?limit=${limit}`, { cookie }),
    );
  /** What one listing of the whole index gives: the answer with no digest to read. */
  const withoutDigest = async (limit?: number) => {
    const store = collectionStore(TODO_STORE);
    const [digest, head] = await Promise.all([
      store.get('digest', { type: 'json' }),
      store.get('digest-head', { type: 'json' }),
    ]);
    await Promise.all([store.delete('digest'), store.delete('digest-head')]);
    const answer = await read(limit);
    await Promise.all([store.setJSON('digest', digest), store.setJSON('digest-head', head)]);
    return answer;
  };

  it('is read with the leads changed since, and answers what a listing of every pending lead answers', async () => {
    const a = await bookings.create(call4h('Digest Asha', '98450 30001'), ist('2026-10-19', '10:00'), {
      announce: false,
    });
    const b = await bookings.create(call4h('Digest Bala', '98450 30002'), ist('2026-10-19', '11:00'), {
      announce: false,
    });
    const report = await refreshTodoDigest();
    expect(report.people).toBeGreaterThan(1);
    expect(await read()).toEqual(await withoutDigest());

    // After the digest: one marked contacted, one new message sharing Bala's phone, one new call.
    expect((await patchBookingStatus(a.id, 'contacted')).status).toBe(200);
    await contacts.create(
      {
        name: 'Digest Bala',
        email: 'bala@example.com',
        phone: '+91 98450 30002',
        whoIsThisFor: 'working-professional',
      },
      ist('2026-10-20', '09:30'),
      { announce: false },
    );
    const c = await bookings.create(call4h('Digest Chitra', '98450 30003'), ist('2026-10-19', '09:00'), {
      announce: false,
    });
    const now = await read();
    expect(now).toEqual(await withoutDigest());
    const ids = now.items.map((item) => item.id);
    expect(ids).not.toContain(a.id);
    expect(ids).toContain(c.id);
    expect(now.items.find((item) => item.id === b.id)?.records.map((record) => record.kind)).toEqual([
      'booking',
      'contact',
    ]);
    expect(await read(2)).toEqual(await withoutDigest(2));
  });

  it('is what Today reads: a pending key no change was noted for stays unseen until the next digest', async () => {
    await refreshTodoDigest();
    const before = await read();
    // A key written behind the index's back (no change key): the digest's read cannot know it.
    const stray = await bookings.create(call4h('Digest Stray', '98450 30009'), ist('2026-10-21', '10:00'), {
      announce: false,
    });
    const store = collectionStore(TODO_STORE);
    const changes = (await store.list({ prefix: 'changed/' })).blobs.filter((blob) => blob.key.endsWith(stray.id));
    expect(changes.length).toBeGreaterThan(0);
    await Promise.all(changes.map((blob) => store.delete(blob.key)));
    expect((await read()).total).toBe(before.total);
    // Today's first page comes from the digest's head, even with the whole digest gone.
    await store.delete('digest');
    const today = await read(10);
    expect(today.total).toBe(before.total);
    expect(today.items.map((item) => item.id)).not.toContain(stray.id);
    // The whole to-do without a digest is one listing, which finds it.
    expect((await read()).total).toBe(before.total + 1);
    await refreshTodoDigest();
    expect((await read()).items.map((item) => item.id)).toContain(stray.id);
    expect((await read(10)).total).toBe(before.total + 1);
  });

  it("Today's first page from the head matches the whole digest's after changes that join, split and remove people", async () => {
    const base = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        bookings.create(call4h(`Head ${n}`, `98450 3110${n}`), ist('2026-10-18', `1${n}:00`), { announce: false }),
      ),
    );
    const report = await refreshTodoDigest();
    expect(report.shardsWritten).toBeGreaterThan(0);
    const store = collectionStore(TODO_STORE);
    expect((await store.list({ prefix: 'digest-shards/' })).blobs.length).toBeGreaterThan(0);
    expect((await patchBookingStatus(base[0]!.id, 'contacted')).status).toBe(200);
    await contacts.create(
      { name: 'Head 2', email: 'head2@example.com', phone: '+91 98450 31102', whoIsThisFor: 'working-professional' },
      ist('2026-10-18', '16:00'),
      { announce: false },
    );
    for (const limit of [1, 3, 10]) expect(await read(limit)).toEqual(await withoutDigest(limit));
    // A second run writes only the shards whose people changed.
    const again = await refreshTodoDigest();
    expect(again.shardsWritten).toBeLessThan(report.shardsWritten + 4);
    expect(await read(10)).toEqual(await withoutDigest(10));
  });
});
