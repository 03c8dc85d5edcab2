// Calls a function's handler in this process with a real Request and a Netlify Context,
// under Netlify's limits: synchronous functions answer within 30 s or get a 504;
// background functions get a 202 at once and run detached for up to 15 minutes.
// Work that outlives a response (background runs, `context.waitUntil`) is tracked, so
// the server can finish it before it stops.
import { AsyncLocalStorage } from 'node:async_hooks';
import { BACKGROUND_FUNCTION_TIMEOUT, SYNCHRONOUS_FUNCTION_TIMEOUT } from '@netlify/functions';
import bodyLimit from '../../src/lib/body-limit.json' with { type: 'json' };
import { createContext, createCookieStore } from './context.mjs';

const TIMED_OUT = Symbol('timed out');
const TOO_LARGE = Symbol('too large');

/**
 * A body read up to `limit` bytes, or TOO_LARGE as soon as it passes it (a 400 MB
 * chunked upload to a background function is refused, not held in memory).
 * @param {Request} request
 * @param {number} limit
 * @returns {Promise<Uint8Array | typeof TOO_LARGE>}
 */
async function readUpTo(request, limit) {
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      return TOO_LARGE;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * @typedef {import('./router.mjs').Route} Route
 * @typedef {{
 *   name: string,
 *   handler: (request: Request, context: object) => unknown,
 *   routes: Route[],
 *   excludedRoutes?: Route[],
 *   priority?: number,
 *   schedule?: string,
 *   background: boolean,
 *   trafficRules?: import('./rate-limits.mjs').TrafficRules,
 * }} LocalFunction
 * @typedef {{ ip: string, requestId: string, route?: Route | null, abort?: AbortController }} InvocationMeta
 *   `abort`: the controller of the request's signal, when the caller made the Request
 *   with one (saves re-wrapping its body); the timeout aborts it.
 */

/** Promises that must settle before the server may stop. */
export class PendingWork {
  /** @type {Set<Promise<unknown>>} */
  #promises = new Set();

  /** @param {Promise<unknown>} promise */
  track(promise) {
    const settled = promise.then(
      () => undefined,
      () => undefined,
    );
    this.#promises.add(settled);
    void settled.then(() => this.#promises.delete(settled));
  }

  get size() {
    return this.#promises.size;
  }

  /** Waits until nothing is pending (work may start more work), or the deadline. */
  async drain(deadline = Infinity) {
    while (this.#promises.size > 0) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      let timer;
      await Promise.race([
        Promise.all(this.#promises),
        new Promise((resolve) => {
          timer = setTimeout(resolve, Math.min(left, 2 ** 31 - 1));
        }),
      ]);
      clearTimeout(timer);
    }
    return true;
  }
}

export class Invoker {
  /** Netlify.context for code that reads it instead of the handler's argument. */
  requestContext = new AsyncLocalStorage();
  pending = new PendingWork();
  #site;
  #deployId;
  #timeouts;

  /**
   * @param {{
   *   site: import('./context.mjs').SiteInfo,
   *   deployId: string,
   *   timeouts?: { synchronous?: number, background?: number },
   * }} options timeouts in seconds
   */
  constructor({ site, deployId, timeouts = {} }) {
    this.#site = site;
    this.#deployId = deployId;
    this.#timeouts = {
      synchronous: timeouts.synchronous ?? SYNCHRONOUS_FUNCTION_TIMEOUT,
      background: timeouts.background ?? BACKGROUND_FUNCTION_TIMEOUT,
    };
  }

  /**
   * @param {LocalFunction} fn
   * @param {Request} request
   * @param {InvocationMeta} meta
   * @returns {Promise<Response>}
   */
  async invoke(fn, request, meta) {
    if (!fn.background) return this.#run(fn, request, meta, this.#timeouts.synchronous);
    // The caller is answered now, so the body is read first: the connection may be
    // gone by the time the handler asks for it.
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
    const abort = new AbortController();
    const body = hasBody ? await readUpTo(request, bodyLimit.maxBodyBytes) : null;
    if (body === TOO_LARGE)
      return new Response(
        JSON.stringify({ error: `The request body is larger than ${bodyLimit.maxBodyBytes / 1024} KB.` }),
        { status: 413, headers: { 'content-type': 'application/json' } },
      );
    const buffered = new Request(request, { signal: abort.signal, ...(body ? { body } : {}) });
    const run = this.#run(fn, buffered, { ...meta, abort }, this.#timeouts.background).then((response) => {
      if (response.status >= 500) console.error(`[background] ${fn.name} ended with ${response.status}`);
    });
    this.pending.track(run);
    return new Response(null, { status: 202 });
  }

  /**
   * @param {LocalFunction} fn
   * @param {Request} request
   * @param {InvocationMeta} meta
   * @param {number} timeoutSeconds
   * @returns {Promise<Response>}
   */
  async #run(fn, request, meta, timeoutSeconds) {
    const timeout = meta.abort ?? new AbortController();
    const req = meta.abort ? request : new Request(request, { signal: timeout.signal });
    const cookieStore = createCookieStore(req);
    const context = createContext({
      request: req,
      ip: meta.ip,
      requestId: meta.requestId,
      routePattern: meta.route?.pattern,
      site: this.#site,
      deployId: this.#deployId,
      cookies: cookieStore.cookies,
      waitUntil: (promise) => this.pending.track(logFailure(fn.name, Promise.resolve(promise))),
    });

    const running = Promise.resolve().then(() => this.requestContext.run(context, () => fn.handler(req, context)));
    let timer;
    const deadline = new Promise((resolve) => {
      timer = setTimeout(() => resolve(TIMED_OUT), timeoutSeconds * 1000);
    });
    let result;
    try {
      result = await Promise.race([running, deadline]);
    } catch (error) {
      console.error(`[function ${fn.name}] failed:`, error);
      return failure(500, `The function "${fn.name}" failed. The server log has the details.`);
    } finally {
      clearTimeout(timer);
    }
    if (result === TIMED_OUT) {
      // JavaScript cannot stop a running handler; the aborted signal tells it to give up.
      timeout.abort(new Error(`Function timed out after ${timeoutSeconds} s`));
      running.catch((error) => console.error(`[function ${fn.name}] failed after its timeout:`, error));
      console.error(`[function ${fn.name}] timed out after ${timeoutSeconds} s`);
      return failure(504, `The function "${fn.name}" did not answer within ${timeoutSeconds} seconds.`);
    }
    // Like Netlify: anything other than a Response answers 204.
    const response = result instanceof Response ? result : new Response(null, { status: 204 });
    return cookieStore.applyTo(response);
  }
}

/**
 * @param {string} name
 * @param {Promise<unknown>} promise
 */
function logFailure(name, promise) {
  return promise.catch((error) => console.error(`[function ${name}] waitUntil work failed:`, error));
}

/**
 * @param {number} status
 * @param {string} message
 */
function failure(status, message) {
  return new Response(message, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });
}
