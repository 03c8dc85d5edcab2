// Each function's `config.rateLimit`, applied before the function runs, as Netlify's edge
// does (docs/local-server.md). The rule is read from what zip-it-and-ship-it writes into
// the deploy manifest (`trafficRules`), so its defaults are Netlify's own: a rule with no
// `aggregateBy` list counts every request to the domain together, the algorithm is the
// sliding window, and `action: 'rewrite'` serves `to` instead of refusing.
import { SlidingWindowLimiter } from './sliding-window.mjs';

const AGGREGATE_KEYS = new Set(['ip', 'domain']);

/**
 * The manifest's shape (zip-it-and-ship-it's TrafficRules).
 * @typedef {{
 *   action: {
 *     type: string,
 *     config: {
 *       to?: string,
 *       rateLimitConfig: { windowLimit: number, windowSize: number, algorithm?: string },
 *       aggregate: { keys: { type: string }[] },
 *     },
 *   },
 * }} TrafficRules
 * @typedef {{ limit: number, windowMs: number, keys: string[], rewriteTo: string | null }} RateRule
 * @typedef {{ retryAfterSeconds: number, rewriteTo: string | null }} Limited
 */

/**
 * A function's rule, or null when it has none. A rule the server cannot apply stops the
 * server from starting: serving the function without its limit would hide it.
 * @param {string} name
 * @param {TrafficRules | undefined} trafficRules
 * @returns {RateRule | null}
 */
export function readRateRule(name, trafficRules) {
  if (!trafficRules) return null;
  const problem = (/** @type {string} */ what) =>
    new Error(`functions: ${name} has a rateLimit the local server cannot apply: ${what}`);
  const { type, config } = trafficRules.action ?? {};
  if (type !== 'rate_limit' && type !== 'rewrite') throw problem(`action "${type}"`);
  const { windowLimit, windowSize, algorithm } = config?.rateLimitConfig ?? {};
  if (algorithm !== undefined && algorithm !== 'sliding_window') throw problem(`algorithm "${algorithm}"`);
  if (!Number.isInteger(windowLimit) || windowLimit < 0) throw problem(`windowLimit ${windowLimit}`);
  if (typeof windowSize !== 'number' || !Number.isFinite(windowSize) || windowSize <= 0)
    throw problem(`windowSize ${windowSize}`);
  const keys = (config.aggregate?.keys ?? []).map((key) => key.type);
  const unknown = keys.find((key) => !AGGREGATE_KEYS.has(key));
  if (unknown !== undefined) throw problem(`aggregateBy "${unknown}"`);
  let rewriteTo = null;
  if (type === 'rewrite') {
    if (typeof config.to !== 'string' || !config.to.startsWith('/'))
      throw problem(`rewrite needs "to", a path on the site (got ${JSON.stringify(config.to)})`);
    rewriteTo = config.to;
  }
  return { limit: windowLimit, windowMs: windowSize * 1000, keys, rewriteTo };
}

/**
 * @param {{
 *   functions: { name: string, trafficRules?: TrafficRules }[],
 *   enabled?: boolean,
 *   now?: () => number,
 * }} options `enabled: false` lets every request through; the rules are still read, so a
 *   broken one is found whichever way the server runs.
 */
export function createRateLimits({ functions, enabled = true, now = Date.now }) {
  /** @type {Map<string, RateRule>} */
  const rules = new Map();
  for (const fn of functions) {
    const rule = readRateRule(fn.name, fn.trafficRules);
    if (rule) rules.set(fn.name, rule);
  }
  const limiter = new SlidingWindowLimiter({ now });

  return {
    enabled,
    /** Names of the functions that have a rule. */
    limited: [...rules.keys()],
    /**
     * Counts the request against the function's rule. Null lets it through; otherwise
     * the rule's answer: the path to rewrite to, or how long until the window frees.
     * @param {{ name: string }} fn
     * @param {Request} request
     * @param {string} ip the client address the function's `context.ip` gets
     * @returns {Limited | null}
     */
    check(fn, request, ip) {
      const rule = rules.get(fn.name);
      if (!enabled || !rule) return null;
      const domain = new URL(request.url).hostname;
      const bucket = JSON.stringify([fn.name, ...rule.keys.map((key) => (key === 'ip' ? ip : domain))]);
      const decision = limiter.take(bucket, rule);
      if (decision.allowed) return null;
      return { retryAfterSeconds: Math.max(1, Math.ceil(decision.retryAfterMs / 1000)), rewriteTo: rule.rewriteTo };
    },
  };
}

/**
 * The refusal: 429, Retry-After in whole seconds, and the site's JSON error shape.
 * @param {number} retryAfterSeconds
 */
export function tooManyRequests(retryAfterSeconds) {
  return Response.json(
    { error: `Too many requests. Try again in ${retryAfterSeconds} seconds.` },
    { status: 429, headers: { 'retry-after': String(retryAfterSeconds), 'cache-control': 'no-store' } },
  );
}
