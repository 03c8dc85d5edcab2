// The site's Netlify configuration as the platform sees it: netlify.toml resolved by
// Netlify's own @netlify/config, plus what the framework declared through the
// Frameworks API (.netlify/v1/config.json: the adapter's cache headers for /_astro/*).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveConfig } from '@netlify/config';

/** Where frameworks put generated functions and config (Netlify's Frameworks API). */
export const FRAMEWORKS_API_DIR = '.netlify/v1';

/**
 * @param {string} projectRoot
 */
export async function readSiteConfig(projectRoot) {
  const tomlPath = join(projectRoot, 'netlify.toml');
  const resolved = await resolveConfig({
    config: existsSync(tomlPath) ? tomlPath : undefined,
    context: 'production',
    cwd: projectRoot,
    repositoryRoot: projectRoot,
    offline: true,
    mode: 'cli',
  });
  const frameworks = await readFrameworksConfig(projectRoot);
  const { config } = resolved;
  return {
    configPath: resolved.configPath,
    publishDir: config.build.publish ?? projectRoot,
    functionsDir: config.functionsDirectory ?? join(projectRoot, 'netlify/functions'),
    generatedFunctionsDir: join(projectRoot, FRAMEWORKS_API_DIR, 'functions'),
    /** netlify.toml `[functions]`, keyed by name pattern ('*' for all). */
    functionsConfig: /** @type {Record<string, Record<string, unknown>>} */ (config.functions ?? {}),
    /** Header rules from the framework; netlify.toml's are read from configPath. */
    frameworkHeaders: Array.isArray(frameworks.headers) ? frameworks.headers : [],
    /** Redirect rules from the framework; netlify.toml's and _redirects are read as files. */
    frameworkRedirects: Array.isArray(frameworks.redirects) ? frameworks.redirects : [],
  };
}

/** @param {string} projectRoot */
async function readFrameworksConfig(projectRoot) {
  const path = join(projectRoot, FRAMEWORKS_API_DIR, 'config.json');
  if (!existsSync(path)) return {};
  return JSON.parse(await readFile(path, 'utf8'));
}

/**
 * netlify.toml's function settings in the shape zip-it-and-ship-it takes, as Netlify's
 * own CLI converts them (@netlify/functions-dev, normalizeFunctionsConfig).
 * @param {Record<string, Record<string, any>>} functionsConfig
 * @param {string} projectRoot
 */
export function toBundlerConfig(functionsConfig, projectRoot) {
  return Object.fromEntries(
    Object.entries(functionsConfig).map(([pattern, config]) => [
      pattern,
      {
        externalNodeModules: config.external_node_modules,
        includedFiles: config.included_files,
        includedFilesBasePath: projectRoot,
        ignoredNodeModules: config.ignored_node_modules,
        nodeBundler: config.node_bundler === 'esbuild' ? 'esbuild_zisi' : config.node_bundler,
        schedule: config.schedule,
      },
    ]),
  );
}
