// Between Node's HTTP server and the fetch API the functions speak: the incoming request
// becomes a Request carrying the platform headers Netlify's CDN sets, and a Response is
// written back, compressed when the client and the content allow.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { chooseEncoding, compressWhole, createCompressor, shouldCompress, varyOnEncoding } from './compression.mjs';

/** Netlify's CDN owns the x-nf-* request headers; a client's own are dropped. */
const PLATFORM_HEADER = /^x-nf-/i;
/**
 * Bodies up to this size are read before the function runs and handed over as one
 * buffer, which costs far less than a web stream; larger ones stream.
 */
const BUFFERED_BODY_BYTES = 1024 * 1024;

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {{ origin: string, ip: string, requestId: string, signal?: AbortSignal }} platform
 * @returns {Promise<Request>}
 */
export async function toWebRequest(req, { origin, ip, requestId, signal }) {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const name = /** @type {string} */ (raw[i]);
    if (PLATFORM_HEADER.test(name) || name.startsWith(':')) continue;
    headers.append(name, /** @type {string} */ (raw[i + 1]));
  }
  headers.set('x-nf-client-connection-ip', ip);
  headers.set('x-nf-request-id', requestId);
  const url = new URL(req.url ?? '/', origin);
  const method = req.method ?? 'GET';
  /** @type {Buffer | ReadableStream | undefined} */
  let body;
  if (method !== 'GET' && method !== 'HEAD') {
    const length = Number(req.headers['content-length']);
    body =
      Number.isInteger(length) && length <= BUFFERED_BODY_BYTES
        ? await readBody(req)
        : /** @type {ReadableStream} */ (Readable.toWeb(req));
  }
  return new Request(url, {
    method,
    headers,
    body,
    signal,
    // @ts-expect-error Node's fetch needs this for a streamed request body.
    duplex: 'half',
  });
}

/** @param {import('node:http').IncomingMessage} req */
function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
    req.once('close', () => {
      if (!req.complete) reject(Object.assign(new Error('The client went away while sending'), { code: 'ECONNRESET' }));
    });
  });
}

/**
 * Writes a Response to Node's response object. Set-Cookie stays a list of separate
 * headers; bodies of text types are compressed as the client asks.
 *
 * Most answers are one chunk (a JSON body, a rendered page): those are compressed in one
 * call and sent with a Content-Length. A body that keeps coming is compressed as a stream.
 * @param {Request} request
 * @param {Response} response
 * @param {import('node:http').ServerResponse} res
 */
export async function sendResponse(request, response, res) {
  const headers = new Headers(response.headers);
  const compressible = shouldCompress(request, response);
  const encoding = compressible ? chooseEncoding(request.headers.get('accept-encoding')) : null;
  if (compressible) varyOnEncoding(headers);

  if (!response.body || request.method === 'HEAD') {
    writeHead(res, response, headers);
    res.end();
    await response.body?.cancel().catch(() => {});
    return;
  }
  const reader = response.body.getReader();
  const first = await reader.read();
  const second = first.done ? first : await reader.read();
  if (second.done) {
    /** @type {Uint8Array} */
    let body = first.value ?? new Uint8Array(0);
    if (encoding) {
      body = await compressWhole(body, encoding);
      headers.set('content-encoding', encoding);
    }
    headers.set('content-length', String(body.byteLength));
    writeHead(res, response, headers);
    res.end(body);
    return;
  }
  if (encoding) {
    headers.set('content-encoding', encoding);
    headers.delete('content-length');
  }
  writeHead(res, response, headers);
  const chunks = [/** @type {Uint8Array} */ (first.value), /** @type {Uint8Array} */ (second.value)];
  if (encoding) {
    const compressor = createCompressor(encoding);
    await Promise.all([pipeline(compressor, res), writeBody(reader, chunks, compressor)]);
  } else {
    await writeBody(reader, chunks, res);
  }
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {Response} response
 * @param {Headers} headers
 */
function writeHead(res, response, headers) {
  /** @type {Record<string, string | string[]>} */
  const out = {};
  headers.forEach((value, name) => {
    if (name !== 'set-cookie') out[name] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  if (response.statusText) res.writeHead(response.status, response.statusText, out);
  else res.writeHead(response.status, out);
}

/**
 * Copies what is left of a web body into a Node stream, after the chunks already read,
 * waiting when it is full and cancelling the body when the client goes away.
 * @param {ReadableStreamDefaultReader<Uint8Array>} reader
 * @param {Uint8Array[]} chunks
 * @param {import('node:stream').Writable} out
 */
async function writeBody(reader, chunks, out) {
  try {
    for (const chunk of chunks) await write(out, chunk);
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      await write(out, value);
    }
    out.end();
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    throw error;
  }
}

/**
 * @param {import('node:stream').Writable} out
 * @param {Uint8Array} chunk
 */
async function write(out, chunk) {
  if (out.destroyed)
    throw Object.assign(new Error('Client closed the connection'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
  if (!out.write(chunk)) await waitForDrain(out);
}

/** @param {import('node:stream').Writable} out */
function waitForDrain(out) {
  return new Promise((resolve, reject) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', closed);
      resolve(undefined);
    };
    const closed = () => {
      out.off('drain', done);
      reject(Object.assign(new Error('Client closed the connection'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    };
    out.on('drain', done);
    out.once('close', closed);
  });
}
