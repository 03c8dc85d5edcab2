// Fills a local Blobs store with realistic demo leads (Indian names, every kind of lead,
// every status) through the same collection code the site runs, so the admin's stat
// tiles and person search are right from the start.
//
//   npm run seed              200 bookings plus contacts, downloads, payments, subscribers
//   npm run seed -- 1000      1,000 bookings and the rest in proportion
//   BLOBS_DIR=... npm run seed   another store (default: .netlify/blobs-serve, npm start's)
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setEnvironmentContext } from '@netlify/blobs';
import { AtomicBlobsServer } from './atomic-blobs-server.mjs';
import { loadServerModule } from './server-module.mjs';

/**
 * Seeds the store in `blobsDir`. `plan` adjusts the demo plan of `count` bookings
 * (e.g. bookings only, or a wider time span). Resolves to what was written.
 */
export async function seedLocalStore({ blobsDir, count, plan = (base) => base, onProgress }) {
  return withLocalStore(blobsDir, async () => {
    const { seedDemoData, demoPlan } = await loadServerModule('netlify/local/demo/seed.ts');
    return seedDemoData(plan(demoPlan(count)), { onProgress });
  });
}

/**
 * Runs `write` with the Blobs store in `blobsDir` as this process's store (no server may be
 * serving the folder meanwhile), so server modules write to it as the site would.
 */
export async function withLocalStore(blobsDir, write) {
  const token = randomBytes(16).toString('hex');
  const server = new AtomicBlobsServer({ directory: blobsDir, token });
  const { port } = await server.start();
  const context = {
    siteID: 'local-site',
    deployID: '0',
    token,
    edgeURL: `http://localhost:${port}`,
    uncachedEdgeURL: `http://localhost:${port}`,
    primaryRegion: 'us-east-2',
  };
  setEnvironmentContext(context);
  process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(JSON.stringify(context)).toString('base64');
  try {
    return await write();
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const count = Number(process.argv[2] ?? 200);
  if (!Number.isInteger(count) || count < 1 || count > 100_000) {
    console.error('Usage: npm run seed -- [number of bookings, 1 to 100000; default 200]');
    process.exit(1);
  }
  const blobsDir = resolve(process.env.BLOBS_DIR ?? '.netlify/blobs-serve');
  console.log(`Seeding ${count} bookings and related leads into ${blobsDir} ...`);
  const started = performance.now();
  const summary = await seedLocalStore({
    blobsDir,
    count,
    onProgress: (done, total) => process.stdout.write(`\r  ${done} / ${total} leads`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nStored in ${seconds} s:`, summary);
  console.log('Start the site with `npm start` and sign in at /admin/login to see them.');
}
