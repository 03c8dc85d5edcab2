import { getStore } from '@netlify/blobs';
import { beforeAll, describe, expect, it } from 'vitest';
import exportFn from '../../netlify/functions/admin-export.mts';
import bookingsFn from '../../netlify/functions/bookings.mts';
import contactFn from '../../netlify/functions/contact.mts';
import downloadsFn from '../../netlify/functions/resource-downloads.mts';
import newsletterFn from '../../netlify/functions/newsletter.mts';
import corporateFn from '../../netlify/functions/corporate-enquiries.mts';
import paymentsFn from '../../netlify/functions/payments.mts';
import { collectRowsFrom, type ExportReader } from '../../src/islands/admin/export/collectRows';
import { type LeadKind, type LeadRecords, leadKinds } from '../../src/islands/admin/api/leads';
import {
  type ExportRow,
  buildCsv,
  bookingRow,
  contactRow,
  downloadRow,
  paymentRow,
  subscriberRow,
  corporateEnquiryRow,
} from '../../src/lib/admin/customerExport';
import type { AdminPage } from '../../src/lib/schemas/adminApi';
import type { ExportPlanAnswer, ExportSliceAnswer } from '../../src/lib/schemas/adminExport';
import { snapshotExportSlices } from '../../src/server/leads/exportRows';
import { bookings } from '../../src/server/leads/bookings';
import { contacts } from '../../src/server/leads/contacts';
import { runFollowUpJob } from '../../src/server/app/minuteJob';
import { payments } from '../../src/server/leads/payments';
import { downloads } from '../../src/server/leads/downloads';
import { subscribers } from '../../src/server/leads/subscribers';
import { newestFirstKey, timeSliceOf } from '../../src/server/storage/keys';
import { SNAPSHOT_STORE } from '../../src/server/storage/sliceSnapshots';
import { demoPlan } from '../../netlify/local/demo/demoLeads';
import { seedDemoData } from '../../netlify/local/demo/seed';
import { adminCookie } from './support/admin';
import { blobsContext } from './support/blobs-server';
import { type CallOptions, call, jsonOf } from './support/call';

// The Export button's path (docs/admin.md, Export): rows built by the server per time slice, many
// slices read side by side. The file must be the one the old path wrote: every list
// paged 100 records at a time and each record made a row in the browser.

let cookie = '';
let seededRecords = 0;
beforeAll(async () => {
  cookie = await adminCookie();
  // Every kind of lead over a year (many time slices), as `npm run seed` writes them ...
  const summary = await seedDemoData(demoPlan(60, Date.now(), 4242));
  seededRecords = Object.values(summary).reduce((sum, count) => sum + count, 0);
  // ... and cells a spreadsheet would run, quotes, commas, line breaks and non-ASCII names.
  await bookings.create(
    {
      fullName: '=HYPERLINK("http://evil.example","Click")',
      mobile: '+91 98450 33333',
      email: 'eve@example.com',
      currentStage: '@work, "senior"',
      packageId: null,
      packageName: 'Free Discovery Call',
      bookingType: 'discovery_call',
      amount: 0,
      status: 'contacted',
      paymentStatus: null,
      notes: 'Line one\nline two, with a comma',
    },
    new Date('2026-03-01T04:30:00Z'),
    { announce: false },
  );
  await contacts.create(
    { name: 'Ananya Iyer ₹ अनन्या', email: 'ananya@example.in', phone: '98450 44444', whoIsThisFor: 'college' },
    new Date('2026-03-01T04:31:00Z'),
    { announce: false },
  );
  seededRecords += 2;
});

const listHandlers: Record<LeadKind, { fn: typeof bookingsFn; path: string }> = {
  bookings: { fn: bookingsFn, path: '/api/bookings' },
  contacts: { fn: contactFn, path: '/api/contact' },
  payments: { fn: paymentsFn, path: '/api/payments' },
  downloads: { fn: downloadsFn, path: '/api/resource-downloads' },
  subscribers: { fn: newsletterFn, path: '/api/newsletter' },
  corporateEnquiries: { fn: corporateFn, path: '/api/corporate-enquiries' },
};

const oldRowBuilders: { [K in LeadKind]: (record: LeadRecords[K]) => ExportRow } = {
  bookings: bookingRow,
  contacts: contactRow,
  payments: paymentRow,
  downloads: downloadRow,
  subscribers: subscriberRow,
  corporateEnquiries: corporateEnquiryRow,
};

/** The rows the export built before: each list paged 100 at a time, each record a row in the browser. */
async function oldPathRows(): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  for (const kind of leadKinds) {
    let cursor: string | null = null;
    do {
      const query = new URLSearchParams({ limit: '100', ...(cursor ? { cursor } : {}) });
      const response = await call(listHandlers[kind].fn, `${listHandlers[kind].path}?${query}`, { cookie });
      expect(response.status).toBe(200);
      const page: AdminPage<LeadRecords[typeof kind]> = await jsonOf(response);
      for (const record of page.items) rows.push((oldRowBuilders[kind] as (record: unknown) => ExportRow)(record));
      cursor = page.nextCursor;
    } while (cursor);
  }
  return rows;
}

const getExport = (path: string, params: Record<string, string> = {}, options: CallOptions = {}) =>
  call(exportFn, path, { cookie, params, ...options });

/** The browser's reader, over the real handler; `limit` makes slices span several calls. */
function handlerReader(limit?: number): ExportReader & { calls: number } {
  const reader = {
    calls: 0,
    async plan() {
      reader.calls += 1;
      const response = await getExport('/api/admin/export');
      expect(response.status).toBe(200);
      return jsonOf<ExportPlanAnswer>(response);
    },
    async slice(kind: LeadKind, slice: string, cursor: string | null) {
      reader.calls += 1;
      const query = new URLSearchParams({ ...(cursor ? { cursor } : {}), ...(limit ? { limit: String(limit) } : {}) });
      const response = await getExport(`/api/admin/export/${kind}/${slice}?${query}`, { kind, slice });
      expect(response.status).toBe(200);
      return jsonOf<ExportSliceAnswer>(response);
    },
  };
  return reader;
}

describe('the export by time slices', () => {
  it('writes the very file the paged export wrote: same rows, same order, same CSV bytes', async () => {
    const before = await oldPathRows();
    expect(before).toHaveLength(seededRecords);
    const progress: number[] = [];
    const reader = handlerReader();
    const after = await collectRowsFrom(reader, (soFar) => progress.push(soFar));
    expect(after).toEqual(before);
    expect(buildCsv(after)).toBe(buildCsv(before));
    expect(buildCsv(after).startsWith('\uFEFF')).toBe(true);
    expect(progress.at(-1)).toBe(seededRecords);
    // One call per slice here, not one per 100 records.
    const plan = await handlerReader().plan();
    expect(reader.calls).toBe(1 + Object.values(plan.slices).reduce((sum, slices) => sum + slices.length, 0));
    // The tricky cells survived as the old path wrote them.
    expect(after.some((row) => row[1] === `'=HYPERLINK("http://evil.example","Click")`)).toBe(true);
    expect(after.some((row) => row[1] === 'Ananya Iyer ₹ अनन्या' && row[2] === 'ananya@example.in / 98450 44444')).toBe(
      true,
    );
  });

  it('pages a busy slice with its cursor and still keeps the order, with any number of calls at once', async () => {
    const before = await oldPathRows();
    for (const concurrency of [1, 3, 16]) {
      expect(await collectRowsFrom(handlerReader(2), () => undefined, concurrency)).toEqual(before);
    }
  });

  it('answers 401 without a session and 400 naming the field for a bad path or query', async () => {
    expect((await getExport('/api/admin/export', {}, { cookie: '' })).status).toBe(401);
    expect(
      (await getExport('/api/admin/export/bookings/8205', { kind: 'bookings', slice: '8205' }, { cookie: '' })).status,
    ).toBe(401);
    const badKind = await getExport('/api/admin/export/secrets/8205', { kind: 'secrets', slice: '8205' });
    expect(badKind.status).toBe(400);
    expect(JSON.stringify(await jsonOf(badKind))).toContain('kind');
    const badSlice = await getExport('/api/admin/export/bookings/..', { kind: 'bookings', slice: '..' });
    expect(badSlice.status).toBe(400);
    expect(JSON.stringify(await jsonOf(badSlice))).toContain('slice');
    const badLimit = await getExport('/api/admin/export/bookings/8205?limit=5000', { kind: 'bookings', slice: '8205' });
    expect(badLimit.status).toBe(400);
    expect(JSON.stringify(await jsonOf(badLimit))).toContain('limit');
    const unknownQuery = await getExport('/api/admin/export/bookings/8205?all=1', { kind: 'bookings', slice: '8205' });
    expect(unknownQuery.status).toBe(400);
    // A slice with nothing in it is simply empty.
    const empty = await getExport('/api/admin/export/bookings/0001', { kind: 'bookings', slice: '0001' });
    expect(await jsonOf(empty)).toEqual({ rows: [], nextCursor: null });
  });
});

const copies = () => getStore({ name: SNAPSHOT_STORE, consistency: 'strong' });

async function dropEveryCopy(): Promise<void> {
  const { blobs } = await copies().list();
  await Promise.all(blobs.map((blob) => copies().delete(blob.key)));
}

async function everyCopyText(): Promise<string> {
  const { blobs } = await copies().list();
  return (await Promise.all(blobs.map((blob) => copies().get(blob.key)))).join('\n');
}

interface BlobCall {
  method: string;
  path: string;
}

/**
 * Runs `step` with this process's Blobs calls seen on their way to the store (the
 * handlers run in this process): `hold` may keep one waiting, as a slow network would.
 */
async function watchBlobCalls<T>(
  step: () => Promise<T>,
  hold: (call: BlobCall) => Promise<void> | undefined = () => undefined,
): Promise<{ result: T; calls: BlobCall[] }> {
  const inner = globalThis.fetch;
  const calls: BlobCall[] = [];
  globalThis.fetch = async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.origin === new URL(blobsContext.edgeURL).origin) {
      const seen = {
        method: (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase(),
        path: decodeURIComponent(url.pathname + url.search),
      };
      calls.push(seen);
      await hold(seen);
    }
    return inner(input, init);
  };
  try {
    return { result: await step(), calls };
  } finally {
    globalThis.fetch = inner;
  }
}

/** A read of one lead record (not a listing, not a slice's copy). */
const recordReads = (calls: BlobCall[]) =>
  calls.filter((call) => call.method === 'GET' && /\/\d{4}\/\d{2}\/\d{13}-[0-9a-f]{10}$/.test(call.path));

const sliceCount = async () =>
  Object.values((await handlerReader().plan()).slices).reduce((sum, slices) => sum + slices.length, 0);
/** The slice new records go to now: the minute job leaves its copy to the export. */
const openSlice = () => timeSliceOf(newestFirstKey(Date.now()));
const closedSliceCount = async () =>
  Object.values((await handlerReader().plan()).slices).reduce(
    (sum, slices) => sum + slices.filter((slice) => slice > openSlice()).length,
    0,
  );

const testBooking = (fullName: string) => ({
  fullName,
  mobile: '+91 98450 55555',
  email: 'copy@example.com',
  currentStage: 'college',
  packageId: null,
  packageName: 'Free Discovery Call',
  bookingType: 'discovery_call' as const,
  amount: 0,
  status: 'pending' as const,
  paymentStatus: null,
  notes: '',
});

describe('copies of the time slices (the export reads two blobs a slice)', () => {
  it('the minute job copies every closed slice that has none, none after its deadline; the export then reads only the open slice record by record, once', async () => {
    await dropEveryCopy();
    // Leads of today in the open slice, which the job leaves alone.
    const today = await contacts.create(
      { name: 'Today One', email: 'one@example.in', phone: '98450 70001', whoIsThisFor: 'college' },
      new Date(),
      { announce: false },
    );
    const closed = await closedSliceCount();
    expect(closed).toBeGreaterThan(10);
    expect(closed).toBeLessThan(await sliceCount());
    expect(await snapshotExportSlices(Date.now())).toEqual({ made: 0, left: closed });
    const report = await runFollowUpJob({ budgetMs: 20_000 });
    expect(report.snapshots).toEqual({ made: closed, left: 0 });
    expect(
      (await copies().list()).blobs.map((blob) => blob.key.split('/')[1]).filter((slice) => slice! <= openSlice()),
    ).toEqual([]);

    const before = await oldPathRows();
    const first = await watchBlobCalls(() => collectRowsFrom(handlerReader(), () => undefined));
    expect(first.result).toEqual(before);
    // The open slice's records, once: the export copies that slice too.
    const inOpenSlice = await Promise.all(
      [bookings, contacts, payments, downloads, subscribers].map((collection) =>
        collection.inSlice(openSlice(), { limit: 2000 }),
      ),
    );
    const openIds = inOpenSlice.flatMap(({ items }) => items.map((item) => item.id)).sort();
    expect(openIds).toContain(today.id);
    expect(
      recordReads(first.calls)
        .map((call) => call.path.split('/').pop())
        .sort(),
    ).toEqual(openIds);

    const { result: rows, calls } = await watchBlobCalls(() => collectRowsFrom(handlerReader(), () => undefined));
    expect(rows).toEqual(before);
    expect(recordReads(calls)).toEqual([]);
    // Each call checks the session; then the plan lists every collection, and a slice is its listing and its copy.
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(calls.filter((call) => !call.path.includes('admin-sessions'))).toHaveLength(
      leadKinds.length + 2 * (await sliceCount()),
    );
  });

  it('the minute job leaves a slice it cannot read whole before its deadline without a copy (its listing held past the deadline)', async () => {
    await dropEveryCopy();
    const slices = await closedSliceCount();
    const deadline = Date.now() + 2_000;
    let held = 0;
    const { result } = await watchBlobCalls(
      () => snapshotExportSlices(deadline),
      (call) => {
        // The first slice's listing comes back after the deadline, as under a slow store.
        if (held > 0 || call.method !== 'GET' || !/prefix=\d{4}%2F|prefix=\d{4}\//.test(call.path)) return undefined;
        held += 1;
        return new Promise((resolve) => setTimeout(resolve, deadline - Date.now() + 50));
      },
    );
    expect(held).toBe(1);
    expect(result).toEqual({ made: 0, left: slices });
    expect((await copies().list()).blobs).toEqual([]);
  });

  it('after an edit, a new record in an old slice and a removal: the same file as the paged export, and only what changed is read again', async () => {
    await collectRowsFrom(handlerReader(), () => undefined);
    const edited = (await bookings.list({ limit: 1 })).items[0]!;
    await bookings.update(edited.id, (current) => ({ ...current, notes: 'Called back, wants the senior package' }));
    const added = await contacts.create(
      { name: 'Late Arrival', email: 'late@example.in', phone: '98450 66666', whoIsThisFor: 'college' },
      new Date(Date.now() - 200 * 86_400_000),
      { announce: false },
    );
    const removed = (await payments.list({ limit: 1 })).items[0]!;
    expect(await payments.remove(removed.id)).toBe(true);

    const before = await oldPathRows();
    const { result: rows, calls } = await watchBlobCalls(() => collectRowsFrom(handlerReader(), () => undefined));
    expect(rows).toEqual(before);
    expect(buildCsv(rows)).toBe(buildCsv(before));
    expect(rows.some((row) => row[1] === 'Late Arrival')).toBe(true);
    expect(
      recordReads(calls)
        .map((call) => call.path.split('/').pop())
        .sort(),
    ).toEqual([edited.id, added.id].sort());
    // The removed payment is in no copy; the changed copies were written back, so the next export reads nothing again.
    expect(await everyCopyText()).not.toContain(removed.id);
    expect(await everyCopyText()).toContain('Called back, wants the senior package');
    const again = await watchBlobCalls(() => collectRowsFrom(handlerReader(), () => undefined));
    expect(again.result).toEqual(before);
    expect(recordReads(again.calls)).toEqual([]);
  });

  for (const start of ['no copy yet', 'a copy that is out of date'] as const) {
    it(`a reader that copied a record before it was removed cannot write it back (${start}; the reader's write held until the removal is done)`, async () => {
      const victim = await bookings.create(testBooking('Removed Later'), new Date('2026-02-10T10:00:00Z'), {
        announce: false,
      });
      const slice = timeSliceOf(victim.id);
      if (start === 'no copy yet') await copies().delete(`bookings/${slice}`);
      else {
        await bookings.inSlice(slice, { limit: 2000 });
        expect(await copies().get(`bookings/${slice}`)).toContain(victim.id);
        // A newer record makes the copy out of date, so the next reader writes it back.
        await bookings.create(testBooking('Arrived After'), new Date('2026-02-10T11:00:00Z'), { announce: false });
      }
      let writeArrived!: () => void;
      const arrived = new Promise<void>((resolve) => (writeArrived = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let held = false;
      const { result } = await watchBlobCalls(
        async () => {
          const reading = bookings.inSlice(slice, { limit: 2000 });
          await arrived;
          // The reader has listed the slice, read the victim and now writes its copy: the removal lands first.
          expect(await bookings.remove(victim.id)).toBe(true);
          release();
          return reading;
        },
        (call) => {
          if (held || call.method !== 'PUT' || !call.path.includes(SNAPSHOT_STORE)) return undefined;
          held = true;
          writeArrived();
          return released;
        },
      );
      expect(held).toBe(true);
      expect(result.items.some((item) => item.id === victim.id)).toBe(true);
      expect((await copies().get(`bookings/${slice}`)) ?? '').not.toContain(victim.id);
      const { items } = await bookings.inSlice(slice, { limit: 2000 });
      expect(items.some((item) => item.id === victim.id)).toBe(false);
    });
  }
});
