// Writes discovery calls that have started (startedCalls.ts) into the Blobs folder BLOBS_DIR,
// before a server serves it; prints the calls as JSON. The requests are the first argument:
//
//   BLOBS_DIR=... node tests/e2e/support/seed-started-calls.mjs '[{"name":...,"phone":...,"attribution":{...}}]'
import { resolve } from 'node:path';
import { withLocalStore } from '../../../netlify/local/seed.mjs';
import { loadServerModule } from '../../../netlify/local/server-module.mjs';

const requests = JSON.parse(process.argv[2] ?? '[]');
if (!process.env.BLOBS_DIR) throw new Error('BLOBS_DIR names the store to write');
const calls = await withLocalStore(resolve(process.env.BLOBS_DIR), async () => {
  const { seedStartedCalls } = await loadServerModule('tests/e2e/support/startedCalls.ts');
  return seedStartedCalls(requests);
});
process.stdout.write(JSON.stringify(calls));
