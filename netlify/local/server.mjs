// The production-like local server: one origin that serves the build the way Netlify
// does (functions by their `config.path`, static files, redirects, header rules, Astro's
// SSR function, Blobs), with every function loaded once into this process. This file
// holds its life: start, answer over Node's HTTP server, stop without losing work.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { startBlobsAndRuntime } from './blobs.mjs';
import { Invoker } from './invoke.mjs';
import { loadSite } from './load-site.mjs';
import { sendResponse, toWebRequest } from './node-http.mjs';
import { scheduledRequest, startScheduler } from './scheduler.mjs';
import { createRequestChain } from './request-chain.mjs';
import { createRateLimits } from './rate-limits.mjs';

const SITE_ID = 'local-site';
const DEPLOY_ID = '0';
/** Where the framework's build puts its functions (Netlify's Frameworks API). */
const FRAMEWORKS_FUNCTIONS_DIR = '.netlify/v1/functions';

/**
 * @typedef {{
 *   projectRoot?: string,
 *   port?: number,
 *   host?: string,
 *   blobsDir?: string,
 *   extraFunctionDirs?: string[],
 *   timeouts?: { synchronous?: number, background?: number },
 *   stopGraceMs?: number,
 *   scheduler?: boolean,
 *   rateLimits?: boolean,
 *   log?: (message: string) => void,
 * }} ServerOptions
 *   `rateLimits: false` serves every request whatever the functions' `rateLimit` say
 *   (for tests that send bursts from one address); on unless told.
 */

/** @param {ServerOptions} options */
export async function startServer({
  projectRoot = process.cwd(),
  port = 8888,
  host = '127.0.0.1',
  blobsDir = '.netlify/blobs-serve',
  extraFunctionDirs = [],
  timeouts,
  stopGraceMs = 30_000,
  scheduler: runScheduled = true,
  rateLimits: enforceRateLimits = true,
  log = console.log,
} = {}) {
  // The explicit marker of the project's own local server (src/server/env.ts), set
  // before any function or page runs.
  process.env.NETLIFY_LOCAL ??= 'true';

  if (!existsSync(resolve(projectRoot, FRAMEWORKS_FUNCTIONS_DIR))) {
    throw new Error('No production build found: run `npm run build` first (or `npm start`, which builds).');
  }
  const siteURL = `http://localhost:${port}`;
  const invoker = new Invoker({ site: { id: SITE_ID, name: 'local', url: siteURL }, deployId: DEPLOY_ID, timeouts });
  const blobs = await startBlobsAndRuntime({
    directory: resolve(projectRoot, blobsDir),
    siteID: SITE_ID,
    deployID: DEPLOY_ID,
    getRequestContext: () => invoker.requestContext.getStore() ?? null,
  });
  const { siteConfig, functions } = await loadSite({
    projectRoot,
    extraFunctionDirs: extraFunctionDirs.map((dir) => resolve(projectRoot, dir)),
    log,
  });
  if (!existsSync(siteConfig.publishDir))
    throw new Error(`No published files in ${siteConfig.publishDir}: run \`npm run build\` first.`);
  const rateLimits = createRateLimits({ functions, enabled: enforceRateLimits });
  if (!enforceRateLimits && rateLimits.limited.length > 0) {
    log(`rate limits: off (the rateLimit of ${rateLimits.limited.length} functions is not applied)`);
  }
  const respond = createRequestChain({
    projectRoot,
    siteConfig,
    functions,
    invoker,
    rateLimits,
    siteID: SITE_ID,
    siteURL,
  });

  let inFlight = 0;
  let stopping = false;
  /** @type {(() => void) | null} */
  let onIdle = null;

  const server = createServer((req, res) => {
    inFlight += 1;
    // While stopping, each answer closes its connection, so keep-alive clients move on.
    if (stopping) res.shouldKeepAlive = false;
    res.on('close', () => {
      inFlight -= 1;
      if (inFlight === 0) onIdle?.();
    });
    void handle(req, res);
  });

  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  async function handle(req, res) {
    // The client is the socket's peer, never a header (Netlify's CDN does the same).
    const ip = clientAddress(req.socket.remoteAddress);
    const requestId = randomUUID();
    const abort = new AbortController();
    let request;
    try {
      request = await toWebRequest(req, {
        origin: `http://${req.headers.host ?? `localhost:${port}`}`,
        ip,
        requestId,
        signal: abort.signal,
      });
    } catch {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Bad request');
      return;
    }
    let response;
    try {
      response = await respond(request, { ip, requestId, abort });
    } catch (error) {
      console.error('[server]', request.method, request.url, error);
      response = Response.json({ error: 'Internal server error' }, { status: 500 });
    }
    try {
      await sendResponse(request, response, res);
    } catch (error) {
      // Usually the client went away mid-answer; nothing more can be sent.
      if (!isClientGone(error)) console.error('[server] sending failed:', error);
      res.destroy();
    }
  }

  await new Promise((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolveListen(undefined));
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;

  const scheduler = startScheduler({
    // A benchmark that must not share the machine with the minute job turns it off.
    functions: runScheduled ? functions : [],
    run: async (fn, following) => {
      const response = await invoker.invoke(
        fn,
        scheduledRequest(`http://localhost:${actualPort}`, fn.name, following),
        {
          ip: '127.0.0.1',
          requestId: randomUUID(),
        },
      );
      if (response.status >= 400) log(`[schedule] ${fn.name} answered ${response.status}`);
      await response.body?.cancel();
    },
    log,
  });

  /** @type {Promise<void> | null} */
  let stopped = null;

  /**
   * Stops accepting, lets requests in flight and background work finish (within the
   * grace period), then closes the Blobs store.
   */
  function stop() {
    stopped ??= (async () => {
      stopping = true;
      scheduler.stop();
      const closed = new Promise((done) => server.close(() => done(undefined)));
      server.closeIdleConnections();
      const deadline = Date.now() + stopGraceMs;
      const idle = inFlight === 0 ? Promise.resolve() : new Promise((done) => (onIdle = () => done(undefined)));
      let timer;
      const requestsDone = await Promise.race([
        idle.then(() => true),
        new Promise((done) => (timer = setTimeout(() => done(false), stopGraceMs))),
      ]);
      clearTimeout(timer);
      const workDone = await invoker.pending.drain(deadline);
      if (!requestsDone || !workDone) {
        log(
          `Stopped waiting after ${stopGraceMs / 1000} s: ${inFlight} request(s) and ${invoker.pending.size} background task(s) unfinished.`,
        );
      }
      server.closeAllConnections();
      await closed;
      await blobs.stop();
    })();
    return stopped;
  }

  return {
    origin: `http://${displayHost(host)}:${actualPort}`,
    port: actualPort,
    functions,
    blobsDir: resolve(projectRoot, blobsDir),
    stop,
  };
}

/** IPv4 clients of a dual-stack socket show as ::ffff:a.b.c.d; Netlify gives a.b.c.d. */
function clientAddress(/** @type {string | undefined} */ address) {
  if (!address) return '';
  return address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
}

function displayHost(/** @type {string} */ host) {
  if (host === '0.0.0.0' || host === '::' || host === '127.0.0.1' || host === '::1') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function isClientGone(/** @type {unknown} */ error) {
  const code = /** @type {{ code?: string }} */ (error)?.code;
  return code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNRESET' || code === 'EPIPE';
}
