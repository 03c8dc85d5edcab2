// `npm start` (after the build) and the end-to-end tests: serves the production build
// on one origin with every function loaded once in this process (netlify/local/).
//
//   PORT=8888       port (default 8888)
//   HOST=127.0.0.1  interface to listen on; HOST=0.0.0.0 opens it to the network
//   BLOBS_DIR=...   folder of the local Blobs store (default .netlify/blobs-serve)
//   LOCAL_RATE_LIMITS=off  serve every request whatever the functions' rateLimit say
//                          (tests that send bursts from one address); on unless told
//   --functions <dir>   also serve the functions of <dir> (the tests' fixtures)
//   --emulator          the previous server on Netlify's dev emulator (for the benchmark)
//   --no-scheduler      no scheduled functions (a benchmark that measures without the minute job)
import module from 'node:module';
import { isIP } from 'node:net';
import { parseArgs } from 'node:util';

// The local Blobs store is files: every write is several filesystem calls on libuv's thread
// pool (4 threads unless told), which a burst's follow-up work fills, so the burst's own
// writes queue behind it. Netlify's Blobs is a service with no such queue. Set before the
// pool starts (the first asynchronous filesystem call).
process.env.UV_THREADPOOL_SIZE ??= '16';

// V8 keeps the compiled code of the server, the functions and the pages between runs, so
// a restarted server does not compile it all again while its first visitors wait.
module.enableCompileCache?.('.netlify/compile-cache');

const { values: args } = parseArgs({
  options: {
    functions: { type: 'string', multiple: true, default: [] },
    emulator: { type: 'boolean', default: false },
    'no-scheduler': { type: 'boolean', default: false },
  },
});
const port = Number(process.env.PORT ?? 8888);
const host = process.env.HOST?.trim() || '127.0.0.1';
const blobsDir = process.env.BLOBS_DIR ?? '.netlify/blobs-serve';
const rateLimits = readRateLimitsSwitch(process.env.LOCAL_RATE_LIMITS);

if (!isLoopbackHost(host) && !process.env.ADMIN_PASSWORD?.trim()) {
  console.warn(
    `\nWARNING: listening on ${host} with no ADMIN_PASSWORD set. The admin's local default password ` +
      `is in use, and anyone who can reach port ${port} can try to sign in. Set ADMIN_PASSWORD and ` +
      `SESSION_SECRET, or leave HOST unset to stay on this machine only.\n`,
  );
}

let server;
try {
  // Imported on demand: the emulator's packages patch globalThis.fetch when loaded.
  server = args.emulator
    ? await (await import('./local/emulator-server.mjs')).startEmulatorServer({ port, host, blobsDir })
    : await (
        await import('./local/server.mjs')
      ).startServer({
        port,
        host,
        blobsDir,
        extraFunctionDirs: args.functions,
        scheduler: !args['no-scheduler'],
        rateLimits,
      });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
console.log(`CCC Edu production build on ${server.origin} (blobs in ${blobsDir})${args.emulator ? ' [emulator]' : ''}`);

/** When the first stop signal came; a second one, later, stops at once. */
let stopSignalAt = 0;
/**
 * A library the local platform loads (when-exit) sends every signal it sees to the
 * process once more, right away; that echo must not count as the user's second Ctrl-C.
 */
const ECHO_WINDOW_MS = 1000;

async function shutdown(/** @type {string} */ signal) {
  if (stopSignalAt) {
    if (Date.now() - stopSignalAt < ECHO_WINDOW_MS) return;
    console.log('Stopping now.');
    process.exit(1);
  }
  stopSignalAt = Date.now();
  console.log(`${signal}: finishing requests and background work, then stopping (${signal} again to stop now).`);
  await server.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

function isLoopbackHost(/** @type {string} */ value) {
  if (value === 'localhost') return true;
  const address = value.replace(/^\[|\]$/g, '');
  if (address === '::1') return true;
  return isIP(address) === 4 && address.startsWith('127.');
}

/**
 * Limits stay on unless the switch says exactly `off`; any other word is refused, so a
 * misspelt switch neither turns them off unseen nor leaves a burst test guessing.
 * @param {string | undefined} value
 */
function readRateLimitsSwitch(value) {
  const word = value?.trim().toLowerCase() ?? '';
  if (word === '' || word === 'on') return true;
  if (word === 'off') return false;
  console.error(`LOCAL_RATE_LIMITS must be "on" or "off" (got "${value}").`);
  process.exit(1);
}
