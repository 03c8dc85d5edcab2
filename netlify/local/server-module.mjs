// Loads a server module written in TypeScript (src/server/...) into a plain Node script:
// esbuild bundles our own code into one file under node_modules/.cache, leaving the
// packages to Node, so a script runs exactly the code the functions run.
import { mkdir } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

export async function loadServerModule(entry) {
  const outdir = resolve('node_modules/.cache/ccc-local');
  await mkdir(outdir, { recursive: true });
  const outfile = join(outdir, `${basename(entry).replace(/\.ts$/, '')}-${process.pid}.mjs`);
  await build({
    entryPoints: [resolve(entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  });
  return import(pathToFileURL(outfile).href);
}
