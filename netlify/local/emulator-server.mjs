// The previous `npm start`: Netlify's development emulator (@netlify/dev) in front of
// the SSR function. It builds each function on its first call and runs every call in a
// fresh worker thread, so it is slow under load and loses requests in a cold burst.
// Kept only so the server benchmark can measure the new server against it
// (`node netlify/serve.mjs --emulator`); nothing else uses it.
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { NetlifyDev } from '@netlify/dev';
import { AtomicBlobsServer } from './atomic-blobs-server.mjs';
import { setEnvironmentContext } from '@netlify/blobs';

/** @param {{ projectRoot?: string, port?: number, host?: string, blobsDir?: string }} options */
export async function startEmulatorServer({
  projectRoot = process.cwd(),
  port = 8888,
  host = '127.0.0.1',
  blobsDir = '.netlify/blobs-serve',
} = {}) {
  const ssrEntry = resolve(projectRoot, '.netlify/v1/functions/ssr/ssr.mjs');
  const blobsToken = randomBytes(16).toString('hex');
  const blobs = new AtomicBlobsServer({ directory: resolve(projectRoot, blobsDir), token: blobsToken });
  const { port: blobsPort } = await blobs.start();
  const blobsURL = `http://localhost:${blobsPort}`;
  const blobsContext = {
    siteID: 'local-site',
    deployID: '0',
    token: blobsToken,
    edgeURL: blobsURL,
    uncachedEdgeURL: blobsURL,
    primaryRegion: 'us-east-2',
  };
  setEnvironmentContext(blobsContext);
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(blobsContext)).toString('base64');
  process.env.NETLIFY_LOCAL = 'true';

  const { default: ssrHandler } = await import(pathToFileURL(ssrEntry).href);
  const serverAddress = `http://localhost:${port}`;
  const netlify = new NetlifyDev({
    projectRoot,
    serverAddress,
    blobs: { enabled: false },
    database: { enabled: false },
    edgeFunctions: { enabled: false },
    aiGateway: { enabled: false },
    geolocation: { enabled: false },
    images: { enabled: true },
  });
  await netlify.start();

  const server = createServer(async (req, res) => {
    try {
      const handled = await netlify.handleAndIntrospectNodeRequest(req);
      if (handled) return await send(res, handled.response);
      const ip = req.socket.remoteAddress ?? '127.0.0.1';
      const context = {
        ip,
        params: {},
        cookies: undefined,
        geo: {},
        site: { url: serverAddress },
        next: () => {
          throw new Error('next() is not available');
        },
      };
      await send(res, await ssrHandler(toRequest(req, serverAddress), context));
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'Internal server error' }));
    }
  });
  await new Promise((done) => server.listen(port, host, () => done(undefined)));

  return {
    origin: serverAddress,
    port,
    async stop() {
      server.close();
      server.closeAllConnections();
      await netlify.stop().catch(() => {});
      await blobs.stop().catch(() => {});
    },
  };
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @param {string} serverAddress
 */
function toRequest(req, serverAddress) {
  const url = new URL(req.url ?? '/', serverAddress);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else if (value !== undefined) headers.set(key, value);
  }
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? /** @type {ReadableStream} */ (Readable.toWeb(req)) : undefined,
    // @ts-expect-error Node's fetch needs this for a streamed request body.
    duplex: 'half',
  });
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {Response} response
 */
async function send(res, response) {
  /** @type {Record<string, string | string[]>} */
  const headers = {};
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie?.() ?? [];
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, headers);
  if (response.body) {
    for await (const chunk of response.body) res.write(chunk);
  }
  res.end();
}
