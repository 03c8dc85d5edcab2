// Response compression as Netlify's CDN does it: brotli or gzip, chosen by the client's
// Accept-Encoding, for text-like types only (images, fonts, PDFs and archives are
// compressed already), never for ranges or responses that are encoded already.
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** @typedef {'br' | 'gzip'} Encoding */

const TEXT_TYPES = new Set([
  'application/javascript',
  'application/x-javascript',
  'application/json',
  'application/manifest+json',
  'application/xml',
  'image/svg+xml',
]);

/**
 * HTML, CSS, JavaScript, JSON, SVG, XML and plain text, including `+json` / `+xml`
 * types (feeds, JSON-LD).
 * @param {string | null} contentType
 */
export function isCompressible(contentType) {
  if (!contentType) return false;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  // An event stream must reach the client as it is written; a compressor holds it back.
  if (type === 'text/event-stream') return false;
  return type.startsWith('text/') || TEXT_TYPES.has(type) || type.endsWith('+json') || type.endsWith('+xml');
}

/**
 * The encoding to use: brotli when the client takes it, else gzip, else none. A q=0
 * refuses an encoding; `*` stands for any not named.
 * @param {string | null} acceptEncoding
 * @returns {Encoding | null}
 */
export function chooseEncoding(acceptEncoding) {
  if (!acceptEncoding) return null;
  /** @type {Map<string, number>} */
  const weights = new Map();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (/** @type {string} */ name) => weights.get(name) ?? weights.get('*') ?? 0;
  /** @type {Encoding[]} */
  const preference = ['br', 'gzip'];
  const usable = preference.filter((name) => weightOf(name) > 0);
  if (usable.length === 0) return null;
  return usable.reduce((best, name) => (weightOf(name) > weightOf(best) ? name : best));
}

/**
 * Whether this response should be compressed for this request (before choosing the
 * encoding). Responses without a body, partial ones and ones already encoded are left alone.
 * @param {Request} request
 * @param {Response} response
 */
export function shouldCompress(request, response) {
  if (request.method === 'HEAD' || request.headers.has('range')) return false;
  if (!response.body || [204, 206, 304].includes(response.status)) return false;
  if (response.headers.has('content-encoding') || response.headers.has('content-range')) return false;
  if (/\bno-transform\b/i.test(response.headers.get('cache-control') ?? '')) return false;
  return isCompressible(response.headers.get('content-type'));
}

/**
 * Adds Accept-Encoding to Vary, keeping what the response already varies on.
 * @param {Headers} headers
 */
export function varyOnEncoding(headers) {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
}

/** Dynamic answers are compressed on every request, so at a moderate level. */
const DYNAMIC_BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const DYNAMIC_GZIP = { level: 6 };

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A streaming compressor, for a dynamic answer that arrives in pieces.
 * @param {Encoding} encoding
 */
export function createCompressor(encoding) {
  return encoding === 'br' ? zlib.createBrotliCompress(DYNAMIC_BROTLI) : zlib.createGzip(DYNAMIC_GZIP);
}

/**
 * A dynamic answer that is complete: one call, far cheaper than setting up a stream.
 * @param {Uint8Array} body
 * @param {Encoding} encoding
 * @returns {Promise<Buffer>}
 */
export function compressWhole(body, encoding) {
  return encoding === 'br' ? brotli(body, DYNAMIC_BROTLI) : gzip(body, DYNAMIC_GZIP);
}

/**
 * The strongest compression, for a static file that is compressed once and served many times.
 * Runs on libuv's thread pool, so the server keeps answering meanwhile.
 * @param {Buffer} body
 * @param {Encoding} encoding
 * @returns {Promise<Buffer>}
 */
export function compressOnce(body, encoding) {
  return encoding === 'br'
    ? brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzip(body, { level: zlib.constants.Z_BEST_COMPRESSION });
}
