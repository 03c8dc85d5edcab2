import { describe, expect, it } from 'vitest';
import { sanitizeMarkdownSource } from '../../src/server/blog/markdownSource';
import { renderPostContent } from '../../src/server/blog/render';

// Storage posts are Markdown rendered by Astro's pipeline, then sanitised
// (docs/decisions/0019-sanitise-stored-post-html.md, docs/decisions/0023-storage-posts-are-markdown.md).
const HOSTILE = [
  'Intro <script>alert(1)</script> text',
  '<img src="https://cdn.example/a.jpg" onerror="alert(2)" alt="a">',
  '[bad link](javascript:alert(3)) and [also bad](JaVaScRiPt:alert(4))',
  '<a href="javascript:alert(5)">raw bad link</a>',
  '<iframe src="https://evil.example"></iframe>',
  '![pixel](data:image/png;base64,iVBORw0KGgo=) <img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '<div onclick="alert(6)" style="position:fixed">boxed</div>',
  '<svg><script>alert(7)</script></svg><style>body{display:none}</style><form action="/x"><input></form>',
  '<p onmouseover="alert(8)">hover</p><!-- <script>alert(9)</script> -->',
].join('\n\n');

const DANGER = /<script|<iframe|<style|<svg|<form|<input|\bon[a-z]+=|javascript:|data:|style=/i;

describe('renderPostContent (Markdown, then the allow-list)', () => {
  it('renders Markdown the way an MDX post renders: headings from h2, lists, quotes, emphasis, GFM', async () => {
    const html = await renderPostContent(
      '# Big title\n\nA paragraph with **bold**, *emphasis* and "quotes".\n\n## A section\n\n- one\n- two\n\n1. first\n\n> A quote\n\n~~old~~ and [a site link](/contact) and <https://example.com>\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Big title</h2>');
    expect(html).toContain('<h2>A section</h2>');
    expect(html).toContain('<strong>bold</strong>');
    expect(html).toContain('<em>emphasis</em>');
    // Smart punctuation, as Astro's pipeline does for MDX posts.
    expect(html).toContain('“quotes”');
    expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>first<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<blockquote>\s*<p>A quote<\/p>\s*<\/blockquote>/);
    expect(html).toContain('<del>old</del>');
    expect(html).toContain('<a href="/contact">a site link</a>');
    expect(html).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">https://example.com</a>',
    );
    expect(html).toMatch(/<table>[\s\S]*<td>1<\/td>[\s\S]*<\/table>/);
  });

  it('keeps rendering posts stored as HTML or plain paragraphs before Markdown', async () => {
    const html = await renderPostContent(
      '<h2>Plan</h2>\n\n<ul><li onmouseover="x()">Step</li></ul>\n\nFirst paragraph\nstill first\n\nSecond & last',
    );
    expect(html).toContain('<h2>Plan</h2>');
    expect(html).toContain('<ul><li>Step</li></ul>');
    expect(html).toContain('<p>First paragraph\nstill first</p>');
    expect(html).toContain('<p>Second &amp; last</p>');
  });

  it('removes scripts, event handlers, javascript: and data: URLs, iframes, styles and forms', async () => {
    const html = await renderPostContent(HOSTILE);
    expect(html).not.toMatch(DANGER);
    expect(html).not.toContain('alert(');
    // What is harmless stays: the text, the https image, the link text.
    expect(html).toContain('<img src="https://cdn.example/a.jpg" alt="a" loading="lazy" />');
    expect(html).toContain('bad link');
    expect(html).toContain('boxed');
    expect(html).toContain('<p>hover</p>');
  });
});

describe('sanitizeMarkdownSource (before storing)', () => {
  it('leaves Markdown exactly as written', () => {
    const markdown =
      '## Steps\n\n> Quote & "more", a < b > c\n\n- [x](https://example.com) <https://example.com> <me@example.com>\n\n`code` **bold**\n\n1. one';
    expect(sanitizeMarkdownSource(markdown)).toBe(markdown);
  });

  it('cleans the HTML inside it with the allow-list', () => {
    const cleaned = sanitizeMarkdownSource(HOSTILE);
    // Markdown links stay Markdown here (the renderer's allow-list judges their URLs).
    expect(cleaned).not.toMatch(
      /<script|<iframe|<style|<svg|<form|<input|\bon[a-z]+=|href="javascript|src="data|style=|alert\((1|2|5|6|7|8|9)\)/i,
    );
    expect(cleaned).toContain('Intro  text');
    expect(cleaned).toContain('<a>raw bad link</a>');
    expect(cleaned).toContain('\n\nboxed\n\n'); // div is not allowed: its text stays
    expect(cleaned).toContain('<p>hover</p>');
  });

  it('keeps allowed inline tags balanced and renames headings', () => {
    expect(sanitizeMarkdownSource('Hello <strong class="x">world</strong><br/>\n\n<h1>Top</h1>')).toBe(
      'Hello <strong>world</strong><br />\n\n<h2>Top</h2>',
    );
  });

  it('drops a stray closing tag the allow-list refuses, and shows a broken tag as text', () => {
    expect(sanitizeMarkdownSource('<scr<script>ipt>x</script> ok')).toBe('&lt;scr&lt;script>ipt>x ok');
  });

  it('is stable: cleaning twice changes nothing more', () => {
    const once = sanitizeMarkdownSource(HOSTILE);
    expect(sanitizeMarkdownSource(once)).toBe(once);
  });
});
