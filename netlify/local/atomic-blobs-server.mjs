// Netlify's local Blobs server checks a write's condition (onlyIfNew / onlyIfMatch)
// and then writes in separate asynchronous steps, so two conditional writes to one key
// that arrive together can both succeed; its ETags come from the file's mtime, so two
// writes in one millisecond share an ETag; and its reads carry no ETag, so a
// read-modify-write needs an extra listing. Netlify's real Blobs has none of these
// gaps. This server closes them for every process that talks to it (functions,
// scripts, test workers), so local runs and tests get the platform's guarantees, and
// the platform's number of calls.
//
// `latencyMs` delays every call, so a design can be judged locally under the network
// round trip every Blobs call costs on Netlify (tens of milliseconds), not only at the
// speed of a local disk.
import { utimes } from 'node:fs/promises';
import { BlobsServer } from '@netlify/blobs/server';

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class AtomicBlobsServer extends BlobsServer {
  #tails = new Map();
  #latencyMs;

  /** @param {ConstructorParameters<typeof BlobsServer>[0] & { latencyMs?: number }} options */
  constructor({ latencyMs = 0, ...options }) {
    super(options);
    this.#latencyMs = latencyMs;
  }

  /** @param {Request} req */
  async handleRequest(req) {
    if (this.#latencyMs > 0) await sleep(this.#latencyMs);
    return super.handleRequest(req);
  }

  /** @param {Request} req */
  put(req) {
    return this.#oneAtATime(req, async () => {
      const { dataPath } = this.#paths(req);
      const before = dataPath ? await BlobsServer.generateETag(dataPath) : '';
      const response = await super.put(req);
      let etag = response.headers.get('etag');
      if (!dataPath || !before || etag !== before) return response;
      // Same millisecond as the previous write: move the mtime on so the ETag changes.
      for (let step = 1; etag === before; step += 1) {
        const next = new Date(Date.now() + step);
        await utimes(dataPath, next, next);
        etag = await BlobsServer.generateETag(dataPath);
      }
      return new Response(null, { status: response.status, headers: { etag } });
    });
  }

  /** @param {Request} req */
  delete(req) {
    return this.#oneAtATime(req, () => super.delete(req));
  }

  /** A read of one blob carries its ETag, taken in the same turn as the data. @param {Request} req */
  get(req) {
    const { dataPath, key } = this.#paths(req);
    if (!dataPath || !key) return super.get(req);
    return this.#oneAtATime(req, async () => this.#withETag(await super.get(req), dataPath));
  }

  /** @param {Request} req */
  head(req) {
    const { dataPath, key } = this.#paths(req);
    if (!dataPath || !key) return super.head(req);
    return this.#oneAtATime(req, async () => this.#withETag(await super.head(req), dataPath));
  }

  /** @param {Response} response @param {string} dataPath */
  async #withETag(response, dataPath) {
    if (response.status !== 200) return response;
    const etag = await BlobsServer.generateETag(dataPath);
    if (!etag) return response;
    const headers = new Headers(response.headers);
    headers.set('etag', etag);
    return new Response(response.body, { status: response.status, headers });
  }

  /** @param {Request} req */
  #paths(req) {
    const url = this.parseAPIRequest(req)?.url ?? new URL(req.url ?? '', this.address);
    return this.getLocalPaths(url);
  }

  /** @param {Request} req @param {() => Promise<Response>} run */
  #oneAtATime(req, run) {
    const key = new URL(req.url ?? '', 'http://blobs').pathname;
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const current = previous.then(run, run);
    const tail = current.catch(() => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return current;
  }
}
