// Writes paying clients' sessions that started hours ago (pastSession.ts) into the Blobs folder
// BLOBS_DIR, before a server serves it; prints [{ clientId, sessionId, start }] as JSON. The
// clients are the first argument:
//
//   BLOBS_DIR=... node tests/e2e/support/seed-past-session.mjs '[{"name":...,"phone":...,"email":...}]'
import { resolve } from 'node:path';
import { withLocalStore } from '../../../netlify/local/seed.mjs';
import { loadServerModule } from '../../../netlify/local/server-module.mjs';

const people = JSON.parse(process.argv[2] ?? '[]');
if (!process.env.BLOBS_DIR) throw new Error('BLOBS_DIR names the store to write');
const seeded = await withLocalStore(resolve(process.env.BLOBS_DIR), async () => {
  const { seedPastSessions } = await loadServerModule('tests/e2e/support/pastSession.ts');
  return seedPastSessions(people);
});
process.stdout.write(JSON.stringify(seeded));
