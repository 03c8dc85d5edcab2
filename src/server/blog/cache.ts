import { purgeCache } from '@netlify/functions';
import { env } from '../env';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../auth';

// Pages that show storage posts are rendered on demand and kept at Netlify's CDN until a
// write purges their tags (docs/decisions/0021-blog-cdn-cache-with-tag-purge.md). Every
// such page carries the `blog` tag (listing, sitemap, feed, every post page) and a post
// page also its own tag.
export const BLOG_TAG = 'blog';
export const postTag = (id: string) => `blog-post-${id}`;

// Writes purge the tags, so freshness does not depend on expiry; the 15-minute limit
// only bounds how long a copy can outlive a purge that failed.
const CDN_POLICY = 'public, durable, max-age=900, stale-while-revalidate=60';
// Browsers always come back to the CDN, so a purge reaches readers at once.
const BROWSER_POLICY = 'public, max-age=0, must-revalidate';

export function blogCacheHeaders(extraTags: string[] = []): Record<string, string> {
  return {
    'Cache-Control': BROWSER_POLICY,
    'Netlify-CDN-Cache-Control': CDN_POLICY,
    'Netlify-Cache-Tag': [BLOG_TAG, ...extraTags].join(','),
  };
}

export function applyBlogCache(headers: Headers, extraTags: string[] = []): void {
  for (const [name, value] of Object.entries(blogCacheHeaders(extraTags))) headers.set(name, value);
}

export type PurgeResult = 'purged' | 'skipped' | 'failed';

/**
 * Purges the listing pages and the given posts' pages after a write. Netlify gives
 * deployed functions NETLIFY_PURGE_API_TOKEN; without it we are not on Netlify (tests,
 * the local production server, `astro dev`), there is no CDN holding copies, and
 * purgeCache would throw for the missing site id, so we skip. A failed purge never
 * undoes or fails the write that is already stored: it is logged, and the CDN copy
 * expires within 15 minutes anyway.
 */
export async function purgeBlogCache(ids: string[] = []): Promise<PurgeResult> {
  const tags = [BLOG_TAG, ...ids.map(postTag)];
  if (!env('NETLIFY_PURGE_API_TOKEN')) return 'skipped';
  try {
    await purgeCache({ tags });
    return 'purged';
  } catch (error) {
    console.error('[blog cache purge failed]', tags.join(','), error);
    return 'failed';
  }
}

/**
 * A post page is a draft preview for the signed-in owner and a 404 for everyone else,
 * so the CDN keeps its copies apart by the session cookie: a visitor's cached 404
 * never reaches the owner, and the owner's page is never cached at all.
 */
export function applyPostPageCache(headers: Headers, id: string | null): void {
  applyBlogCache(headers, id ? [postTag(id)] : []);
  headers.set('Netlify-Vary', `cookie=${SESSION_COOKIE}|${SECURE_SESSION_COOKIE}`);
}

/** A page only the signed-in owner sees (a draft preview): kept by no cache. */
export function applyPrivatePage(headers: Headers): void {
  headers.set('Cache-Control', 'private, no-store');
  headers.delete('Netlify-CDN-Cache-Control');
  headers.delete('Netlify-Cache-Tag');
}
