// Property-based fuzzing of every public endpoint's body on the server `npm start` runs:
// whatever arrives (near-valid objects, any JSON, text that is not JSON, nothing), the
// answer is never a 5xx, and an answer that rejects the input stores nothing.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  startFakeRazorpay,
  TEST_KEY_ID,
  TEST_KEY_SECRET,
  TEST_WEBHOOK_SECRET,
  type FakeRazorpay,
} from '../api/support/fake-razorpay.ts';
import { COUNTERS_STORE } from '../../src/server/indexes/stats/counterStore.ts';
import { LEAD_SOURCES_STORE } from '../../src/server/sources/leadSources.ts';
import { countBlobs, followUpsSettled } from './support/blob-files.ts';
import { rawRequest } from './support/http.ts';
import { PORTS } from './support/ports.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

const RUNS = 60;

interface Endpoint {
  path: string;
  /** A body the endpoint accepts; the fuzzer starts from it and breaks it. */
  valid: Record<string, unknown>;
  /** Whether `valid` really succeeds (payment proofs and passwords need secrets we do not send). */
  accepts: boolean;
  /** Lead forms carry the hidden `website` field: filled in, the answer is a decoy. */
  honeypot: boolean;
  /** Rejections that record something on purpose (failed logins feed the throttle). */
  recordsOnRejection?: number[];
}

const ENDPOINTS: Endpoint[] = [
  {
    path: '/api/contact',
    accepts: true,
    honeypot: true,
    valid: { name: 'Asha Rao', email: 'asha@example.com', phone: '98765 43210', whoIsThisFor: 'college' },
  },
  {
    path: '/api/book-call',
    accepts: true,
    honeypot: true,
    valid: { name: 'Asha Rao', phone: '98765 43210', background: 'college-graduate', source: 'nav', quizScore: 50 },
  },
  { path: '/api/newsletter', accepts: true, honeypot: true, valid: { email: 'asha@example.com' } },
  {
    path: '/api/resource-downloads',
    accepts: true,
    honeypot: true,
    valid: {
      fullName: 'Asha Rao',
      email: 'asha@example.com',
      mobile: '98765 43210',
      currentStage: 'senior',
      resourceId: 'executive-guide',
    },
  },
  {
    path: '/api/bookings',
    accepts: true,
    honeypot: true,
    valid: {
      fullName: 'Asha Rao',
      mobile: '9876543210',
      designation: 'Manager',
      company: 'Acme',
      industry: 'IT',
      packageId: 'ascend-plus',
    },
  },
  {
    path: '/api/create-razorpay-order',
    accepts: true,
    honeypot: false,
    valid: {
      packageId: 'ascend-plus',
      customerName: 'Asha Rao',
      customerEmail: 'asha@example.com',
      customerPhone: '98765 43210',
      customerState: 'Karnataka',
    },
  },
  {
    path: '/api/verify-payment',
    accepts: false,
    honeypot: false,
    valid: {
      razorpay_order_id: 'order_ABCDEF123456',
      razorpay_payment_id: 'pay_ABCDEF123456',
      razorpay_signature: 'a'.repeat(64),
    },
  },
  {
    path: '/api/razorpay-webhook',
    accepts: false,
    honeypot: false,
    valid: {
      event: 'payment.captured',
      payload: { payment: { entity: { id: 'pay_ABCDEF123456', order_id: 'order_ABCDEF123456' } } },
    },
  },
  {
    path: '/api/admin/login',
    accepts: false,
    honeypot: false,
    valid: { password: 'not-the-password' },
    recordsOnRejection: [401, 429],
  },
];

const MISSING = Symbol('missing');

/** The valid body with each field mostly kept, else dropped or replaced by anything; sometimes a honeypot. */
function nearValid(valid: Record<string, unknown>) {
  const field = (value: unknown) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(value) },
      { weight: 1, arbitrary: fc.jsonValue() },
      { weight: 1, arbitrary: fc.string({ maxLength: 300 }) },
      { weight: 1, arbitrary: fc.constant(MISSING) },
    );
  const fields = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, field(value)]));
  const website = fc.option(fc.oneof(fc.string({ maxLength: 40 }), fc.jsonValue()), { nil: undefined, freq: 3 });
  return fc.tuple(fc.record(fields), website).map(([body, honeypot]) => {
    const kept = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== MISSING));
    return honeypot === undefined ? kept : { ...kept, website: honeypot };
  });
}

function bodies(valid: Record<string, unknown>) {
  return fc.oneof(
    { weight: 5, arbitrary: nearValid(valid).map((body) => ({ text: JSON.stringify(body), parsed: body as unknown })) },
    {
      weight: 2,
      arbitrary: fc.jsonValue().map((value) => ({ text: JSON.stringify(value), parsed: value as unknown })),
    },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'binary', maxLength: 400 }).map((text) => ({ text, parsed: undefined as unknown })),
    },
    { weight: 1, arbitrary: fc.constant({ text: '', parsed: undefined as unknown }) },
  );
}

const contentTypes = fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', undefined);

const FOLDED_STORES = [COUNTERS_STORE, LEAD_SOURCES_STORE];

const isHoneypotFilled = (body: unknown) =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { website?: unknown }).website === 'string' &&
  (body as { website: string }).website.trim() !== '';

let server: ServerProcess;
let razorpay: FakeRazorpay;
beforeAll(async () => {
  razorpay = await startFakeRazorpay(undefined, undefined, PORTS.fuzzRazorpay);
  server = await startServerProcess({
    port: PORTS.fuzz,
    env: {
      // Each endpoint gets RUNS + 2 posts from one address within a minute or so, past every
      // rateLimit of 20 (rate-limits.test.ts checks the limits themselves).
      LOCAL_RATE_LIMITS: 'off',
      RAZORPAY_KEY_ID: TEST_KEY_ID,
      RAZORPAY_KEY_SECRET: TEST_KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      RAZORPAY_API_BASE_URL: razorpay.url,
    },
  });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
  await razorpay.stop();
});

describe.each(ENDPOINTS)('POST $path', ({ path, valid, accepts, honeypot, recordsOnRejection = [] }) => {
  test('never a 5xx; a rejected body or a filled honeypot stores nothing', async () => {
    const statuses = new Set<number>();
    const asSent = (body: Record<string, unknown>) => ({ text: JSON.stringify(body), parsed: body as unknown });
    await fc.assert(
      fc.asyncProperty(
        bodies(valid),
        contentTypes,
        fc.option(fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), maxLength: 64 }), { nil: undefined }),
        async (body, contentType, signature) => {
          // An earlier accepted lead's follow-up (counts, index, then its event deleted) must
          // not move the count across this request.
          // The minute job folds the counters' and sources' tallies whenever it runs, so those
          // two stores are left out; the record, its event and its messages are counted.
          await followUpsSettled(server.blobsDir);
          const before = await countBlobs(server.blobsDir, FOLDED_STORES);
          const headers: Record<string, string> = { origin: server.origin };
          if (contentType) headers['content-type'] = contentType;
          if (signature !== undefined) headers['x-razorpay-signature'] = signature;
          const answer = await rawRequest(`${server.origin}${path}`, { method: 'POST', headers, body: body.text });
          statuses.add(answer.status);
          expect(answer.status, answer.body.toString()).toBeLessThan(500);
          const after = await countBlobs(server.blobsDir, FOLDED_STORES);
          const rejected = answer.status >= 400 && !recordsOnRejection.includes(answer.status);
          if (rejected || (honeypot && isHoneypotFilled(body.parsed)))
            expect(after, `${answer.status} ${answer.body}`).toBe(before);
        },
      ),
      {
        numRuns: RUNS,
        // Always also the valid body, and the valid body with the honeypot filled in.
        examples: [
          [asSent(valid), 'application/json', undefined],
          [asSent({ ...valid, website: 'https://spam.example' }), 'application/json', undefined],
        ],
      },
    );
    expect([...statuses].some((status) => status >= 400 && status < 500)).toBe(true);
    if (accepts) expect([...statuses].some((status) => status >= 200 && status < 300)).toBe(true);
  });
});
