import {
  type PublicReviewsAnswer,
  type ReviewRecord,
  publicReviewsAnswerSchema,
  reviewRecordSchema,
} from '../../lib/schemas/review';
import { readForUpdate } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';

// The reviews store (docs/decisions/0044-client-reviews-with-consent.md): one review per held
// session under `reviews/{session id}`, created only if new, so a second review of a session is
// refused by the write itself; and `requested/{session id}`, the one request a session gets,
// claimed by the follow-up event that sends it.

export const REVIEWS_STORE = 'reviews';
const REVIEW_PREFIX = 'reviews/';
const REQUEST_PREFIX = 'requested/';
/** The public answer as last published (docs/decisions/0044-client-reviews-with-consent.md). */
const PUBLISHED_KEY = 'published';

const store = () => collectionStore(REVIEWS_STORE);
const reviewKey = (id: string) => `${REVIEW_PREFIX}${id}`;
const requestKey = (sessionId: string) => `${REQUEST_PREFIX}${sessionId}`;

/** Stores a new review; false when the session has one already. */
export async function createReview(review: ReviewRecord): Promise<boolean> {
  const value = reviewRecordSchema.parse(review);
  const { modified } = await blobCall(() => store().setJSON(reviewKey(value.id), value, { onlyIfNew: true }));
  return modified;
}

export async function readReview(id: string): Promise<ReviewRecord | null> {
  const value = await blobCall(() => store().get(reviewKey(id), { type: 'json' }));
  const parsed = reviewRecordSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export async function readReviewForUpdate(id: string): Promise<{ review: ReviewRecord; etag: string } | null> {
  const found = await readForUpdate(store(), reviewKey(id));
  return found ? { review: reviewRecordSchema.parse(found.data), etag: found.etag } : null;
}

/** Replaces the review only if nobody wrote it since `etag`; false when refused. */
export async function replaceReview(review: ReviewRecord, etag: string): Promise<boolean> {
  const value = reviewRecordSchema.parse(review);
  const { modified } = await blobCall(() => store().setJSON(reviewKey(value.id), value, { onlyIfMatch: etag }));
  return modified;
}

/**
 * Every review, newest first. A consultancy gets a few reviews a week: the owner's list and
 * the public answer (kept at the CDN) read them all, and nothing else does.
 */
export async function allReviews(): Promise<ReviewRecord[]> {
  const { blobs } = await blobCall(() => store().list({ prefix: REVIEW_PREFIX }));
  const ids = blobs.map((blob) => blob.key.slice(REVIEW_PREFIX.length));
  const reviews = await reviewsWithIds(ids);
  return reviews.sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The reviews of these sessions that exist. */
export async function reviewsWithIds(ids: readonly string[]): Promise<ReviewRecord[]> {
  const found: ReviewRecord[] = [];
  for (let start = 0; start < ids.length; start += 50) {
    const batch = await Promise.all(ids.slice(start, start + 50).map((id) => readReview(id)));
    found.push(...batch.filter((review): review is ReviewRecord => review !== null));
  }
  return found;
}

/**
 * Claims the session's one review request for a follow-up event: true for the event that wrote
 * the claim first (and for that event again, when it is retried), false for any later event
 * (the session marked held again after a no-show).
 */
export async function claimRequest(sessionId: string, eventId: string, now: Date): Promise<boolean> {
  const requests = store();
  const key = requestKey(sessionId);
  const { modified } = await blobCall(() =>
    requests.setJSON(key, { eventId, at: now.toISOString() }, { onlyIfNew: true }),
  );
  if (modified) return true;
  const claim = (await blobCall(() => requests.get(key, { type: 'json' }))) as { eventId?: string } | null;
  return claim?.eventId === eventId;
}

/** Deletes the reviews and request claims of these sessions; how many reviews there were. */
export async function deleteReviewsOf(sessionIds: readonly string[]): Promise<number> {
  const existing = await reviewsWithIds(sessionIds);
  await Promise.all(
    sessionIds.flatMap((id) => [
      blobCall(() => store().delete(reviewKey(id))),
      blobCall(() => store().delete(requestKey(id))),
    ]),
  );
  return existing.length;
}

/** The public answer as last published, or null before the first. */
export async function readPublishedAnswer(): Promise<PublicReviewsAnswer | null> {
  const parsed = publicReviewsAnswerSchema.safeParse(
    await blobCall(() => store().get(PUBLISHED_KEY, { type: 'json' })),
  );
  return parsed.success ? parsed.data : null;
}

export async function writePublishedAnswer(answer: PublicReviewsAnswer): Promise<void> {
  await blobCall(() => store().setJSON(PUBLISHED_KEY, answer));
}
