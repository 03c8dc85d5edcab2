import { beforeAll, describe, expect, it } from 'vitest';
import bookCallFn from '../../netlify/functions/book-call.mts';
import bookingFn from '../../netlify/functions/booking.mts';
import statsFn from '../../netlify/functions/admin-stats.mts';
import type { AdminStats } from '../../src/lib/schemas/adminApi';
import type { Booking } from '../../src/lib/schemas/booking';
import { bookings } from '../../src/server/leads/bookings';
import { adminCookie } from './support/admin';
import { bundleFunction, callInParallelProcesses } from './support/function-process';
import { type CallOptions, call, jsonOf, settleAfterResponse } from './support/call';

type StoredBooking = Booking & { id: string; createdAt: string; updatedAt?: string };

let cookie = '';
beforeAll(async () => {
  cookie = await adminCookie();
});

async function newCall(name = 'Ananya Iyer', phone = '98450 11111'): Promise<StoredBooking> {
  const response = await call(bookCallFn, '/api/book-call', { body: { name, phone, background: 'college-graduate' } });
  expect(response.status).toBe(201);
  // Counted and indexed by its follow-up, after the response: done before the test goes on.
  await settleAfterResponse();
  return (await jsonOf<{ booking: StoredBooking }>(response)).booking;
}

const bookingPath = (id: string) => `/api/bookings/${id}`;
// `If-Match: *` (whatever is stored) unless a test names a version.
const patch = (id: string, body: unknown, options: CallOptions = {}) =>
  call(bookingFn, bookingPath(id), {
    method: 'PATCH',
    body,
    params: { id },
    cookie,
    headers: { 'if-match': '*' },
    ...options,
  });
const patchStatus = (id: string, status: unknown, options: CallOptions = {}) =>
  call(bookingFn, `${bookingPath(id)}/status`, {
    method: 'PATCH',
    body: { status },
    params: { id },
    cookie,
    ...options,
  });
const getBooking = (id: string, options: CallOptions = {}) =>
  call(bookingFn, bookingPath(id), { params: { id }, cookie, ...options });
const stats = async () => jsonOf<AdminStats>(await call(statsFn, '/api/admin/stats', { cookie }));

describe('GET /api/bookings/{id}', () => {
  it('answers the booking with a quoted ETag made from its content', async () => {
    const booking = await newCall();
    const response = await getBooking(booking.id);
    expect(response.status).toBe(200);
    const etag = response.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect(await jsonOf(response)).toEqual(booking);
    // Same content, same version; a change makes a new one.
    expect((await getBooking(booking.id)).headers.get('etag')).toBe(etag);
    await patchStatus(booking.id, 'contacted');
    expect((await getBooking(booking.id)).headers.get('etag')).not.toBe(etag);
  });

  it('is 404 for an unknown id and for a malformed one', async () => {
    for (const id of ['0000000000000-0000000000', 'not-an-id', '..%2F..%2Fsecrets']) {
      const response = await getBooking(id);
      expect(response.status).toBe(404);
      expect(await jsonOf(response)).toEqual({ error: 'Booking not found.' });
    }
  });
});

describe('admin only', () => {
  it('answers 401 without a session on every booking route, and changes nothing', async () => {
    const booking = await newCall();
    expect((await getBooking(booking.id, { cookie: '' })).status).toBe(401);
    expect((await patchStatus(booking.id, 'completed', { cookie: '' })).status).toBe(401);
    expect((await patch(booking.id, { fullName: 'Someone Else' }, { cookie: '' })).status).toBe(401);
    expect((await patch(booking.id, { fullName: 'Someone Else' }, { cookie: 'ccc_admin=forged.token' })).status).toBe(
      401,
    );
    expect(await bookings.get(booking.id)).toEqual(booking);
  });

  it('answers 403 to a state-changing call from a foreign Origin (or none), and changes nothing', async () => {
    const booking = await newCall();
    for (const origin of ['https://evil.example', null]) {
      const status = await patchStatus(booking.id, 'completed', { origin });
      expect(status.status).toBe(403);
      const details = await patch(booking.id, { notes: 'planted' }, { origin });
      expect(details.status).toBe(403);
    }
    expect(await bookings.get(booking.id)).toEqual(booking);
  });
});

describe('PATCH /api/bookings/{id}/status', () => {
  it('sets any status, answers the stored booking with its new ETag, and moves the status tiles', async () => {
    const booking = await newCall();
    const before = await stats();
    const response = await patchStatus(booking.id, 'completed');
    expect(response.status).toBe(200);
    const answered = await jsonOf<StoredBooking>(response);
    expect(answered.status).toBe('completed');
    expect(answered.updatedAt).toBeTruthy();
    const stored = await bookings.get(booking.id);
    expect(stored).toEqual(answered);
    expect(response.headers.get('etag')).toBe((await getBooking(booking.id)).headers.get('etag'));
    const after = await stats();
    expect(after.pending).toBe(before.pending - 1);
    expect(after.completed).toBe(before.completed + 1);
    expect(after.bookings).toBe(before.bookings);
    // Back to pending: statuses change in any order (docs/admin.md, The dashboard).
    expect((await jsonOf<StoredBooking>(await patchStatus(booking.id, 'pending'))).status).toBe('pending');
    expect(await stats()).toEqual(before);
  });

  it('refuses an unknown status, another field or an empty body by name, and writes nothing', async () => {
    const booking = await newCall();
    const bad = await patchStatus(booking.id, 'paid');
    expect(bad.status).toBe(400);
    expect((await jsonOf<{ fields: Record<string, string> }>(bad)).fields).toEqual({
      status: 'Choose pending, contacted, completed or cancelled',
    });
    const extra = await call(bookingFn, `${bookingPath(booking.id)}/status`, {
      method: 'PATCH',
      body: { status: 'contacted', paymentStatus: 'paid' },
      params: { id: booking.id },
      cookie,
    });
    expect(extra.status).toBe(400);
    expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(extra)).fields)).toEqual(['paymentStatus']);
    const empty = await call(bookingFn, `${bookingPath(booking.id)}/status`, {
      method: 'PATCH',
      body: {},
      params: { id: booking.id },
      cookie,
    });
    expect(empty.status).toBe(400);
    expect(await bookings.get(booking.id)).toEqual(booking);
  });

  it('is 404 for an unknown or malformed id', async () => {
    expect((await patchStatus('0000000000000-0000000000', 'contacted')).status).toBe(404);
    expect((await patchStatus('nope', 'contacted')).status).toBe(404);
  });

  it('applies two concurrent status changes one after the other, and the tiles stay right', async () => {
    const booking = await newCall();
    const before = await stats();
    const [first, second] = await Promise.all([
      patchStatus(booking.id, 'contacted'),
      patchStatus(booking.id, 'cancelled'),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const answers = [await jsonOf<StoredBooking>(first), await jsonOf<StoredBooking>(second)];
    expect(answers.map((answer) => answer.status).sort()).toEqual(['cancelled', 'contacted']);
    // The booking holds the status written last: the answer with the later version.
    const stored = await bookings.get(booking.id);
    const last = answers.find((answer) => answer.status === stored?.status)!;
    const other = answers.find((answer) => answer !== last)!;
    expect(last.updatedAt! >= other.updatedAt!).toBe(true);
    expect(stored).toEqual(last);
    // Both applied in sequence: pending left once, and only the final status gained one
    // (two writes from the same read would have left pending twice).
    const after = await stats();
    expect(after.pending).toBe(before.pending - 1);
    expect(after.contacted + after.cancelled).toBe(before.contacted + before.cancelled + 1);
    expect(after[stored!.status as 'contacted' | 'cancelled']).toBe(
      before[stored!.status as 'contacted' | 'cancelled'] + 1,
    );
  });
});

describe('status changes from two function instances at once', () => {
  it('two processes change one booking together: both land in turn and the tiles stay right', async () => {
    const bundle = await bundleFunction('netlify/functions/booking.mts');
    const booking = await newCall('Kavya Menon', '98450 22222');
    const before = await stats();
    const request = (status: string) => ({
      url: `http://localhost${bookingPath(booking.id)}/status`,
      method: 'PATCH',
      headers: { 'content-type': 'application/json', cookie, origin: 'http://localhost' },
      body: JSON.stringify({ status }),
      params: { id: booking.id },
    });
    const answers = await callInParallelProcesses(bundle, [request('contacted'), request('cancelled')]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const stored = await bookings.get(booking.id);
    expect(['contacted', 'cancelled']).toContain(stored?.status);
    const after = await stats();
    // Written one after the other: pending left once and only the final status gained one.
    expect(after.pending).toBe(before.pending - 1);
    expect(after.contacted + after.cancelled).toBe(before.contacted + before.cancelled + 1);
    expect(after[stored!.status as 'contacted' | 'cancelled']).toBe(
      before[stored!.status as 'contacted' | 'cancelled'] + 1,
    );
  }, 60_000);
});

describe('PATCH /api/bookings/{id}', () => {
  it('changes only the fields sent and answers the stored booking with its new ETag', async () => {
    const booking = await newCall('Rohit Sharma', '98450 22222');
    const response = await patch(booking.id, {
      fullName: '  Rohit K. Sharma ',
      mobile: '98450-33333',
      currentStage: 'Working Professional',
      notes: 'Call after 6 pm',
    });
    expect(response.status).toBe(200);
    const answered = await jsonOf<StoredBooking>(response);
    expect(answered).toMatchObject({
      fullName: 'Rohit K. Sharma',
      mobile: '98450-33333',
      currentStage: 'Working Professional',
      notes: 'Call after 6 pm',
    });
    const stored = await bookings.get(booking.id);
    expect(stored).toEqual(answered);
    expect({
      ...stored,
      fullName: booking.fullName,
      mobile: booking.mobile,
      currentStage: booking.currentStage,
      notes: booking.notes,
      updatedAt: undefined,
    }).toEqual({ ...booking, updatedAt: undefined });
    expect(response.headers.get('etag')).toBe((await getBooking(booking.id)).headers.get('etag'));

    const notesOnly = await jsonOf<StoredBooking>(await patch(booking.id, { notes: '' }));
    expect(notesOnly).toMatchObject({ fullName: 'Rohit K. Sharma', notes: '' });
  });

  it.each([
    ['fullName', { fullName: '' }, 'Name is required'],
    ['fullName', { fullName: 'x'.repeat(121) }, 'Name is too long'],
    ['mobile', { mobile: '98450' }, 'Enter a valid 10-digit mobile number'],
    ['mobile', { mobile: '+44 20 7946 0958' }, 'Enter a valid 10-digit mobile number'],
    ['mobile', { mobile: 'call me' }, 'Use digits, spaces and dashes only'],
    ['currentStage', { currentStage: '   ' }, 'Current stage is required'],
    ['currentStage', { currentStage: 'x'.repeat(301) }, 'At most 300 characters'],
    ['notes', { notes: 'x'.repeat(2001) }, 'At most 2,000 characters'],
    ['notes', { notes: 42 }, undefined],
    ['_', {}, 'Send at least one field to change'],
  ])('refuses a bad %s by name and writes nothing', async (field, body, message) => {
    const booking = await newCall();
    const response = await patch(booking.id, body);
    expect(response.status).toBe(400);
    const { fields } = await jsonOf<{ fields: Record<string, string> }>(response);
    expect(Object.keys(fields)).toEqual([field]);
    if (message) expect(fields[field]).toBe(message);
    expect(await bookings.get(booking.id)).toEqual(booking);
  });

  it.each(['amount', 'bookingType', 'paymentStatus', 'status', 'packageName', 'id', 'createdAt'])(
    'refuses the protected field %s by name, even beside a valid change, and writes nothing',
    async (field) => {
      const booking = await newCall();
      const response = await patch(booking.id, { notes: 'fine', [field]: field === 'amount' ? 1 : 'paid' });
      expect(response.status).toBe(400);
      const { fields } = await jsonOf<{ fields: Record<string, string> }>(response);
      expect(fields).toEqual({ [field]: 'This field cannot be set here' });
      expect(await bookings.get(booking.id)).toEqual(booking);
    },
  );

  it('is 404 for an unknown or malformed id', async () => {
    expect((await patch('0000000000000-0000000000', { notes: 'x' })).status).toBe(404);
    expect((await patch('1234', { notes: 'x' })).status).toBe(404);
  });
});

describe('If-Match', () => {
  it('applies an edit made from the current version', async () => {
    const booking = await newCall();
    const etag = (await getBooking(booking.id)).headers.get('etag')!;
    const response = await patch(booking.id, { notes: 'from the current copy' }, { headers: { 'if-match': etag } });
    expect(response.status).toBe(200);
    const status = await patchStatus(booking.id, 'contacted', {
      headers: { 'if-match': response.headers.get('etag')! },
    });
    expect(status.status).toBe(200);
  });

  it('answers 412 with the booking as stored now to an edit made from a stale copy, and writes nothing', async () => {
    const booking = await newCall('Meera Nair', '98450 44444');
    const stale = (await getBooking(booking.id)).headers.get('etag')!;
    const meanwhile = await patch(booking.id, { notes: 'Owner called her' });
    const current = await jsonOf<StoredBooking>(meanwhile);
    const beforeStats = await stats();

    const refused = await patch(booking.id, { fullName: 'Meera N.' }, { headers: { 'if-match': stale } });
    expect(refused.status).toBe(412);
    const body = await jsonOf<{ error: string; current: StoredBooking }>(refused);
    expect(body.error).toMatch(/changed by someone else/);
    expect(body.current).toEqual(current);
    expect(refused.headers.get('etag')).toBe(meanwhile.headers.get('etag'));

    const refusedStatus = await patchStatus(booking.id, 'cancelled', { headers: { 'if-match': stale } });
    expect(refusedStatus.status).toBe(412);
    expect(await bookings.get(booking.id)).toEqual(current);
    expect(await stats()).toEqual(beforeStats);
  });

  it('treats a weak or unknown tag as stale and * as any version', async () => {
    const booking = await newCall();
    const etag = (await getBooking(booking.id)).headers.get('etag')!;
    expect((await patch(booking.id, { notes: 'a' }, { headers: { 'if-match': `W/${etag}` } })).status).toBe(412);
    expect((await patch(booking.id, { notes: 'a' }, { headers: { 'if-match': '"nope"' } })).status).toBe(412);
    expect((await patch(booking.id, { notes: 'a' }, { headers: { 'if-match': `"nope", ${etag}` } })).status).toBe(200);
    expect((await patch(booking.id, { notes: 'b' }, { headers: { 'if-match': '*' } })).status).toBe(200);
    // Without If-Match an edit is refused (428), not applied blindly.
    const blind = await patch(booking.id, { notes: 'blind' }, { headers: {} });
    expect(blind.status).toBe(428);
    expect((await jsonOf<{ error: string }>(blind)).error).toMatch(/If-Match/);
    expect((await bookings.get(booking.id))?.notes).toBe('b');
  });
});
