import { describe, expect, test } from 'vitest';
import { byPriority, matchFunction, routeParams } from '../../netlify/local/router.mjs';

// Route entries in the shape zip-it-and-ship-it writes to Netlify's manifest.
const blogPosts = {
  name: 'blog-posts',
  priority: 10,
  routes: [
    { pattern: '/api/blog-posts', literal: '/api/blog-posts', methods: [] },
    { pattern: '/api/blog-posts/:id', expression: '^\\/api\\/blog-posts(?:\\/([^\\/]+?))\\/?$', methods: [] },
  ],
};
const putOnly = {
  name: 'put-only',
  priority: 10,
  routes: [{ pattern: '/api/thing', literal: '/api/thing', methods: ['PUT'] }],
};
const withExclusion = {
  name: 'files',
  priority: 10,
  routes: [{ pattern: '/files/*', expression: '^\\/files(?:\\/(.*))\\/?$', methods: [] }],
  excludedRoutes: [{ pattern: '/files/private/*', expression: '^\\/files\\/private(?:\\/(.*))\\/?$' }],
};
const ssr = {
  name: 'ssr',
  priority: 0,
  routes: [{ pattern: '/*', expression: '^(?:\\/(.*))\\/?$', methods: [], prefer_static: true }],
};
const noPath = { name: 'note-background', priority: 10, routes: [] };
const scheduled = { name: 'retry-outbox', priority: 10, routes: [], schedule: '@hourly' };
const functions = byPriority([ssr, blogPosts, putOnly, withExclusion, noPath, scheduled]);

describe('matchFunction', () => {
  test('a user function wins over the generated catch-all, whatever the order it came in', () => {
    expect(functions[0]?.name).not.toBe('ssr');
    expect(matchFunction(functions, '/api/blog-posts', 'GET')?.fn.name).toBe('blog-posts');
    expect(matchFunction(functions, '/about', 'GET')?.fn.name).toBe('ssr');
  });

  test('paths match without their trailing slash and case-insensitively, as on Netlify', () => {
    expect(matchFunction(functions, '/api/blog-posts/', 'GET')?.route?.pattern).toBe('/api/blog-posts');
    expect(matchFunction(functions, '/API/Blog-Posts', 'GET')?.fn.name).toBe('blog-posts');
    expect(matchFunction(functions, '/api/blog-posts/my-post', 'DELETE')?.route?.pattern).toBe('/api/blog-posts/:id');
  });

  test('a declared method limits the route; other methods fall through to the next function', () => {
    expect(matchFunction(functions, '/api/thing', 'PUT')?.fn.name).toBe('put-only');
    expect(matchFunction(functions, '/api/thing', 'POST')?.fn.name).toBe('ssr');
  });

  test('an excluded path is not the function’s', () => {
    expect(matchFunction(functions, '/files/a.txt', 'GET')?.fn.name).toBe('files');
    expect(matchFunction(functions, '/files/private/a.txt', 'GET')?.fn.name).toBe('ssr');
  });

  test('only functions without paths answer on /.netlify/functions/<name>; scheduled ones never', () => {
    expect(matchFunction(functions, '/.netlify/functions/note-background', 'POST')).toEqual({
      fn: noPath,
      route: null,
    });
    expect(matchFunction(functions, '/.netlify/functions/blog-posts', 'GET')).toBeUndefined();
    expect(matchFunction(functions, '/.netlify/functions/retry-outbox', 'POST')).toBeUndefined();
    expect(matchFunction(functions, '/.netlify/functions/nothing', 'GET')).toBeUndefined();
  });
});

describe('routeParams', () => {
  test('named and wildcard groups, undecoded, as Netlify gives them', () => {
    expect(routeParams('/api/blog-posts/:id', 'http://site/api/blog-posts/a%20b/')).toEqual({ id: 'a%20b' });
    expect(routeParams('/files/*', 'http://site/files/a/b.txt?x=1')).toEqual({ 0: 'a/b.txt' });
    expect(routeParams('/api/packages', 'http://site/api/packages')).toEqual({});
    expect(routeParams(undefined, 'http://site/')).toEqual({});
  });

  test('an optional group that did not match is left out', () => {
    expect(routeParams('/api/items{/:id}?', 'http://site/api/items')).toEqual({});
    expect(routeParams('/api/items{/:id}?', 'http://site/api/items/7')).toEqual({ id: '7' });
  });
});
