// Netlify's local Blobs server checks a write's condition (onlyIfNew / onlyIfMatch)
// and then writes in separate asynchronous steps, so two conditional writes to one key
// that arrive together can both succeed; and its ETags come from the file's mtime, so
// two writes in one millisecond share an ETag. Netlify's real Blobs has neither gap.
// This server closes both for every process that talks to it (functions, scripts,
// test workers), so local runs and tests get the platform's guarantees.
import { utimes } from 'node:fs/promises';
import { BlobsServer } from '@netlify/blobs/server';

export class AtomicBlobsServer extends BlobsServer {
  #tails = new Map();

  /** @param {Request} req */
  put(req) {
    return this.#oneAtATime(req, async () => {
      const { dataPath } = this.getLocalPaths(new URL(req.url ?? '', this.address));
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
