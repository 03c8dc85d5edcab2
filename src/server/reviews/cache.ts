import { purgeCache } from '@netlify/functions';
import { env } from '../env';

// What visitors see of reviews (the public answer, the home page, How It Works) is rendered on
// demand and kept at Netlify's CDN under one tag, purged when the owner approves or hides a
// review (docs/decisions/0044-client-reviews-with-consent.md, as the blog does:
// docs/decisions/0021-blog-cdn-cache-with-tag-purge.md). A copy lives a minute at most, so
// even a purge that failed shows a decision within the minute.

export const REVIEWS_TAG = 'reviews';
const CDN_POLICY = 'public, durable, max-age=60, stale-while-revalidate=30';
// Browsers always come back to the CDN, so a purge reaches readers at once.
const BROWSER_POLICY = 'public, max-age=0, must-revalidate';

export function reviewsCacheHeaders(): Record<string, string> {
  return {
    'Cache-Control': BROWSER_POLICY,
    'Netlify-CDN-Cache-Control': CDN_POLICY,
    'Netlify-Cache-Tag': REVIEWS_TAG,
  };
}

export function applyReviewsCache(headers: Headers): void {
  for (const [name, value] of Object.entries(reviewsCacheHeaders())) headers.set(name, value);
}

export type PurgeResult = 'purged' | 'skipped' | 'failed';

/**
 * Purges every copy that shows reviews. Without NETLIFY_PURGE_API_TOKEN we are not on Netlify
 * (tests, the local server): no CDN holds copies, so nothing to purge. A failed purge never
 * undoes the decision already stored: it is logged, and the copy expires within a minute.
 */
export async function purgeReviewsCache(): Promise<PurgeResult> {
  if (!env('NETLIFY_PURGE_API_TOKEN')) return 'skipped';
  try {
    await purgeCache({ tags: [REVIEWS_TAG] });
    return 'purged';
  } catch (error) {
    console.error('[reviews cache purge failed]', error);
    return 'failed';
  }
}
