// Every API test file gets its own real local Blobs server in a fresh temp folder.
import { mkdtemp, rm } from 'node:fs/promises';
import { scratchDir } from '../../support/scratch';
import { join } from 'node:path';
import { setEnvironmentContext } from '@netlify/blobs';
import { AtomicBlobsServer } from '../../../netlify/local/atomic-blobs-server.mjs';
import { answerBlobsInProcess } from '../../../netlify/local/blobs.mjs';
import { afterAll } from 'vitest';

const directory = await mkdtemp(join(scratchDir(), 'ccc-blobs-'));
const token = 'api-test-token';
const server = new AtomicBlobsServer({ directory, token });
const { port } = await server.start();
// As on `npm start`: this process's Blobs calls go to the store directly; other processes
// (the tests' function instances) use its port.
const restoreFetch = answerBlobsInProcess(`http://localhost:${port}`, server);

/** Delays every Blobs call of this file's server by `ms` (0: none), as Netlify's round trips do. */
export const setBlobsLatency = (ms: number) => server.setLatency(ms);

export const blobsContext = {
  siteID: 'api-test-site',
  deployID: '0',
  token,
  edgeURL: `http://localhost:${port}`,
  uncachedEdgeURL: `http://localhost:${port}`,
  primaryRegion: 'us-east-2',
};
setEnvironmentContext(blobsContext);
// The API tests play the project's local server (its explicit local marker); tests of
// a deployed site remove it.
process.env.NETLIFY_LOCAL = 'true';

afterAll(async () => {
  restoreFetch();
  await server.stop();
  await rm(directory, { recursive: true, force: true });
});
