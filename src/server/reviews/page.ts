import type { PublicReviewsAnswer } from '../../lib/schemas/review';
import { applyReviewsCache } from './cache';
import { publicReviews } from './publicView';

// The reviews a public page shows (the home page, How It Works), with the page's CDN caching
// under the reviews tag (docs/decisions/0044-client-reviews-with-consent.md). The page never
// fails for its reviews: when they cannot be read it is shown without them, kept for a minute.

export async function reviewsOnPage(headers: Headers): Promise<PublicReviewsAnswer | null> {
  applyReviewsCache(headers);
  try {
    return await publicReviews();
  } catch (error) {
    console.error('[reviews] the page is shown without its reviews', error);
    return null;
  }
}
