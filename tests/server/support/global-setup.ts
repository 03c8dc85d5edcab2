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
  // The two bundles (the site's functions, and the site's with the fixtures) are separate
  // builds in separate folders: made side by side, on two ports, they take the time of one.
  await Promise.all(
    [
      { port: PORTS.setup, args: [] },
      { port: PORTS.setupFixtures, args: ['--functions', FIXTURE_FUNCTIONS] },
    ].map(async ({ port, args }) => {
      const server = await startServerProcess({ port, args, pollMs: 100 });
      await server.stop();
    }),
  );
}
