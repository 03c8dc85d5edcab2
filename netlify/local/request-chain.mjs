// What answers a request, in the order of Netlify's local platform (@netlify/dev): a
// function whose path matches (unless it prefers a static file that exists), then
// redirects and rewrites, then static files, then the site's 404 page.
import { RedirectsHandler } from '@netlify/redirects';
import { matchFunction } from './router.mjs';
import { createStaticFiles } from './static-files.mjs';

/**
 * @param {{
 *   projectRoot: string,
 *   siteConfig: import('./load-site.mjs').SiteConfig,
 *   functions: import('./invoke.mjs').LocalFunction[],
 *   invoker: import('./invoke.mjs').Invoker,
 *   siteID: string,
 *   siteURL: string,
 * }} site
 * @returns {(request: Request, meta: { ip: string, requestId: string, abort: AbortController }) => Promise<Response>}
 */
export function createRequestChain({ projectRoot, siteConfig, functions, invoker, siteID, siteURL }) {
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
   * @returns {Promise<Response>}
   */
  async function respond(request, meta) {
    const { pathname } = new URL(request.url);
    const match = matchFunction(functions, pathname, request.method);
    if (match) {
      if (match.route?.prefer_static) {
        const file = await staticFiles.find(request);
        if (file) return file();
      }
      return invoker.invoke(match.fn, request, { ...meta, route: match.route });
    }
    const redirect = await redirects.match(request);
    if (redirect) {
      const rewritten = matchFunction(functions, redirect.target.pathname, request.method);
      if (rewritten && !rewritten.route?.prefer_static) {
        return invoker.invoke(rewritten.fn, request, { ...meta, route: rewritten.route });
      }
      const response = await redirects.handle(request, redirect, (candidate) => staticFiles.find(candidate));
      if (response) return response;
    }
    const file = await staticFiles.find(request);
    if (file) return file();
    return notFound(request);
  }

  /** The site's 404 page with a 404 status, as Netlify answers a path nothing serves. */
  async function notFound(/** @type {Request} */ request) {
    const page = await staticFiles.find(new Request(new URL('/404.html', request.url), { headers: request.headers }));
    if (!page) return new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
    const response = await page();
    return new Response(response.body, { status: 404, headers: response.headers });
  }

  return respond;
}
