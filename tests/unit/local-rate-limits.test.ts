import { describe, expect, test } from 'vitest';
import { getTrafficRulesConfig } from '@netlify/zip-it-and-ship-it/dist/rate_limit.js';
import { createRateLimits, readRateRule, tooManyRequests } from '../../netlify/local/rate-limits.mjs';
import { SlidingWindowLimiter } from '../../netlify/local/sliding-window.mjs';

/** A clock the test moves by hand. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const MINUTE = { limit: 3, windowMs: 60_000 };

describe('SlidingWindowLimiter', () => {
  test('lets `limit` requests through in a window and refuses the next, saying when the oldest leaves it', () => {
    const time = clock();
    const limiter = new SlidingWindowLimiter({ now: time.now });
    expect(limiter.take('a', MINUTE)).toEqual({ allowed: true });
    time.advance(10_000);
    expect(limiter.take('a', MINUTE)).toEqual({ allowed: true });
    expect(limiter.take('a', MINUTE)).toEqual({ allowed: true });
    time.advance(5_000);
    expect(limiter.take('a', MINUTE)).toEqual({ allowed: false, retryAfterMs: 45_000 });
  });

  test('the window slides: one place frees as each counted request turns a window old, not all at a boundary', () => {
    const time = clock();
    const limiter = new SlidingWindowLimiter({ now: time.now });
    limiter.take('a', MINUTE); // t = 0
    time.advance(20_000);
    limiter.take('a', MINUTE); // t = 20 s
    limiter.take('a', MINUTE); // t = 20 s
    time.advance(39_999); // t = 59.999 s: the first is still inside
    expect(limiter.take('a', MINUTE)).toEqual({ allowed: false, retryAfterMs: 1 });
    time.advance(1); // t = 60 s: the first has left, one place
    expect(limiter.take('a', MINUTE)).toEqual({ allowed: true });
    expect(limiter.take('a', MINUTE)).toEqual({ allowed: false, retryAfterMs: 20_000 });
  });

  test('a refused request is not counted: a client that keeps trying still gets in when the window frees', () => {
    const time = clock();
    const limiter = new SlidingWindowLimiter({ now: time.now });
    for (let i = 0; i < 3; i += 1) limiter.take('a', MINUTE);
    for (let second = 1; second < 60; second += 1) {
      time.advance(1000);
      expect(limiter.take('a', MINUTE).allowed).toBe(false);
    }
    time.advance(1000);
    expect(limiter.take('a', MINUTE)).toEqual({ allowed: true });
  });

  test('buckets are counted apart', () => {
    const limiter = new SlidingWindowLimiter({ now: clock().now });
    for (let i = 0; i < 3; i += 1) limiter.take('a', MINUTE);
    expect(limiter.take('a', MINUTE).allowed).toBe(false);
    expect(limiter.take('b', MINUTE)).toEqual({ allowed: true });
  });

  test('a limit of 0 refuses everything, for a whole window', () => {
    const limiter = new SlidingWindowLimiter({ now: clock().now });
    expect(limiter.take('a', { limit: 0, windowMs: 30_000 })).toEqual({ allowed: false, retryAfterMs: 30_000 });
  });

  test('buckets idle for a whole window are dropped, busy ones kept', () => {
    const time = clock();
    const limiter = new SlidingWindowLimiter({ now: time.now });
    for (let i = 0; i < 100; i += 1) limiter.take(`idle-${i}`, MINUTE);
    time.advance(30_000);
    limiter.take('busy', MINUTE);
    expect(limiter.size).toBe(101);
    time.advance(40_000); // idle ones are 70 s old, busy is 40 s old
    limiter.take('other', MINUTE);
    expect(limiter.size).toBe(2);
    expect(limiter.take('busy', MINUTE)).toEqual({ allowed: true });
  });
});

const functionWith = (name: string, rateLimit: Parameters<typeof getTrafficRulesConfig>[0]) => ({
  name,
  trafficRules: getTrafficRulesConfig(rateLimit)!,
});
const post = (url: string) => new Request(url, { method: 'POST', body: '{}' });

describe('createRateLimits (rules as zip-it-and-ship-it writes them)', () => {
  const contact = functionWith('contact', { windowLimit: 2, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  const newsletter = functionWith('newsletter', { windowLimit: 2, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  const open = { name: 'packages' };

  test("ip and domain: each address on each domain has its own count; another function's count is its own", () => {
    const limits = createRateLimits({ functions: [contact, newsletter, open], now: clock().now });
    expect(limits.limited).toEqual(['contact', 'newsletter']);
    expect(limits.check(contact, post('http://localhost:8888/api/contact'), '127.0.0.1')).toBeNull();
    expect(limits.check(contact, post('http://localhost:8888/api/contact'), '127.0.0.1')).toBeNull();
    expect(limits.check(contact, post('http://localhost:8888/api/contact'), '127.0.0.1')).toEqual({
      retryAfterSeconds: 60,
      rewriteTo: null,
    });
    expect(limits.check(contact, post('http://localhost:8888/api/contact'), '192.0.2.7')).toBeNull();
    expect(limits.check(contact, post('http://coach.example.com/api/contact'), '127.0.0.1')).toBeNull();
    expect(limits.check(newsletter, post('http://localhost:8888/api/newsletter'), '127.0.0.1')).toBeNull();
    for (let i = 0; i < 50; i += 1)
      expect(limits.check(open, post('http://localhost:8888/api/packages'), '127.0.0.1')).toBeNull();
  });

  test('the domain is the host name: another port or letter case is the same domain', () => {
    const limits = createRateLimits({ functions: [contact], now: clock().now });
    limits.check(contact, post('http://LocalHost:8888/api/contact'), '127.0.0.1');
    limits.check(contact, post('http://localhost:9999/api/contact'), '127.0.0.1');
    expect(limits.check(contact, post('http://localhost/api/contact'), '127.0.0.1')).not.toBeNull();
  });

  test('no aggregateBy (or a single word, not a list): Netlify counts per domain, so every address shares one count', () => {
    for (const aggregateBy of [undefined, 'ip' as const]) {
      const fn = functionWith('shared', { windowLimit: 1, windowSize: 10, ...(aggregateBy ? { aggregateBy } : {}) });
      const limits = createRateLimits({ functions: [fn], now: clock().now });
      expect(limits.check(fn, post('http://localhost/x'), '127.0.0.1')).toBeNull();
      expect(limits.check(fn, post('http://localhost/x'), '192.0.2.7')).toEqual({
        retryAfterSeconds: 10,
        rewriteTo: null,
      });
      expect(limits.check(fn, post('http://other.example/x'), '192.0.2.7')).toBeNull();
    }
  });

  test('ip only: one address is counted across domains', () => {
    const fn = functionWith('by-ip', { windowLimit: 1, windowSize: 10, aggregateBy: ['ip'] });
    const limits = createRateLimits({ functions: [fn], now: clock().now });
    expect(limits.check(fn, post('http://localhost/x'), '127.0.0.1')).toBeNull();
    expect(limits.check(fn, post('http://other.example/x'), '127.0.0.1')).not.toBeNull();
    expect(limits.check(fn, post('http://other.example/x'), '192.0.2.7')).toBeNull();
  });

  test("Retry-After is whole seconds, rounded up, never 0, and falls as the window's oldest request ages", () => {
    const time = clock();
    const fn = functionWith('f', { windowLimit: 1, windowSize: 60, aggregateBy: ['ip', 'domain'] });
    const limits = createRateLimits({ functions: [fn], now: time.now });
    limits.check(fn, post('http://localhost/x'), '127.0.0.1');
    time.advance(20_400);
    expect(limits.check(fn, post('http://localhost/x'), '127.0.0.1')?.retryAfterSeconds).toBe(40);
    time.advance(39_500);
    expect(limits.check(fn, post('http://localhost/x'), '127.0.0.1')?.retryAfterSeconds).toBe(1);
    time.advance(100);
    expect(limits.check(fn, post('http://localhost/x'), '127.0.0.1')).toBeNull();
  });

  test("action 'rewrite' answers with the path to serve instead", () => {
    const fn = functionWith('f', { windowLimit: 1, windowSize: 60, action: 'rewrite', to: '/rate-limited.html' });
    const limits = createRateLimits({ functions: [fn], now: clock().now });
    expect(limits.check(fn, post('http://localhost/x'), '127.0.0.1')).toBeNull();
    expect(limits.check(fn, post('http://localhost/x'), '127.0.0.1')).toEqual({
      retryAfterSeconds: 60,
      rewriteTo: '/rate-limited.html',
    });
  });

  test('switched off, nothing is ever refused, but the rules are still read', () => {
    const limits = createRateLimits({ functions: [contact], enabled: false, now: clock().now });
    for (let i = 0; i < 100; i += 1)
      expect(limits.check(contact, post('http://localhost/api/contact'), '127.0.0.1')).toBeNull();
    const broken = {
      name: 'broken',
      trafficRules: getTrafficRulesConfig({ windowLimit: 1, windowSize: 60, action: 'rewrite' }),
    };
    expect(() => createRateLimits({ functions: [broken], enabled: false })).toThrow(
      /broken has a rateLimit .* rewrite needs "to"/,
    );
  });
});

describe('readRateRule', () => {
  test('a function without a rule has none', () => {
    expect(readRateRule('f', undefined)).toBeNull();
  });

  test('reads limit, window and keys', () => {
    expect(
      readRateRule('f', getTrafficRulesConfig({ windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] })),
    ).toEqual({
      limit: 20,
      windowMs: 60_000,
      keys: ['ip', 'domain'],
      rewriteTo: null,
    });
  });

  test.each([
    ['a negative limit', { windowLimit: -1, windowSize: 60 }, /windowLimit -1/],
    ['a fractional limit', { windowLimit: 2.5, windowSize: 60 }, /windowLimit 2.5/],
    ['a zero window', { windowLimit: 5, windowSize: 0 }, /windowSize 0/],
    [
      'a rewrite to another site',
      { windowLimit: 5, windowSize: 60, action: 'rewrite' as const, to: 'https://elsewhere.example/' },
      /a path on the site/,
    ],
  ])('refuses a rule it cannot apply: %s', (_name, rateLimit, message) => {
    expect(() => readRateRule('f', getTrafficRulesConfig(rateLimit))).toThrow(message);
  });

  test('refuses an algorithm or key it does not know', () => {
    const rule = getTrafficRulesConfig({ windowLimit: 5, windowSize: 60 })!;
    expect(() =>
      readRateRule('f', {
        action: {
          ...rule.action,
          config: {
            ...rule.action.config,
            rateLimitConfig: { ...rule.action.config.rateLimitConfig, algorithm: 'token_bucket' },
          },
        },
      }),
    ).toThrow(/algorithm "token_bucket"/);
    expect(() =>
      readRateRule('f', {
        action: { ...rule.action, config: { ...rule.action.config, aggregate: { keys: [{ type: 'user' }] } } },
      }),
    ).toThrow(/aggregateBy "user"/);
  });
});

test('tooManyRequests: 429, Retry-After and a JSON error', async () => {
  const response = tooManyRequests(42);
  expect(response.status).toBe(429);
  expect(response.headers.get('retry-after')).toBe('42');
  expect(response.headers.get('content-type')).toContain('application/json');
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(await response.json()).toEqual({ error: 'Too many requests. Try again in 42 seconds.' });
});
