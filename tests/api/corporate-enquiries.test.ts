import { describe, expect, test } from 'vitest';
import corporateFn, { config } from '../../netlify/functions/corporate-enquiries.mts';
import exportFn from '../../netlify/functions/admin-export.mts';
import searchFn from '../../netlify/functions/admin-search.mts';
import statsFn from '../../netlify/functions/admin-stats.mts';
import todoFn from '../../netlify/functions/admin-todo.mts';
import sourcesFn from '../../netlify/functions/admin-lead-sources.mts';
import { corporateEnquiries } from '../../src/server/leads/corporateEnquiries';
import { timeSliceOf } from '../../src/server/storage/keys';
import { runFollowUpJob } from '../../src/server/app/minuteJob';
import { adminCookie } from './support/admin';
import { call, jsonOf, settleAfterResponse } from './support/call';
import { OWNER_ADDRESS } from './support/mail-receivers';
import { useMailReceivers } from './support/mail-suite';
import { blobsContext } from './support/blobs-server';

// The lead-kind registry's proof (docs/decisions/0032-server-tiers-and-lead-kind-registry.md):
// a new kind of lead, declared once, works everywhere a lead does.

const receivers = useMailReceivers();
const enquiry = {
  name: 'Kavya Menon',
  email: 'kavya.menon@acme-industries.example',
  phone: '98450 81818',
  company: 'Acme Industries',
  employees: '1000-4999',
  role: 'CHRO',
  message: 'We want career coaching for 40 managers.',
  attribution: { source: 'linkedin', medium: 'social' },
};

async function post(body: Record<string, unknown>) {
  return call(corporateFn, '/api/corporate-enquiries', { body });
}

describe('POST /api/corporate-enquiries', () => {
  test('stores the enquiry, answers 201 { id }, tells the owner and confirms to the visitor by plain name', async () => {
    const response = await post(enquiry);
    expect(response.status).toBe(201);
    const body = await jsonOf<{ id: string }>(response);
    expect(Object.keys(body)).toEqual(['id']);
    await settleAfterResponse();
    const { attribution, ...fields } = enquiry;
    expect(await corporateEnquiries.get(body.id)).toMatchObject({ ...fields, attribution });
    const owner = receivers.smtp.mails.filter((mail) => mail.to.includes(OWNER_ADDRESS) && mail.text.includes(body.id));
    expect(owner).toHaveLength(1);
    expect(owner[0]!.subject).toBe('New corporate enquiry: Acme Industries (Kavya Menon)');
    expect(owner[0]!.text).toContain('within 24 business hours');
    expect(owner[0]!.text).toContain('Employees: 1,000-4,999 employees');
    const visitor = receivers.smtp.mails.filter((mail) => mail.to.includes(enquiry.email));
    expect(visitor).toHaveLength(1);
    expect(visitor[0]!.text).toContain('Dear Kavya Menon,');
    // Only our words: nothing else the visitor typed goes back out.
    expect(visitor[0]!.text).not.toContain('40 managers');
    expect(visitor[0]!.text).not.toContain('Acme');
  });

  test('answers 400 naming each bad field and stores nothing', async () => {
    const before = await corporateEnquiries.count();
    const response = await post({
      name: '',
      email: 'not-mail',
      phone: '12',
      company: '',
      employees: '10-50',
      role: '',
      message: 'x'.repeat(1001),
    });
    expect(response.status).toBe(400);
    const { fields } = await jsonOf<{ fields: Record<string, string> }>(response);
    expect(Object.keys(fields).sort()).toEqual(['company', 'email', 'employees', 'message', 'name', 'phone', 'role']);
    for (const field of ['name', 'email', 'phone', 'company', 'employees', 'role']) {
      const missing = await post(Object.fromEntries(Object.entries(enquiry).filter(([key]) => key !== field)));
      expect(missing.status).toBe(400);
      expect(Object.keys((await jsonOf<{ fields: Record<string, string> }>(missing)).fields)).toEqual([field]);
    }
    expect(await corporateEnquiries.count()).toBe(before);
  });

  test('a filled honeypot gets a normal-looking 201 and nothing is stored', async () => {
    const before = await corporateEnquiries.count();
    const response = await post({ ...enquiry, website: 'http://spam.example' });
    expect(response.status).toBe(201);
    expect(await jsonOf(response)).toHaveProperty('id');
    expect(await corporateEnquiries.count()).toBe(before);
  });

  test('a body over 64 KB is 413; the route is rate limited per address; GET needs a session', async () => {
    expect((await post({ ...enquiry, message: 'x'.repeat(70 * 1024) })).status).toBe(413);
    expect(config.rateLimit).toMatchObject({ windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] });
    expect((await call(corporateFn, '/api/corporate-enquiries')).status).toBe(401);
  });

  test('is listed, found by search, waits on the to-do, is counted, exported and attributed to its source', async () => {
    const cookie = await adminCookie();
    const response = await post({
      ...enquiry,
      name: 'Rohan Kapoor',
      phone: '98450 92929',
      email: 'rohan.kapoor@globex.example',
      company: 'Globex',
    });
    const { id } = await jsonOf<{ id: string }>(response);
    await settleAfterResponse();
    await runFollowUpJob({ now: () => new Date(Date.now() + 60_000) });

    const list = await jsonOf<{ items: Array<{ id: string }>; total: number }>(
      await call(corporateFn, '/api/corporate-enquiries?limit=5', { cookie }),
    );
    expect(list.items[0]!.id).toBe(id);

    const search = await jsonOf<{ hits: Array<{ id: string; type: string; title: string }> }>(
      await call(searchFn, '/api/admin/search?q=98450%2092929', { cookie }),
    );
    expect(search.hits).toEqual([
      expect.objectContaining({ id, type: 'corporateEnquiry', title: 'Corporate enquiry: Globex' }),
    ]);

    const todo = await jsonOf<{ items: Array<{ id: string; kind: string; promiseHours: number }> }>(
      await call(todoFn, '/api/admin/todo', { cookie }),
    );
    expect(todo.items.find((item) => item.id === id)).toMatchObject({ kind: 'corporateEnquiry', promiseHours: 24 });

    const stats = await jsonOf<{ corporateEnquiries: number }>(await call(statsFn, '/api/admin/stats', { cookie }));
    expect(stats.corporateEnquiries).toBe(await corporateEnquiries.count());

    const plan = await jsonOf<{ slices: Record<string, string[]> }>(
      await call(exportFn, '/api/admin/export', { cookie }),
    );
    const slice = timeSliceOf(id);
    expect(plan.slices.corporateEnquiries).toContain(slice);
    const rows = await jsonOf<{ rows: string[][] }>(
      await call(exportFn, `/api/admin/export/corporateEnquiries/${slice}`, {
        cookie,
        params: { kind: 'corporateEnquiries', slice },
      }),
    );
    const row = rows.rows.find((cells) => cells[1] === 'Rohan Kapoor');
    expect(row).toEqual([
      'Corporate Enquiry',
      'Rohan Kapoor',
      'rohan.kapoor@globex.example / 98450 92929',
      expect.any(String),
      'Pending',
      '',
      'Globex',
      expect.stringContaining('Employees: 1,000-4,999 employees'),
      'linkedin / social',
    ]);

    const sources = await jsonOf<{ rows: Array<{ source: string; byKind: Record<string, number> }> }>(
      await call(sourcesFn, '/api/admin/leads-by-source?days=1', { cookie }),
    );
    expect(
      sources.rows.find((source) => source.source === 'linkedin')?.byKind['corporate-enquiry'],
    ).toBeGreaterThanOrEqual(2);
  });

  test('the request answers after two Blobs writes (its event, then the record), with every follow-up call still held', async () => {
    const inner = globalThis.fetch;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const done: string[] = [];
    globalThis.fetch = async (input, init) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      if (url.origin !== new URL(blobsContext.edgeURL).origin) return inner(input, init);
      const call = `${(init?.method ?? 'GET').toUpperCase()} ${decodeURIComponent(url.pathname)}`;
      // Once two writes are done, every further call waits for the answer: a request that
      // awaited a third would never answer, and the test would time out.
      if (done.length >= 2) await released;
      const response = await inner(input, init);
      done.push(call);
      return response;
    };
    try {
      const response = await post({ ...enquiry, name: 'Held Follow Up', phone: '98450 93939' });
      expect(response.status).toBe(201);
      const beforeAnswer = [...done];
      expect(beforeAnswer).toHaveLength(2);
      expect(beforeAnswer.every((call) => call.startsWith('PUT'))).toBe(true);
      expect(beforeAnswer[0]).toContain('lead-events/pending/');
      expect(beforeAnswer[1]).toContain('corporateEnquiries/');
    } finally {
      release();
      globalThis.fetch = inner;
    }
    await settleAfterResponse();
  });
});
