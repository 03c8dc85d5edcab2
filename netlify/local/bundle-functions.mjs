// Bundles the site's functions once with Netlify's own build (zip-it-and-ship-it, the
// step a deploy runs), before the server listens. Netlify's emulator builds each function
// lazily on its first call, so a burst on a fresh server raced on the build folder.
//
// A build is reused while none of its inputs changed (sources, packages, settings), so a
// restart costs milliseconds. Each build goes to its own folder and a pointer file is
// swapped in atomically, so servers starting side by side never read a half-written build.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { listFunctions, zipFunctions } from '@netlify/zip-it-and-ship-it';

/** What Netlify's CLI turns on for v2 (ESM) functions. */
const FEATURE_FLAGS = { zisi_pure_esm: true, zisi_pure_esm_mjs: true };
const POINTER = 'current.json';
const OLD_BUILD_AGE_MS = 10 * 60 * 1000;
const BACKGROUND_SUFFIX = '-background';
/**
 * Bumped whenever `describe` records something new, so a build described by an older
 * server is made again instead of reused without it (a reused build without
 * `trafficRules` would serve every function unlimited).
 */
const DESCRIPTION_VERSION = 2;

/**
 * @typedef {{
 *   name: string,
 *   modulePath: string,
 *   routes: import('./router.mjs').Route[],
 *   excludedRoutes: import('./router.mjs').Route[],
 *   schedule?: string,
 *   background: boolean,
 *   priority: number,
 *   trafficRules?: import('./rate-limits.mjs').TrafficRules,
 * }} BundledFunction
 */

/**
 * @param {{
 *   projectRoot: string,
 *   directories: string[],
 *   bundlerConfig: Record<string, unknown>,
 *   outRoot: string,
 *   log?: (message: string) => void,
 * }} options
 * @returns {Promise<BundledFunction[]>}
 */
export async function bundleFunctions({ projectRoot, directories, bundlerConfig, outRoot, log = () => {} }) {
  const dirs = directories.map((dir) => resolve(projectRoot, dir)).filter((dir) => existsSync(dir));
  const settings = JSON.stringify({ dirs, bundlerConfig, FEATURE_FLAGS, DESCRIPTION_VERSION });
  const outDir = join(outRoot, createHash('sha256').update(settings).digest('hex').slice(0, 12));
  const pointerPath = join(outDir, POINTER);

  const previous = await readPointer(pointerPath);
  if (previous && previous.settings === settings && (await unchanged(previous.inputs))) {
    log(`functions: reusing the build in ${previous.buildDir}`);
    return previous.functions;
  }

  const started = Date.now();
  const buildDir = join(outDir, `build-${started}-${process.pid}`);
  const results = await zipFunctions({ user: { directories: dirs } }, buildDir, {
    archiveFormat: 'none',
    basePath: projectRoot,
    repositoryRoot: projectRoot,
    config: bundlerConfig,
    featureFlags: FEATURE_FLAGS,
  });
  const functions = await Promise.all(results.map(describe));
  const inputs = await fingerprint([
    ...dirs,
    ...results.flatMap((result) => [result.mainFile, ...(result.inputs ?? []), ...(result.includedFiles ?? [])]),
    join(projectRoot, 'package-lock.json'),
    // Which server files esbuild may drop (docs/architecture.md): a change rebundles.
    join(projectRoot, 'src/server/package.json'),
  ]);
  await writeAtomically(pointerPath, JSON.stringify({ settings, buildDir, functions, inputs }));
  await removeOldBuilds(outDir, buildDir);
  log(`functions: bundled ${functions.length} in ${Date.now() - started} ms`);
  return functions;
}

/**
 * The module Netlify's bootstrap would load (named in the generated entry point), and
 * the routing facts and rate limit zip-it-and-ship-it read from the function's `config`.
 * @param {any} result a zip-it-and-ship-it FunctionResult
 * @returns {Promise<BundledFunction>}
 */
async function describe(result) {
  const entry = await readFile(join(result.path, result.entryFilename), 'utf8');
  const userModule = /getLambdaHandler\(\s*['"]([^'"]+)['"]\s*\)/.exec(entry)?.[1];
  if (!userModule) throw new Error(`Cannot find the function module in ${join(result.path, result.entryFilename)}`);
  return {
    name: result.name,
    modulePath: join(result.path, userModule),
    routes: result.routes ?? [],
    excludedRoutes: result.excludedRoutes ?? [],
    schedule: result.schedule,
    background: result.invocationMode === 'background',
    priority: result.priority ?? 10,
    trafficRules: result.trafficRules,
  };
}

/** @param {string} path */
async function readPointer(path) {
  try {
    const pointer = JSON.parse(await readFile(path, 'utf8'));
    return existsSync(pointer.buildDir) ? pointer : null;
  } catch {
    return null;
  }
}

/**
 * Modification times of every input; a folder's changes when a file is added or removed.
 * @param {string[]} paths
 * @returns {Promise<Record<string, number>>}
 */
async function fingerprint(paths) {
  const unique = [...new Set(paths)];
  const times = await Promise.all(unique.map(async (path) => (await stat(path).catch(() => null))?.mtimeMs ?? -1));
  return Object.fromEntries(unique.map((path, index) => [path, times[index] ?? -1]));
}

/** @param {Record<string, number>} inputs */
async function unchanged(inputs) {
  const now = await fingerprint(Object.keys(inputs));
  return Object.entries(inputs).every(([path, time]) => now[path] === time);
}

/**
 * @param {string} path
 * @param {string} content
 */
async function writeAtomically(path, content) {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, content);
  await rename(temporary, path);
}

/**
 * Old builds go once they are old enough that no server can still be loading them.
 * @param {string} outDir
 * @param {string} keep
 */
async function removeOldBuilds(outDir, keep) {
  const entries = await readdir(outDir, { withFileTypes: true });
  const cutoff = Date.now() - OLD_BUILD_AGE_MS;
  await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('build-') && entry.name !== basename(keep))
      .filter((entry) => Number(entry.name.split('-')[1]) < cutoff)
      .map((entry) => rm(join(outDir, entry.name), { recursive: true, force: true })),
  );
}

/**
 * The functions a framework generated (Astro's SSR function), which its adapter already
 * bundled: they are loaded where they are, with the routes their `config` declares.
 * @param {string} directory
 * @returns {Promise<BundledFunction[]>}
 */
export async function listGeneratedFunctions(directory) {
  if (!existsSync(directory)) return [];
  const listed = await listFunctions({ generated: { directories: [directory] } }, { parseISC: true });
  return listed
    .filter((fn) => fn.runtime === 'js')
    .map((fn) => ({
      name: fn.name,
      modulePath: fn.mainFile,
      routes: fn.routes ?? [],
      excludedRoutes: fn.excludedRoutes ?? [],
      schedule: fn.schedule,
      background: fn.name.endsWith(BACKGROUND_SUFFIX),
      // Netlify's priority for generated functions: a user's function on the same path wins.
      priority: 0,
    }));
}
