// The Context a function receives, with the fields Netlify's runtime gives it
// (@netlify/serverless-functions-api builds the same object from the platform's headers).
// Cookies use Netlify's own cookie library; geolocation is Netlify's local mock.
import { deleteCookie, getCookies, setCookie } from '@netlify/node-cookies';
import { mockLocation } from '@netlify/dev-utils';
import { routeParams } from './router.mjs';

/**
 * `context.cookies`: reads the request's cookies; writes are recorded and applied to the
 * response afterwards, as on Netlify.
 * @param {Request} request
 */
export function createCookieStore(request) {
  /** @type {((headers: Headers) => void)[]} */
  const ops = [];
  return {
    cookies: {
      /** @param {string} name */
      get: (name) => getCookies(request.headers)[name],
      /** @param {string | import('@netlify/node-cookies').Cookie} input @param {string} [value] */
      set(input, value) {
        if (typeof input === 'string' && typeof value !== 'string') {
          throw new TypeError("You must provide the cookie value as a string to 'cookies.set'");
        }
        const cookie = typeof input === 'string' ? { name: input, value: /** @type {string} */ (value) } : input;
        ops.push((headers) => setCookie(headers, cookie));
      },
      /** @param {string | { name: string, path?: string, domain?: string }} input */
      delete(input) {
        const { name, ...attributes } = { path: '/', ...(typeof input === 'string' ? { name: input } : input) };
        ops.push((headers) => deleteCookie(headers, name, attributes));
      },
    },
    /**
     * The response with the recorded cookie writes; a new Response, because a fetched
     * one has immutable headers.
     * @param {Response} response
     */
    applyTo(response) {
      if (ops.length === 0) return response;
      const headers = new Headers(response.headers);
      for (const op of ops) op(headers);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    },
  };
}

/**
 * @typedef {{ id: string, name: string, url: string }} SiteInfo
 * @typedef {{
 *   request: Request,
 *   ip: string,
 *   requestId: string,
 *   routePattern?: string,
 *   site: SiteInfo,
 *   deployId: string,
 *   cookies: ReturnType<typeof createCookieStore>['cookies'],
 *   waitUntil: (promise: Promise<unknown>) => void,
 * }} ContextInput
 */

/** @param {ContextInput} input */
export function createContext({ request, ip, requestId, routePattern, site, deployId, cookies, waitUntil }) {
  return {
    account: { id: '' },
    cookies,
    deploy: { context: 'dev', id: deployId, published: false },
    flags: { get: () => undefined },
    geo: mockLocation,
    ip,
    json: (/** @type {unknown} */ input) => Response.json(input),
    log: console.log,
    next: () => {
      throw new Error('`context.next` is not implemented for serverless functions');
    },
    params: routeParams(routePattern, request.url),
    path: routePattern,
    requestId,
    rewrite: async (/** @type {string | URL} */ target) => {
      const url = target instanceof URL ? target : new URL(target, request.url);
      return fetch(url);
    },
    server: { region: 'local' },
    site,
    url: new URL(request.url),
    waitUntil(/** @type {Promise<unknown>} */ promise) {
      if (arguments.length === 0) throw new TypeError('waitUntil: At least 1 argument required, but only 0 passed');
      waitUntil(promise);
    },
  };
}
