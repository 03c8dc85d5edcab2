// Which function answers a request path, the way Netlify routes `config.path`.
// Routes come from zip-it-and-ship-it (the same `literal` / `expression` entries Netlify's
// manifest carries), so the URLPattern semantics are Netlify's own; this module only
// orders and applies them, as @netlify/functions-dev does.

/** Functions without `config.path` answer here, like on Netlify. */
const DEFAULT_FUNCTION_PATH = /^\/\.netlify\/(?:functions|builders)\/([^/]+)/;

/**
 * Netlify compares paths without a trailing slash and case-insensitively.
 * @param {string} pathname
 */
export function normalisePath(pathname) {
  const trimmed = pathname !== '/' && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return trimmed.toLowerCase();
}

/** @type {Map<string, RegExp>} */
const compiled = new Map();

/**
 * @param {{ literal?: string, expression?: string }} route
 * @param {string} path normalised path
 */
function routeMatches(route, path) {
  if (route.literal !== undefined) return path === route.literal.toLowerCase();
  if (route.expression === undefined) return false;
  let expression = compiled.get(route.expression);
  if (!expression) {
    expression = new RegExp(route.expression);
    compiled.set(route.expression, expression);
  }
  return expression.test(path);
}

/**
 * A user's function wins over a generated one (the SSR function of the framework), as
 * Netlify's `priority` says; among equals, the order given (alphabetical from the build).
 * @template {{ priority?: number }} F
 * @param {F[]} functions
 * @returns {F[]}
 */
export function byPriority(functions) {
  return [...functions].sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
}

/**
 * @typedef {{ pattern: string, literal?: string, expression?: string, methods?: string[], prefer_static?: boolean }} Route
 * @typedef {{ name: string, routes: Route[], excludedRoutes?: Route[], priority?: number, schedule?: string }} Routable
 */

/**
 * Finds the function for a path and method. Returns the function and the route it
 * matched (null for the default `/.netlify/functions/<name>` path), or undefined.
 * Scheduled functions have no public URL on Netlify, so they never match.
 * @template {Routable} F
 * @param {F[]} functions ordered by `byPriority`
 * @param {string} pathname
 * @param {string} method
 * @returns {{ fn: F, route: Route | null } | undefined}
 */
export function matchFunction(functions, pathname, method) {
  const path = normalisePath(pathname);
  const byDefaultPath = DEFAULT_FUNCTION_PATH.exec(pathname);
  if (byDefaultPath) {
    const fn = functions.find((candidate) => candidate.name === byDefaultPath[1]);
    // A function with its own paths is not reachable on the default one.
    if (!fn || fn.schedule || fn.routes.length > 0) return undefined;
    return { fn, route: null };
  }
  for (const fn of functions) {
    if (fn.schedule) continue;
    const route = fn.routes.find((candidate) => {
      if (candidate.methods && candidate.methods.length > 0 && !candidate.methods.includes(method)) return false;
      return routeMatches(candidate, path);
    });
    if (!route) continue;
    if ((fn.excludedRoutes ?? []).some((excluded) => routeMatches(excluded, path))) continue;
    return { fn, route };
  }
  return undefined;
}

/** @type {Map<string, URLPattern | null>} */
const patterns = new Map();

/**
 * The route's named and positional groups, as Netlify puts them in `context.params`
 * (URLPattern on the declared pattern, undefined groups left out).
 * @param {string | undefined} pattern
 * @param {string} url
 * @returns {Record<string, string>}
 */
export function routeParams(pattern, url) {
  // A path with no parameter, wildcard or group has nothing to extract.
  if (!pattern || !/[:*({]/.test(pattern)) return {};
  let compiledPattern = patterns.get(pattern);
  if (compiledPattern === undefined) {
    try {
      compiledPattern = new URLPattern({ pathname: pattern });
    } catch {
      compiledPattern = null;
    }
    patterns.set(pattern, compiledPattern);
  }
  if (!compiledPattern) return {};
  const { pathname } = new URL(url);
  const path = pathname !== '/' && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const groups = compiledPattern.exec({ pathname: path })?.pathname.groups;
  if (!groups) return {};
  return Object.fromEntries(Object.entries(groups).filter(([, value]) => value !== undefined));
}
