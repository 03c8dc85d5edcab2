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
import { createHmac } from 'node:crypto';
import { readdir, stat, utimes } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { BlobsServer } from '@netlify/blobs/server';

const MAX_KEY_BYTES = 600;
const safeDecode = (/** @type {string} */ text) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};
const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class AtomicBlobsServer extends BlobsServer {
  #tails = new Map();
  #latencyMs;

  /** @param {ConstructorParameters<typeof BlobsServer>[0] & { latencyMs?: number }} options */
  constructor({ latencyMs = 0, ...options }) {
    super(options);
    this.#latencyMs = latencyMs;
  }

  /** Changes the delay of every call from now on (a test that judges a race at a network's pace). @param {number} ms */
  setLatency(ms) {
    this.#latencyMs = ms;
  }

  /** @param {Request} req */
  async handleRequest(req) {
    if (this.#latencyMs > 0) await sleep(this.#latencyMs);
    // Netlify refuses a key over 600 bytes; so does this store, so local runs see it.
    const { key } = this.#paths(req);
    if (key && new TextEncoder().encode(safeDecode(key)).length > MAX_KEY_BYTES) {
      return Response.json({ error: `A key may be at most ${MAX_KEY_BYTES} bytes` }, { status: 400 });
    }
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

  /**
   * A listing as Netlify's local server answers it, without its cost: that server stats
   * every entry one after another (twice per blob), so a folder of 10,000 blobs took
   * seconds to list, where Netlify answers in one round trip. Same answer: keys, ETags
   * (the same HMAC of the file's mtime), sizes, times, and directories when asked.
   * @param {{ dataPath: string, rootPath: string, url: URL }} options
   */
  async listBlobs({ dataPath, rootPath, url }) {
    const directories = url.searchParams.get('directories') === 'true';
    const prefix = url.searchParams.get('prefix') ?? '';
    this.dispatchOnRequestEvent('list', url);
    /** @type {{ blobs: Array<{ etag: string, key: string, last_modified: string, size: number }>, directories: string[] }} */
    const result = { blobs: [], directories: [] };
    try {
      await walk(dataPath, rootPath, prefix, directories, result);
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') return new Response(null, { status: 500 });
    }
    result.blobs.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return Response.json(result);
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

const STAT_BATCH = 256;

/**
 * @param {string} path
 * @param {string} rootPath
 * @param {string} prefix
 * @param {boolean} directories
 * @param {{ blobs: Array<{ etag: string, key: string, last_modified: string, size: number }>, directories: string[] }} result
 */
async function walk(path, rootPath, prefix, directories, result) {
  const entries = await readdir(path, { withFileTypes: true });
  /** @type {Array<{ entryPath: string, key: string }>} */
  const files = [];
  for (const entry of entries) {
    // Half-written files of a put in progress are dot files; no key starts with a dot.
    if (entry.name.startsWith('.')) continue;
    const entryPath = join(path, entry.name);
    const key = relative(rootPath, entryPath).split(sep).join('/');
    if (entry.isDirectory()) {
      // A folder is walked when keys under it may start with the prefix.
      if (!prefix.startsWith(key.slice(0, prefix.length))) continue;
      if (directories && key.startsWith(prefix)) result.directories.push(key);
      else await walk(entryPath, rootPath, prefix, directories, result);
    } else if (key.startsWith(prefix)) {
      // A blob only when its whole key starts with the prefix: `digest` is not under `digest-shards/`.
      files.push({ entryPath, key });
    }
  }
  for (let start = 0; start < files.length; start += STAT_BATCH) {
    const batch = files.slice(start, start + STAT_BATCH);
    const stats = await Promise.all(batch.map(({ entryPath }) => stat(entryPath).catch(() => null)));
    batch.forEach(({ entryPath, key }, index) => {
      const found = stats[index];
      if (!found) return;
      const etag = `"${createHmac('sha256', found.mtime.toISOString()).update(entryPath).digest('hex')}"`;
      result.blobs.push({ etag, key, last_modified: found.mtime.toISOString(), size: found.size });
    });
  }
}
