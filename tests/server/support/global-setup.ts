// Before the server tests: a production build must exist (`npm test` builds once before
// them; a lone `npm run test:server` builds when there is none), and the function
// bundles are made once here, so the test files' servers all start from the same build.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot, startServerProcess } from './server-process.ts';
import { FIXTURE_FUNCTIONS, PORTS } from './ports.ts';

export default async function setup(): Promise<void> {
  if (!existsSync(join(projectRoot, '.netlify/v1/functions/ssr/ssr.mjs')) || !existsSync(join(projectRoot, 'dist'))) {
    const build = spawnSync('npx', ['astro', 'build'], { cwd: projectRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('astro build failed');
  }
  for (const args of [[], ['--functions', FIXTURE_FUNCTIONS]]) {
    const server = await startServerProcess({ port: PORTS.setup, args, pollMs: 100 });
    await server.stop();
  }
}
