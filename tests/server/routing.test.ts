// Every /api path the site's functions declare, with every method, reaches its function
// on the server `npm start` runs: allowed methods are answered by the handler, others get
// 405 with an Allow header that names exactly the allowed ones.
import { listFunctions } from '@netlify/zip-it-and-ship-it';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rawRequest } from './support/http.ts';
import { PORTS } from './support/ports.ts';
import { TEST_KEY_ID, TEST_KEY_SECRET, TEST_WEBHOOK_SECRET } from '../api/support/fake-razorpay.ts';
import { projectRoot, startServerProcess, type ServerProcess } from './support/server-process.ts';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** The contract as the handlers define it today (route({ ... }) in each function). */
const EXPECTED: Record<string, string[]> = {
  '/api/admin/login': ['GET', 'POST'],
  '/api/admin/session': ['GET', 'POST'],
  '/api/ai-status': ['GET'],
  '/api/blog-posts': ['DELETE', 'GET', 'POST', 'PUT'],
  '/api/blog-posts/:id': ['DELETE', 'GET', 'POST', 'PUT'],
  '/api/blog-preview': ['POST'],
  '/api/book-call': ['POST'],
  '/api/bookings': ['GET', 'POST'],
  '/api/contact': ['GET', 'POST'],
  '/api/create-razorpay-order': ['POST'],
  '/api/download/:id': ['GET'],
  '/api/generate-blog': ['GET', 'POST'],
  '/api/generate-blog/:jobId': ['GET', 'POST'],
  '/api/improve-blog': ['GET', 'POST'],
  '/api/improve-blog/:jobId': ['GET', 'POST'],
  '/api/newsletter': ['GET', 'POST'],
  '/api/packages': ['GET'],
  '/api/packages/:id': ['GET'],
  '/api/payments': ['GET'],
  '/api/razorpay-webhook': ['POST'],
  '/api/resource-downloads': ['GET', 'POST'],
  '/api/resources': ['GET'],
  '/api/verify-payment': ['POST'],
};

let server: ServerProcess;
let patterns: string[];
beforeAll(async () => {
  // The paths as Netlify reads them from each function's config.
  const listed = await listFunctions(`${projectRoot}/netlify/functions`, { parseISC: true });
  patterns = listed
    .flatMap((fn) => (fn.routes ?? []).map((route) => route.pattern))
    .filter((pattern) => pattern.startsWith('/api/'));
  // Payment keys set, so payment routes validate instead of answering "not set up" (503);
  // no probe here is valid enough to reach Razorpay.
  // Every method on every path of a function within seconds: 25 for appointments' five
  // paths, past its rateLimit of 20; the limits have their own test (rate-limits.test.ts).
  const env = {
    RAZORPAY_KEY_ID: TEST_KEY_ID,
    RAZORPAY_KEY_SECRET: TEST_KEY_SECRET,
    RAZORPAY_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
    LOCAL_RATE_LIMITS: 'off',
  };
  server = await startServerProcess({ port: PORTS.routing, env });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

/** A concrete path for a pattern: parameters and wildcards get sample values. */
const samplePath = (pattern: string) => pattern.replace(/:\w+/g, 'sample-id').replace(/\*/g, 'sample');

async function probe(path: string, method: string) {
  const response = await rawRequest(`${server.origin}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: server.origin },
    body: method === 'GET' ? undefined : '{}',
  });
  return {
    method,
    status: response.status,
    allow: response.headers.allow as string | undefined,
    body: response.body.toString(),
  };
}

describe('every /api route', () => {
  test('the functions declare the routes the contract lists', () => {
    for (const pattern of Object.keys(EXPECTED)) expect(patterns).toContain(pattern);
  });

  test('each method reaches the function: allowed ones are handled, others get 405 with Allow', async () => {
    const allowedByPath: Record<string, string[]> = {};
    for (const pattern of patterns) {
      const answers = await Promise.all(METHODS.map((method) => probe(samplePath(pattern), method)));
      for (const answer of answers) {
        expect(answer.status, `${answer.method} ${pattern}: ${answer.body}`).toBeLessThan(500);
        expect(answer.body, `${answer.method} ${pattern} fell through to the site's 404`).not.toContain(
          'No such API route',
        );
      }
      const refused = answers.filter((answer) => answer.status === 405);
      const handled = answers
        .filter((answer) => answer.status !== 405)
        .map((answer) => answer.method)
        .sort();
      for (const answer of refused) {
        expect(answer.allow, `${answer.method} ${pattern} has no Allow`).toBeDefined();
        expect(
          answer
            .allow!.split(',')
            .map((method) => method.trim())
            .sort(),
        ).toEqual(handled);
      }
      allowedByPath[pattern] = handled;
    }
    for (const [pattern, methods] of Object.entries(EXPECTED)) expect(allowedByPath[pattern], pattern).toEqual(methods);
  });

  test('a path no function declares gets the site’s JSON 404, for any method', async () => {
    for (const method of METHODS) {
      const answer = await probe('/api/no-such-route', method);
      expect(answer.status, method).toBe(404);
      expect(JSON.parse(answer.body)).toEqual({ error: 'No such API route.' });
    }
  });

  test('a trailing slash and capitals still reach the function, as on Netlify', async () => {
    const answer = await rawRequest(`${server.origin}/API/Packages/`);
    expect(answer.status).toBe(200);
    expect(Array.isArray(JSON.parse(answer.body.toString()))).toBe(true);
  });
});
