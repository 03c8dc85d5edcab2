import { describe, expect, it } from 'vitest';
import { sanitizeContent } from '../../src/server/blog/sanitize';

describe('sanitizeContent (allow-list)', () => {
  it.each([
    ['<script>alert(1)</script>Hi', 'Hi'],
    ['<p onclick="x()" style="color:red" class="c">Hi</p>', '<p>Hi</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JAVASCRIPT:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>', '<a>x</a>'],
    ['<img src="javascript:alert(1)" onerror="alert(2)">', '<img loading="lazy" />'],
    ['<img src="http://cdn.example/a.jpg" alt="a">', '<img alt="a" loading="lazy" />'],
    ['<iframe src="https://evil.example"></iframe>ok', 'ok'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<style>*{display:none}</style>ok', 'ok'],
    ['<form action="/x"><input name="p"></form>ok', 'ok'],
  ])('cleans %s', (input, expected) => {
    expect(sanitizeContent(input)).toBe(expected);
  });

  it('keeps the allowed structure and marks external links', () => {
    const html =
      '<h1>Big</h1><h2>Section</h2><ul><li><strong>One</strong></li></ul><a href="https://example.com">out</a><a href="/contact">in</a>';
    expect(sanitizeContent(html)).toBe(
      '<h2>Big</h2><h2>Section</h2><ul><li><strong>One</strong></li></ul><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">out</a><a href="/contact">in</a>',
    );
  });
});
