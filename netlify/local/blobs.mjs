// A local Netlify Blobs store in a folder we choose, and Netlify's runtime globals
// (`Netlify.env`, `Netlify.context`, the Blobs context every copy of @netlify/blobs reads
// from the environment), set up by Netlify's own @netlify/runtime.
import { randomBytes } from 'node:crypto';
import { AtomicBlobsServer } from './atomic-blobs-server.mjs';
import { startRuntime } from '@netlify/runtime';

/**
 * @param {{ directory: string, siteID: string, deployID: string, getRequestContext: () => object | null }} options
 */
export async function startBlobsAndRuntime({ directory, siteID, deployID, getRequestContext }) {
  const token = randomBytes(16).toString('hex');
  const server = new AtomicBlobsServer({ directory, token, latencyMs: blobsLatencyMs() });
  const { port } = await server.start();
  const url = `http://localhost:${port}`;
  const restoreFetch = answerBlobsInProcess(url, server);
  startRuntime({
    blobs: { edgeURL: url, uncachedEdgeURL: url, primaryRegion: 'us-east-2', token },
    cache: { getCacheAPIContext: () => null, purgeToken: '' },
    deployID,
    env: processEnv,
    getRequestContext: /** @type {any} */ (getRequestContext),
    siteID,
  });
  return {
    async stop() {
      restoreFetch();
      await server.stop();
    },
  };
}

/**
 * Functions reach Blobs with fetch calls to the store's URL. The store runs in this
 * process, so those calls are handed to it directly: the same handler answers them, but
 * without two trips through the network stack and HTTP parsing, which cost more than
 * the rest of a lead post put together. The store still listens on its port for code
 * that brings its own fetch.
 * @param {string} origin
 * @param {AtomicBlobsServer} server
 * @returns {() => void} undoes it
 */
export function answerBlobsInProcess(origin, server) {
  const networkFetch = globalThis.fetch;
  const prefix = `${origin}/`;
  /** @type {typeof fetch} */
  const fetchWithLocalBlobs = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(prefix)) return networkFetch(input, init);
    return server.handleRequest(new Request(input, init));
  };
  globalThis.fetch = fetchWithLocalBlobs;
  return () => {
    if (globalThis.fetch === fetchWithLocalBlobs) globalThis.fetch = networkFetch;
  };
}

/**
 * BLOBS_LATENCY_MS delays every Blobs call of the local server (e.g. 40, a Netlify round
 * trip), so the bench and a server test meet the latency functions meet when deployed.
 */
function blobsLatencyMs() {
  const raw = process.env.BLOBS_LATENCY_MS?.trim();
  if (!raw) return 0;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 5000) {
    throw new Error(`BLOBS_LATENCY_MS must be a whole number of milliseconds from 0 to 5000, not "${raw}"`);
  }
  return value;
}

/** `Netlify.env`: the process environment, as on Netlify. */
const processEnv = {
  /** @param {string} key */
  delete: (key) => {
    delete process.env[key];
  },
  /** @param {string} key */
  get: (key) => process.env[key],
  /** @param {string} key */
  has: (key) => process.env[key] !== undefined,
  /** @param {string} key @param {string} value */
  set: (key, value) => {
    process.env[key] = value;
  },
  toObject: () => /** @type {Record<string, string>} */ ({ ...process.env }),
};
