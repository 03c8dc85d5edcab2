// Reads the site's configuration and bundles its functions in a worker thread. Netlify's
// build tools patch globalThis.fetch and node:http when imported (their function
// bootstrap's telemetry); the worker keeps that out of the server that answers requests.
import { parentPort, workerData } from 'node:worker_threads';
import { join } from 'node:path';
import { bundleFunctions, listGeneratedFunctions } from './bundle-functions.mjs';
import { readSiteConfig, toBundlerConfig } from './site-config.mjs';

/** @type {{ projectRoot: string, extraFunctionDirs: string[] }} */
const { projectRoot, extraFunctionDirs } = workerData;

const siteConfig = await readSiteConfig(projectRoot);
/** @type {string[]} */
const messages = [];
// The site's functions and each extra folder are bundled (and their bundles reused) on their
// own: a server with the tests' fixtures reuses the site's bundles instead of making them again.
const bundles = [];
for (const directory of [siteConfig.functionsDir, ...extraFunctionDirs])
  bundles.push(
    await bundleFunctions({
      projectRoot,
      directories: [directory],
      bundlerConfig: toBundlerConfig(siteConfig.functionsConfig, projectRoot),
      outRoot: join(projectRoot, '.netlify/local-functions'),
      log: (message) => messages.push(message),
    }),
  );
/** @type {import('./bundle-functions.mjs').BundledFunction[]} */
const bundled = [];
for (const fn of bundles.flat()) {
  if (bundled.some((known) => known.name === fn.name))
    throw new Error(`Two functions are named ${fn.name}: rename the one in the extra folder.`);
  bundled.push(fn);
}
const userNames = new Set(bundled.map((fn) => fn.name));
const generated = (await listGeneratedFunctions(siteConfig.generatedFunctionsDir)).filter(
  (fn) => !userNames.has(fn.name),
);
parentPort?.postMessage({ siteConfig, functions: [...bundled, ...generated], messages });
