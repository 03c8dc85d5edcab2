import { beforeAll, describe, expect, it } from 'vitest';
import exportFn from '../../netlify/functions/admin-export.mts';
import bookingsFn from '../../netlify/functions/bookings.mts';
import contactFn from '../../netlify/functions/contact.mts';
import downloadsFn from '../../netlify/functions/resource-downloads.mts';
import newsletterFn from '../../netlify/functions/newsletter.mts';
import paymentsFn from '../../netlify/functions/payments.mts';
import { collectRowsFrom, type ExportReader } from '../../src/islands/admin/export/collectRows';
import { type LeadKind, type LeadRecords, leadKinds } from '../../src/islands/admin/api/leads';
import { type ExportRow, buildCsv, bookingRow, contactRow, downloadRow, paymentRow, subscriberRow } from '../../src/lib/admin/customerExport';
import type { AdminPage } from '../../src/lib/schemas/adminApi';
import type { ExportPlanAnswer, ExportSliceAnswer } from '../../src/lib/schemas/adminExport';
import { bookings } from '../../src/server/bookings';
import { contacts } from '../../src/server/contacts';
import { demoPlan } from '../../src/server/demo/demoLeads';
import { seedDemoData } from '../../src/server/demo/seed';
import { adminCookie } from './support/admin';
import { type CallOptions, call, jsonOf } from './support/call';

// The Export button's new path (issue 20): rows built by the server per time slice, many
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
  await contacts.create({ name: 'Ananya Iyer ₹ अनन्या', email: 'ananya@example.in', phone: '98450 44444', whoIsThisFor: 'college' }, new Date('2026-03-01T04:31:00Z'), { announce: false });
  seededRecords += 2;
});

const listHandlers: Record<LeadKind, { fn: typeof bookingsFn; path: string }> = {
  bookings: { fn: bookingsFn, path: '/api/bookings' },
  contacts: { fn: contactFn, path: '/api/contact' },
  payments: { fn: paymentsFn, path: '/api/payments' },
  downloads: { fn: downloadsFn, path: '/api/resource-downloads' },
  subscribers: { fn: newsletterFn, path: '/api/newsletter' },
};

const oldRowBuilders: { [K in LeadKind]: (record: LeadRecords[K]) => ExportRow } = {
  bookings: bookingRow,
  contacts: contactRow,
  payments: paymentRow,
  downloads: downloadRow,
  subscribers: subscriberRow,
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

const getExport = (path: string, params: Record<string, string> = {}, options: CallOptions = {}) => call(exportFn, path, { cookie, params, ...options });

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
    expect(after.some((row) => row[1] === 'Ananya Iyer ₹ अनन्या' && row[2] === 'ananya@example.in / 98450 44444')).toBe(true);
  });

  it('pages a busy slice with its cursor and still keeps the order, with any number of calls at once', async () => {
    const before = await oldPathRows();
    for (const concurrency of [1, 3, 16]) {
      expect(await collectRowsFrom(handlerReader(2), () => undefined, concurrency)).toEqual(before);
    }
  });

  it('answers 401 without a session and 400 naming the field for a bad path or query', async () => {
    expect((await getExport('/api/admin/export', {}, { cookie: '' })).status).toBe(401);
    expect((await getExport('/api/admin/export/bookings/8205', { kind: 'bookings', slice: '8205' }, { cookie: '' })).status).toBe(401);
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
