import { describe, expect, test } from 'vitest';
import { chooseEncoding, isCompressible, shouldCompress, varyOnEncoding } from '../../netlify/local/compression.mjs';

describe('chooseEncoding', () => {
  test.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [null, null],
    ['gzip;q=0, br;q=0', null],
  ])('%s -> %s', (header, expected) => {
    expect(chooseEncoding(header)).toBe(expected);
  });
});

describe('isCompressible', () => {
  test.each([
    'text/html; charset=utf-8',
    'text/css',
    'text/javascript',
    'application/javascript',
    'application/json; charset=utf-8',
    'image/svg+xml',
    'application/xml',
    'application/rss+xml',
    'application/ld+json',
    'text/plain',
  ])('%s is compressed', (type) => expect(isCompressible(type)).toBe(true));

  test.each(['image/png', 'image/webp', 'font/woff2', 'application/pdf', 'application/zip', 'text/event-stream', null])(
    '%s is not',
    (type) => expect(isCompressible(type)).toBe(false),
  );
});

describe('shouldCompress', () => {
  const html = (init: ResponseInit = {}) =>
    new Response('<p>hi</p>', { ...init, headers: { 'content-type': 'text/html', ...init.headers } });
  const get = (headers: Record<string, string> = {}) => new Request('http://site/', { headers });

  test('a text answer to a plain GET', () => expect(shouldCompress(get(), html())).toBe(true));
  test('never a range, a HEAD, a partial or already encoded answer, or one that forbids it', () => {
    expect(shouldCompress(get({ range: 'bytes=0-10' }), html())).toBe(false);
    expect(shouldCompress(new Request('http://site/', { method: 'HEAD' }), html())).toBe(false);
    expect(shouldCompress(get(), html({ status: 206, headers: { 'content-range': 'bytes 0-1/9' } }))).toBe(false);
    expect(shouldCompress(get(), html({ headers: { 'content-encoding': 'br' } }))).toBe(false);
    expect(shouldCompress(get(), html({ headers: { 'cache-control': 'public, no-transform' } }))).toBe(false);
    expect(shouldCompress(get(), new Response(null, { status: 204 }))).toBe(false);
  });
});

describe('varyOnEncoding', () => {
  test('adds Accept-Encoding once, keeping what was there', () => {
    const headers = new Headers({ vary: 'Cookie' });
    varyOnEncoding(headers);
    varyOnEncoding(headers);
    expect(headers.get('vary')).toBe('Cookie, Accept-Encoding');
    const empty = new Headers();
    varyOnEncoding(empty);
    expect(empty.get('vary')).toBe('Accept-Encoding');
    const star = new Headers({ vary: '*' });
    varyOnEncoding(star);
    expect(star.get('vary')).toBe('*');
  });
});
