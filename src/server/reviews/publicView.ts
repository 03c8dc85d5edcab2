import { istDateOf } from '../../lib/schedule/istClock';
import { averageRating, isPublic } from '../../lib/reviews/summary';
import { REVIEWS_SHOWN, type PublicReviewsAnswer, type ReviewRecord } from '../../lib/schemas/review';
import { purgeReviewsCache } from './cache';
import { allReviews, readPublishedAnswer, writePublishedAnswer } from './store';

// What visitors see of reviews (docs/decisions/0044-client-reviews-with-consent.md): the count
// and average over every approved review the client allowed to publish, and the newest few of
// them with the name, rating, text and date. Hidden, pending and private reviews count in nothing.
// The answer is written once per change (the owner's decision, an erasure) and read in one call,
// so a page render never reads every review.

/** The public answer from the stored reviews (pure). */
export function publicAnswerOf(reviews: readonly ReviewRecord[], shown = REVIEWS_SHOWN): PublicReviewsAnswer {
  const published = reviews.filter(isPublic).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return {
    count: published.length,
    average: averageRating(published),
    reviews: published.slice(0, shown).map((review) => ({
      name: review.name,
      rating: review.rating,
      text: review.text,
      date: istDateOf(Date.parse(review.createdAt)),
    })),
  };
}

/** The public answer as last published; made from the stored reviews when none is yet. */
export async function publicReviews(): Promise<PublicReviewsAnswer> {
  return (await readPublishedAnswer()) ?? publishReviews(false);
}

/**
 * Makes the public answer again from the stored reviews and writes it; with `purge`, the pages
 * showing it are purged at the CDN after (a change, not a first read).
 */
export async function publishReviews(purge = true): Promise<PublicReviewsAnswer> {
  const answer = publicAnswerOf(await allReviews());
  await writePublishedAnswer(answer);
  if (purge) await purgeReviewsCache();
  return answer;
}
