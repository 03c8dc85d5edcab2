// Compression like Netlify's CDN, on the server `npm start` runs: text answers come as
// brotli or gzip as the client asks, and decode to exactly the bytes sent uncompressed;
// images, PDFs, ranges and HEAD requests are never compressed.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rawRequest } from './support/http.ts';
import { PORTS } from './support/ports.ts';
import { startServerProcess, type ServerProcess } from './support/server-process.ts';

let server: ServerProcess;
let textPaths: string[];
beforeAll(async () => {
  server = await startServerProcess({ port: PORTS.compression });
  const home = (await rawRequest(`${server.origin}/`, { headers: { 'accept-encoding': 'identity' } })).body.toString();
  // Pages carry their CSS inline (astro.config.mjs); their JavaScript is what islands name.
  const assets = [...home.matchAll(/(?:href|src|component-url|renderer-url)="(\/_astro\/[^"]+\.(?:css|js))"/g)].map(
    (match) => match[1]!,
  );
  expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
  textPaths = [
    '/', // rendered on demand (its reviews), kept at the CDN
    '/contact', // prerendered HTML under a pretty URL
    ...new Set(assets), // JavaScript files
    '/favicon.svg',
    '/blogs-resources', // rendered on demand (a streamed body)
    '/sitemap.xml',
    '/rss.xml',
    '/robots.txt',
    '/api/packages', // a function's JSON
    '/api/resources',
  ];
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

const get = (path: string, acceptEncoding: string, headers: Record<string, string> = {}) =>
  rawRequest(`${server.origin}${path}`, { headers: { 'accept-encoding': acceptEncoding, ...headers } });

const decoders = { br: brotliDecompressSync, gzip: gunzipSync };

describe('text answers', () => {
  test.each(['br', 'gzip'] as const)(
    '%s: decoded they are byte-identical to the uncompressed answer',
    async (encoding) => {
      for (const path of textPaths) {
        const plain = await get(path, 'identity');
        const packed = await get(path, encoding === 'br' ? 'gzip, deflate, br' : 'gzip');
        expect(plain.status, path).toBe(200);
        expect(plain.headers['content-encoding'], path).toBeUndefined();
        expect(plain.headers.vary, path).toMatch(/accept-encoding/i);
        expect(packed.headers['content-encoding'], path).toBe(encoding);
        expect(packed.headers.vary, path).toMatch(/accept-encoding/i);
        if (packed.headers['content-length'])
          expect(Number(packed.headers['content-length']), path).toBe(packed.body.length);
        expect(decoders[encoding](packed.body).equals(plain.body), `${path} decodes to other bytes`).toBe(true);
        if (plain.body.length > 1024) expect(packed.body.length, path).toBeLessThan(plain.body.length);
      }
    },
  );

  test('a client that refuses brotli gets gzip; one that takes neither gets the plain bytes', async () => {
    expect((await get('/', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/api/packages', 'deflate')).headers['content-encoding']).toBeUndefined();
  });

  test('HEAD and range requests are answered uncompressed', async () => {
    const head = await rawRequest(`${server.origin}/`, { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    const range = await get('/', 'br', { range: 'bytes=0-99' });
    expect(range.headers['content-encoding']).toBeUndefined();
  });
});

describe('already-compressed types', () => {
  test.each([
    ['/og-default.png', 'image/png'],
    ['/api/download/executive-guide', 'application/pdf'],
  ])('%s (%s) is sent as it is', async (path, type) => {
    const plain = await get(path, 'identity');
    const offered = await get(path, 'gzip, deflate, br');
    expect(offered.status).toBe(200);
    expect(offered.headers['content-type']).toContain(type);
    expect(offered.headers['content-encoding']).toBeUndefined();
    expect(offered.body.equals(plain.body)).toBe(true);
  });
});
