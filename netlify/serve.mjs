// Production-like local server for `npm start` and the end-to-end tests.
// `astro preview` does not support the Netlify adapter, so this puts Netlify's own
// local platform (static files, functions, redirects, headers) in front of the
// adapter's built SSR function, with a Blobs server whose folder we choose
// (BLOBS_DIR) so test runs never touch the data of a developer's local site.
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { existsSync } from 'node:fs';
import { NetlifyDev } from '@netlify/dev';
import { AtomicBlobsServer } from './local/atomic-blobs-server.mjs';
import { setEnvironmentContext } from '@netlify/blobs';

const root = process.cwd();
const port = Number(process.env.PORT ?? 8888);
const blobsDir = resolve(root, process.env.BLOBS_DIR ?? '.netlify/blobs-serve');
const ssrEntry = resolve(root, '.netlify/v1/functions/ssr/ssr.mjs');

if (!existsSync(ssrEntry) || !existsSync(resolve(root, 'dist'))) {
  console.error('No production build found: run `npm run build` first (or `npm start`, which builds).');
  process.exit(1);
}

const blobsToken = randomBytes(16).toString('hex');
const blobs = new AtomicBlobsServer({ directory: blobsDir, token: blobsToken });
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
// Functions run by the local platform read the Blobs context from the environment.
process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(blobsContext)).toString('base64');
process.env.NETLIFY_LOCAL ??= 'true';

const { default: ssrHandler } = await import(pathToFileURL(ssrEntry).href);
const serverAddress = `http://localhost:${port}`;
const netlify = new NetlifyDev({
  projectRoot: root,
  serverAddress,
  blobs: { enabled: false },
  database: { enabled: false },
  edgeFunctions: { enabled: false },
  aiGateway: { enabled: false },
  geolocation: { enabled: false },
  images: { enabled: true },
});
await netlify.start();

function toRequest(req) {
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
    body: hasBody ? Readable.toWeb(req) : undefined,
    duplex: 'half',
  });
}

async function send(res, response) {
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

const server = createServer(async (req, res) => {
  try {
    // NetlifyDev gives a function its client address (context.ip) from X-Forwarded-For.
    // Set it to who is really connected, never to what a client claims: the admin's local
    // defaults depend on that address being loopback.
    req.headers['x-forwarded-for'] = req.socket.remoteAddress ?? '';
    const handled = await netlify.handleAndIntrospectNodeRequest(req);
    if (handled) return await send(res, handled.response);
    const ip = req.socket.remoteAddress ?? '127.0.0.1';
    const context = { ip, params: {}, cookies: undefined, geo: {}, site: { url: serverAddress }, next: () => { throw new Error('next() is not available'); } };
    await send(res, await ssrHandler(toRequest(req), context));
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: 'Internal server error' }));
  }
});

server.listen(port, () => {
  console.log(`CCC Edu production build on ${serverAddress} (blobs in ${blobsDir})`);
});

async function shutdown() {
  server.close();
  await netlify.stop().catch(() => {});
  await blobs.stop().catch(() => {});
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
