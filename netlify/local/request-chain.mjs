// What answers a request, in the order of Netlify's local platform (@netlify/dev): a
// function whose path matches (unless it prefers a static file that exists), then
// redirects and rewrites, then static files, then the site's 404 page. A function with
// a rate limit is counted just before it would run (docs/local-server.md).
import { RedirectsHandler } from '@netlify/redirects';
import { tooManyRequests } from './rate-limits.mjs';
import { matchFunction } from './router.mjs';
import { createStaticFiles } from './static-files.mjs';

/**
 * @param {{
 *   projectRoot: string,
 *   siteConfig: import('./load-site.mjs').SiteConfig,
 *   functions: import('./invoke.mjs').LocalFunction[],
 *   invoker: import('./invoke.mjs').Invoker,
 *   rateLimits: ReturnType<typeof import('./rate-limits.mjs').createRateLimits>,
 *   siteID: string,
 *   siteURL: string,
 * }} site
 * @returns {(request: Request, meta: { ip: string, requestId: string, abort: AbortController }) => Promise<Response>}
 */
export function createRequestChain({ projectRoot, siteConfig, functions, invoker, rateLimits, siteID, siteURL }) {
  const staticFiles = createStaticFiles({
    projectRoot,
    publishDir: siteConfig.publishDir,
    configPath: siteConfig.configPath,
    frameworkHeaders: siteConfig.frameworkHeaders,
  });
  const redirects = new RedirectsHandler({
    configPath: siteConfig.configPath,
    configRedirects: siteConfig.frameworkRedirects,
    jwtRoleClaim: '',
    jwtSecret: '',
    notFoundHandler: (request) => notFound(request),
    projectDir: projectRoot,
    publicDir: siteConfig.publishDir,
    siteID,
    siteURL,
  });

  /**
   * @param {Request} request
   * @param {{ ip: string, requestId: string, abort: AbortController }} meta
   * @param {boolean} [fromRateLimit] the request is a rate limit's rewrite, which is not counted again
   * @returns {Promise<Response>}
   */
  async function respond(request, meta, fromRateLimit = false) {
    const { pathname } = new URL(request.url);
    const match = matchFunction(functions, pathname, request.method);
    if (match) {
      if (match.route?.prefer_static) {
        const file = await staticFiles.find(request);
        if (file) return file();
      }
      return invoke(match.fn, request, { ...meta, route: match.route }, fromRateLimit);
    }
    const redirect = await redirects.match(request);
    if (redirect) {
      const rewritten = matchFunction(functions, redirect.target.pathname, request.method);
      if (rewritten && !rewritten.route?.prefer_static) {
        return invoke(rewritten.fn, request, { ...meta, route: rewritten.route }, fromRateLimit);
      }
      const response = await redirects.handle(request, redirect, (candidate) => staticFiles.find(candidate));
      if (response) return response;
    }
    const file = await staticFiles.find(request);
    if (file) return file();
    return notFound(request);
  }

  /**
   * The function, unless its rate limit refuses the request (before the function reads
   * anything) or sends it to the rule's `to` path instead.
   * @param {import('./invoke.mjs').LocalFunction} fn
   * @param {Request} request
   * @param {import('./invoke.mjs').InvocationMeta & { ip: string, requestId: string, abort: AbortController }} meta
   * @param {boolean} fromRateLimit
   */
  async function invoke(fn, request, meta, fromRateLimit) {
    const refusal = fromRateLimit ? null : rateLimits.check(fn, request, meta.ip);
    if (!refusal) return invoker.invoke(fn, request, meta);
    if (refusal.rewriteTo === null) return tooManyRequests(refusal.retryAfterSeconds);
    return respond(rewrite(request, refusal.rewriteTo), meta, true);
  }

  /** The site's 404 page with a 404 status, as Netlify answers a path nothing serves. */
  async function notFound(/** @type {Request} */ request) {
    const page = await staticFiles.find(new Request(new URL('/404.html', request.url), { headers: request.headers }));
    if (!page)
      return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    const response = await page();
    return new Response(response.body, { status: 404, headers: response.headers });
  }

  return respond;
}

/**
 * The same request for another path of the site (a rewrite: the client's URL does not
 * change, and the query string stays).
 * @param {Request} request
 * @param {string} path
 */
function rewrite(request, path) {
  const url = new URL(path, request.url);
  if (!url.search) url.search = new URL(request.url).search;
  const hasBody = request.body !== null;
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    ...(hasBody ? { body: request.body, duplex: 'half' } : {}),
  });
}
