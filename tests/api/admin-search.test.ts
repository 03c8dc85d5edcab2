import { getStore } from '@netlify/blobs';
import { beforeAll, describe, expect, it } from 'vitest';
import searchFn from '../../netlify/functions/admin-search.mts';
import bookCallFn from '../../netlify/functions/book-call.mts';
import bookingFn from '../../netlify/functions/booking.mts';
import contactFn from '../../netlify/functions/contact.mts';
import createOrderFn from '../../netlify/functions/create-razorpay-order.mts';
import newsletterFn from '../../netlify/functions/newsletter.mts';
import downloadsFn from '../../netlify/functions/resource-downloads.mts';
import type { SearchAnswer } from '../../src/lib/schemas/adminApi';
import { MAX_HITS } from '../../src/server/leads/findPerson';
import { bookings } from '../../src/server/leads/bookings';
import { adminCookie } from './support/admin';
import { call, jsonOf, settleAfterResponse } from './support/call';
import { useFakeGateway, useGatewayEnv } from './support/payments';
import { lettersOf } from '../support/names';

const gateway = useFakeGateway();

let cookie = '';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function search(q: string): Promise<SearchAnswer> {
  const response = await call(searchFn, `/api/admin/search?${new URLSearchParams({ q })}`, { cookie });
  expect(response.status).toBe(200);
  return jsonOf<SearchAnswer>(response);
}
const kindsAndIds = (answer: SearchAnswer) => answer.hits.map((hit) => `${hit.type}:${hit.id}`);

async function created<T>(response: Promise<Response>, pick: (body: Record<string, unknown>) => T): Promise<T> {
  const answer = await response;
  expect(answer.status).toBe(201);
  // Records a millisecond apart at least, so the timeline order is the order made here.
  await sleep(3);
  return pick(await jsonOf(answer));
}

// One person who reached the business five ways, with the phone typed differently each time.
const priya = { name: 'Priya Raman', email: 'Priya.Raman@Example.in' };
const ids: Record<string, string> = {};

beforeAll(async () => {
  useGatewayEnv(gateway());
  cookie = await adminCookie();
  // Someone else with a similar name and number, who must never show up for Priya.
  await call(bookCallFn, '/api/book-call', {
    body: { name: 'Priyanka Ramesh', phone: '98765 43211', background: 'college-graduate' },
  });
  ids.booking = await created(
    call(bookCallFn, '/api/book-call', {
      body: { name: priya.name, phone: '+91 98765 43210', background: 'working-professional' },
    }),
    (b) => (b.booking as { id: string }).id,
  );
  ids.contact = await created(
    call(contactFn, '/api/contact', {
      body: { name: 'priya raman', email: priya.email, phone: '098765-43210', whoIsThisFor: 'working-professional' },
    }),
    (b) => (b.contact as { id: string }).id,
  );
  ids.download = await created(
    call(downloadsFn, '/api/resource-downloads', {
      body: {
        fullName: 'Priya R.',
        email: 'priya.raman@example.in',
        mobile: '9876543210',
        currentStage: 'midcareer',
        resourceId: 'executive-guide',
      },
    }),
    (b) => (b.download as { id: string }).id,
  );
  const order = await created(
    call(createOrderFn, '/api/create-razorpay-order', {
      body: {
        customerState: 'Karnataka',
        packageId: 'ascend-plus',
        customerName: priya.name,
        customerEmail: priya.email,
        customerPhone: '98765-43210',
      },
    }),
    (b) => b as { bookingId: string; orderId: string },
  );
  ids.checkoutBooking = order.bookingId;
  await call(newsletterFn, '/api/newsletter', { body: { email: 'PRIYA.RAMAN@example.in' } });
});

describe('GET /api/admin/search', () => {
  it('answers 401 without a session', async () => {
    expect((await call(searchFn, '/api/admin/search?q=priya')).status).toBe(401);
  });

  it('answers 400 naming q when it is missing, too short or too long', async () => {
    for (const query of ['', '?q=', '?q=a', `?q=${'x'.repeat(101)}`]) {
      const response = await call(searchFn, `/api/admin/search${query}`, { cookie });
      expect(response.status).toBe(400);
      expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(response)).fields)).toEqual(['q']);
    }
  });

  it('finds the same person by phone in any formatting: every record, newest first', async () => {
    const answers = await Promise.all(['+91 98765 43210', '098765-43210', '9876543210', '(98765) 43210'].map(search));
    const expected = answers[0]!;
    expect(expected.matchedBy).toBe('phone');
    const types = expected.hits.map((hit) => hit.type);
    expect(types).toEqual(['payment', 'booking', 'download', 'contact', 'booking']);
    expect(expected.hits.at(-1)?.id).toBe(ids.booking);
    expect(expected.hits.map((hit) => hit.createdAt)).toEqual(
      [...expected.hits.map((hit) => hit.createdAt)].sort().reverse(),
    );
    for (const answer of answers) expect(kindsAndIds(answer)).toEqual(kindsAndIds(expected));
    expect(expected.hits.find((hit) => hit.type === 'payment')).toMatchObject({
      title: 'Ascend Plus',
      status: 'created',
      amount: 10599,
      name: priya.name,
    });
    expect(expected.hits.find((hit) => hit.id === ids.booking)).toMatchObject({
      title: 'Free Discovery Call',
      status: 'pending',
      amount: null,
      phone: '+91 98765 43210',
    });
    expect(expected.truncated).toBe(false);
  });

  it('finds the start of a number, and not a different number', async () => {
    expect((await search('98765 432')).hits.length).toBe(6);
    expect(kindsAndIds(await search('98765 43211'))).toHaveLength(1);
    expect((await search('90000 00000')).hits).toEqual([]);
  });

  it('finds the same person by e-mail in any case, including the newsletter sign-up', async () => {
    const answer = await search('  priya.RAMAN@example.IN ');
    expect(answer.matchedBy).toBe('email');
    expect(answer.hits.map((hit) => hit.type)).toEqual(['subscriber', 'payment', 'booking', 'download', 'contact']);
    expect(answer.hits[0]).toMatchObject({
      type: 'subscriber',
      email: 'priya.raman@example.in',
      name: null,
      title: 'Newsletter',
    });
    expect((await search('priya@example.in')).hits).toEqual([]);
  });

  it('finds by the start of any word of the name, ignoring case and accents', async () => {
    const byFirst = await search('pri');
    expect(byFirst.matchedBy).toBe('name');
    expect(byFirst.hits.map((hit) => hit.name)).toEqual([
      'Priya Raman',
      'Priya Raman',
      'Priya R.',
      'priya raman',
      'Priya Raman',
      'Priyanka Ramesh',
    ]);
    expect((await search('RAMAN')).hits.map((hit) => hit.name)).toEqual([
      'Priya Raman',
      'Priya Raman',
      'priya raman',
      'Priya Raman',
    ]);
    expect((await search('Prïya Ram')).hits).toHaveLength(5);
    expect((await search('priya rames')).hits.map((hit) => hit.name)).toEqual(['Priyanka Ramesh']);
    expect((await search('iya')).hits).toEqual([]);
  });

  it('finds names in other scripts and with accents as typed', async () => {
    await call(bookCallFn, '/api/book-call', {
      body: { name: 'José Fernandes', phone: '91111 22222', background: 'college-graduate' },
    });
    await call(bookCallFn, '/api/book-call', {
      body: { name: 'अनन्या शर्मा', phone: '91111 33333', background: 'student-10-12', minor: false },
    });
    expect((await search('jose')).hits.map((hit) => hit.name)).toEqual(['José Fernandes']);
    expect((await search('josé fer')).hits.map((hit) => hit.name)).toEqual(['José Fernandes']);
    expect((await search('अनन्')).hits.map((hit) => hit.name)).toEqual(['अनन्या शर्मा']);
  });

  it('shows the newest 100 when a name start matches more, and says so', async () => {
    await Promise.all(
      Array.from({ length: MAX_HITS + 5 }, (_, n) =>
        call(bookCallFn, '/api/book-call', {
          body: {
            name: `Zubin Contractor ${lettersOf(n)}`,
            phone: `93${String(n).padStart(8, '0')}`,
            background: 'college-graduate',
          },
        }),
      ),
    );
    // Indexed by each lead's follow-up, after its response.
    await settleAfterResponse();
    const answer = await search('zub');
    expect(answer.hits).toHaveLength(MAX_HITS);
    expect(answer.truncated).toBe(true);
    expect(answer.hits.map((hit) => hit.id)).toEqual([...answer.hits.map((hit) => hit.id)].sort());
  });
});

const indexKeysOf = async (prefix: string, id: string) => {
  const { blobs } = await getStore({ name: 'person-index', consistency: 'strong' }).list({ prefix });
  return blobs.map((blob) => blob.key).filter((key) => key.includes(id));
};

describe('the index follows edits of a booking', () => {
  it('after a name or mobile edit, the old name and number no longer find it and the new ones do', async () => {
    const { booking } = await jsonOf<{ booking: { id: string } }>(
      await call(bookCallFn, '/api/book-call', {
        body: { name: 'Kavya Menon', phone: '99000 11111', background: 'college-graduate' },
      }),
    );
    await settleAfterResponse();
    const edit = (body: Record<string, unknown>) =>
      call(bookingFn, `/api/bookings/${booking.id}`, {
        method: 'PATCH',
        body,
        params: { id: booking.id },
        cookie,
        headers: { 'if-match': '*' },
      });
    expect((await edit({ fullName: 'Kavya Pillai', mobile: '99000 22222' })).status).toBe(200);

    expect(kindsAndIds(await search('pillai'))).toEqual([`booking:${booking.id}`]);
    expect(kindsAndIds(await search('kavya'))).toEqual([`booking:${booking.id}`]);
    expect(kindsAndIds(await search('menon'))).toEqual([]);
    expect(kindsAndIds(await search('9900022222'))).toEqual([`booking:${booking.id}`]);
    expect(kindsAndIds(await search('9900011111'))).toEqual([]);
    // The index itself changed (not only the answers): old keys gone, new keys there.
    expect(await indexKeysOf('name/me/menon', booking.id)).toEqual([]);
    expect(await indexKeysOf('phone/990/001/1111', booking.id)).toEqual([]);
    expect(await indexKeysOf('name/pi/pillai', booking.id)).toHaveLength(1);
    expect(await indexKeysOf('name/ka/kavya', booking.id)).toHaveLength(1);
    expect(await indexKeysOf('phone/990/002/2222', booking.id)).toHaveLength(1);

    // A status change or notes edit leaves the person, and the index, as they are.
    await call(bookingFn, `/api/bookings/${booking.id}/status`, {
      method: 'PATCH',
      body: { status: 'completed' },
      params: { id: booking.id },
      cookie,
    });
    expect((await search('pillai')).hits[0]).toMatchObject({ id: booking.id, status: 'completed' });
  });

  it('two quick edits of the name end with the index of the last one', async () => {
    const { booking } = await jsonOf<{ booking: { id: string } }>(
      await call(bookCallFn, '/api/book-call', {
        body: { name: 'Arjun Reddy', phone: '99000 33333', background: 'college-graduate' },
      }),
    );
    await settleAfterResponse();
    const edit = (fullName: string) =>
      call(bookingFn, `/api/bookings/${booking.id}`, {
        method: 'PATCH',
        body: { fullName },
        params: { id: booking.id },
        cookie,
        headers: { 'if-match': '*' },
      });
    await Promise.all([edit('Arjun Varma'), edit('Arjun Kapoor')]);
    const stored = await bookings.get(booking.id);
    const [kept, dropped] = stored?.fullName === 'Arjun Varma' ? ['varma', 'kapoor'] : ['kapoor', 'varma'];
    expect(kindsAndIds(await search(kept))).toEqual([`booking:${booking.id}`]);
    expect(await indexKeysOf(`name/${dropped.slice(0, 2)}/${dropped}`, booking.id)).toEqual([]);
    expect(await indexKeysOf('name/re/reddy', booking.id)).toEqual([]);
  });
});
