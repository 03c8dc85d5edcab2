// The site as the server needs it: its Netlify configuration and every function, loaded
// once into this process (the user's from their fresh bundle, the framework's SSR
// function from where the Frameworks API put it). Configuration and bundling run in a
// worker thread (see prepare-worker.mjs).
import { Worker } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import { byPriority } from './router.mjs';

/**
 * @typedef {{
 *   configPath?: string,
 *   publishDir: string,
 *   functionsDir: string,
 *   generatedFunctionsDir: string,
 *   frameworkHeaders: object[],
 *   frameworkRedirects: object[],
 * }} SiteConfig
 */

/**
 * @param {{ projectRoot: string, extraFunctionDirs?: string[], log?: (message: string) => void }} options
 * @returns {Promise<{ siteConfig: SiteConfig, functions: import('./invoke.mjs').LocalFunction[] }>}
 */
export async function loadSite({ projectRoot, extraFunctionDirs = [], log = () => {} }) {
  /** @type {{ siteConfig: SiteConfig, functions: import('./bundle-functions.mjs').BundledFunction[], messages: string[] }} */
  const prepared = await new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./prepare-worker.mjs', import.meta.url), {
      workerData: { projectRoot, extraFunctionDirs },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`Preparing the functions stopped (exit code ${code})`)));
  });
  prepared.messages.forEach((message) => log(message));

  const loaded = await Promise.all(
    prepared.functions.map(async ({ modulePath, ...fn }) => {
      const module = await import(pathToFileURL(modulePath).href);
      if (typeof module.default !== 'function') {
        log(`functions: ${fn.name} has no default export (Lambda-style functions are not served locally); skipped`);
        return null;
      }
      return { ...fn, handler: module.default };
    }),
  );
  return { siteConfig: prepared.siteConfig, functions: byPriority(loaded.filter((fn) => fn !== null)) };
}
