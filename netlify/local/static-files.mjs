// Files of the publish folder, found by Netlify's @netlify/static (with its pretty-URL
// rules: /about -> about.html or about/index.html) and given the custom header rules of
// netlify.toml, _headers and the framework by @netlify/headers. As on Netlify, header
// rules apply to these files only, not to functions or server-rendered pages.
//
// On Netlify a deploy's files and rules never change; here a build is the deploy, so what
// a path resolves to, its rule headers and its text compressed once with the strongest
// settings are kept for the server's life (a new build means a new `npm start`).
import { HeadersHandler } from '@netlify/headers';
import { StaticHandler } from '@netlify/static';
import { chooseEncoding, compressOnce, isCompressible, varyOnEncoding } from './compression.mjs';

/** Larger text files are read from disk on every request rather than held in memory. */
const MAX_CACHED_BYTES = 8 * 1024 * 1024;
/** Paths remembered, found or not; a flood of made-up paths only stops the remembering. */
const MAX_REMEMBERED_PATHS = 10_000;

/**
 * @typedef {import('./compression.mjs').Encoding} Encoding
 * @typedef {{
 *   kind: 'memory',
 *   body: Buffer,
 *   headers: Headers,
 *   status: number,
 *   encoded: Map<Encoding, Promise<Buffer>>,
 * }} FileInMemory
 * @typedef {{ kind: 'disk', match: import('@netlify/static').StaticMatch, ruleHeaders: Record<string, string> }} FileOnDisk
 */

/**
 * @param {{ projectRoot: string, publishDir: string, configPath?: string, frameworkHeaders: object[] }} options
 */
export function createStaticFiles({ projectRoot, publishDir, configPath, frameworkHeaders }) {
  const files = new StaticHandler({ directory: [publishDir] });
  const headerRules = new HeadersHandler({
    configPath,
    configHeaders: /** @type {any} */ (frameworkHeaders),
    projectDir: projectRoot,
    publishDir,
    logger: console,
  });
  /** @type {Map<string, Promise<FileInMemory | FileOnDisk | null>>} */
  const paths = new Map();

  /**
   * @param {Request} request
   * @returns {Promise<FileInMemory | FileOnDisk | null>}
   */
  async function resolveFile(request) {
    const match = await files.match(request);
    if (!match) return null;
    const ruleHeaders = await headerRules.apply(request);
    const response = await match.handle();
    const length = Number(response.headers.get('content-length') ?? NaN);
    if (!isCompressible(response.headers.get('content-type')) || length > MAX_CACHED_BYTES) {
      await response.body?.cancel();
      return { kind: 'disk', match, ruleHeaders };
    }
    const body = Buffer.from(await response.arrayBuffer());
    if (body.length > MAX_CACHED_BYTES) return { kind: 'disk', match, ruleHeaders };
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(ruleHeaders)) headers.set(name, value);
    varyOnEncoding(headers);
    return { kind: 'memory', body, headers, status: response.status, encoded: new Map() };
  }

  return {
    /**
     * The static file for this request, if there is one.
     * @param {Request} request
     * @returns {Promise<(() => Promise<Response>) | undefined>}
     */
    async find(request) {
      const key = new URL(request.url).pathname;
      let known = paths.get(key);
      if (!known) {
        known = resolveFile(request);
        // A failed read is not remembered: the next request tries again.
        if (paths.size < MAX_REMEMBERED_PATHS)
          paths.set(
            key,
            known.catch(() => (paths.delete(key), null)),
          );
      }
      const file = await known;
      if (!file) return undefined;
      if (file.kind === 'memory') return async () => fromMemory(request, file);
      return async () => {
        const response = await file.match.handle();
        for (const [name, value] of Object.entries(file.ruleHeaders)) response.headers.set(name, value);
        return response;
      };
    },
  };
}

/**
 * @param {Request} request
 * @param {FileInMemory} file
 */
async function fromMemory(request, file) {
  const headers = new Headers(file.headers);
  const encoding =
    request.method === 'HEAD' || request.headers.has('range')
      ? null
      : chooseEncoding(request.headers.get('accept-encoding'));
  let body = file.body;
  if (encoding) {
    let encoded = file.encoded.get(encoding);
    if (!encoded) {
      encoded = compressOnce(file.body, encoding);
      file.encoded.set(encoding, encoded);
    }
    body = await encoded;
    headers.set('content-encoding', encoding);
  }
  headers.set('content-length', String(body.length));
  return new Response(request.method === 'HEAD' ? null : body, { status: file.status, headers });
}
