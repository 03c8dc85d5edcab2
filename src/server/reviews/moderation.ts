import type { ReviewRecord, ReviewStatus } from '../../lib/schemas/review';
import { conflict, notFound } from '../http/errors';
import { publishReviews } from './publicView';
import { allReviews, readReviewForUpdate, replaceReview } from './store';

// The owner approves or hides a review (docs/decisions/0044-client-reviews-with-consent.md). Only
// an approved review the client allowed to publish is ever shown; the pages showing reviews are
// published again and purged at the CDN after each decision.

/** Every review, newest first, with its status. */
export const listReviews = (): Promise<ReviewRecord[]> => allReviews();

/** Approves or hides the review (again, any number of times); 404 unknown, 409 changed at the same moment. */
export async function decideReview(
  id: string,
  status: Exclude<ReviewStatus, 'pending'>,
  now: Date = new Date(),
): Promise<ReviewRecord> {
  const found = await readReviewForUpdate(id);
  if (!found) throw notFound('No such review.');
  if (found.review.status === status) return found.review;
  const decided: ReviewRecord = { ...found.review, status, decidedAt: now.toISOString() };
  if (!(await replaceReview(decided, found.etag)))
    throw conflict('This review was changed at the same moment. Please reload and try again.');
  await publishReviews();
  return decided;
}
