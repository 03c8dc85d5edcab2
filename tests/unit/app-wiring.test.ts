import { readdirSync, readFileSync } from 'node:fs';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

// Features publish follow-up events and send outbox entries through what the composition root
// installs (src/server/app/install.ts). A function whose code can reach either must import the
// root itself, or it throws at its first lead in production; a function that cannot reach them
// must not, or every cold start loads the whole server (docs/architecture.md, "Composition
// root"). Each function is bundled as Netlify bundles it (esbuild, which drops what nothing
// uses: src/server/package.json says which server files do work when imported).

const FUNCTIONS = 'netlify/functions';
const INSTALLED = [
  'src/server/followUp/publish.ts',
  'src/server/notifications/channels.ts',
  'src/server/booking/busy.ts',
];
const INSTALL = 'src/server/app/install.ts';
const ROOT_IMPORT = "import '../../src/server/app';";

/** The server files a function's bundle holds, with or without its own import of the root. */
async function bundledFiles(fn: string, withRootImport: boolean): Promise<string[]> {
  const dropRootImport: Plugin = {
    name: 'drop-root-import',
    setup(on) {
      on.onLoad({ filter: /netlify[\\/]functions[\\/][^\\/]+\.mts$/ }, (args) => ({
        contents: readFileSync(args.path, 'utf8').replace(ROOT_IMPORT, ''),
        loader: 'ts',
      }));
    },
  };
  const result = await build({
    entryPoints: [`${FUNCTIONS}/${fn}`],
    bundle: true,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    loader: { '.jpg': 'file' },
    write: false,
    outdir: 'bundle',
    metafile: true,
    logLevel: 'silent',
    plugins: withRootImport ? [] : [dropRootImport],
  });
  // The files that put code in the output: what tree shaking kept, not every file it read.
  return Object.values(result.metafile.outputs).flatMap((output) => Object.keys(output.inputs));
}

const functions = readdirSync(FUNCTIONS).filter((name) => name.endsWith('.mts'));

describe('the composition root', () => {
  it('is installed by every function that can publish a follow-up or send a message, and only by those', async () => {
    const unwired: string[] = [];
    const needless: string[] = [];
    let needing = 0;
    for (const fn of functions) {
      const reached = await bundledFiles(fn, false);
      const needs = INSTALLED.some((file) => reached.includes(file));
      const installs = (await bundledFiles(fn, true)).includes(INSTALL);
      if (needs) needing += 1;
      if (needs && !installs) unwired.push(fn);
      if (!needs && readFileSync(`${FUNCTIONS}/${fn}`, 'utf8').includes(ROOT_IMPORT)) needless.push(fn);
    }
    expect(unwired).toEqual([]);
    expect(needless).toEqual([]);
    // The check sees the functions that need it: most of them do.
    expect(needing).toBeGreaterThan(20);
  }, 120_000);
});
