import type { ReviewRecord } from '../../lib/schemas/review';
import { publishReviews } from './publicView';
import { deleteReviewsOf, reviewsWithIds } from './store';

// A person's reviews for their view, export and erasure (docs/privacy.md): found by the ids of
// their sessions (a review is stored under its session's id).

export const reviewsOfSessions = (sessionIds: readonly string[]): Promise<ReviewRecord[]> => reviewsWithIds(sessionIds);

/** Erases the reviews (and review requests) of these sessions; a published one leaves the pages at once. */
export async function eraseReviews(sessionIds: readonly string[]): Promise<number> {
  const removed = await deleteReviewsOf(sessionIds);
  if (removed > 0) await publishReviews();
  return removed;
}
