import type { APIRoute } from 'astro';
import { policyLinks, primaryNav, privacyLinks } from '../lib/navigation';
import { applyBlogCache } from '../server/blog/cache';
import { publishedCards } from '../server/blog/collectionEntries';

// On demand because @astrojs/sitemap only knows pages that exist at build time, and
// storage posts are written after the build. Drafts are never listed.
export const prerender = false;

/** The public pages a search engine should index: home, the navigation, the privacy notices and the policies. */
const publicPages = [
  '/',
  ...new Set(primaryNav.map((link) => link.href).filter((href) => /^\/[^#?]*$/.test(href))),
  ...Object.values(privacyLinks).map((link) => link.href),
  // The policies have Hindi twins; the my-data page is one page.
  ...[policyLinks.terms, policyLinks.refunds].flatMap((link) => [link.href, `/hi${link.href}`]),
  policyLinks.myData.href,
];

const escapeXml = (value: string) =>
  value.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char] ?? char,
  );

export const GET: APIRoute = async (context) => {
  const site = context.site ?? new URL(context.url.origin);
  const posts = await publishedCards();
  const entries = [
    ...publicPages.map((path) => ({ loc: new URL(path, site).href, lastmod: null as string | null })),
    ...posts.map((post) => ({
      loc: new URL(`/blog/${post.id}`, site).href,
      lastmod: post.updatedAt ?? post.publishedAt,
    })),
  ];
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...entries.map(
      ({ loc, lastmod }) =>
        `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
  const headers = new Headers({ 'Content-Type': 'application/xml; charset=utf-8' });
  applyBlogCache(headers);
  return new Response(body, { headers });
};
