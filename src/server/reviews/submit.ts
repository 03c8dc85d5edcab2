import { publicNameOf } from '../../lib/reviews/publicName';
import { PUBLISH_CONSENT_WORDS, type ReviewRecord, type ReviewRequest } from '../../lib/schemas/review';
import { afterResponse } from '../http/afterResponse';
import { conflict, notFound } from '../http/errors';
import { reviewReceivedMail } from '../messages';
import { deliver, enqueue, notificationSettings, ownerEntries, siteAddress } from '../notifications';
import { sessionOfReviewLink } from './links';
import { createReview } from './store';

// A client's review (docs/decisions/0044-client-reviews-with-consent.md): only through the
// session's signed link, only for a session marked held, once. The name it may be published
// under is computed here from the session's name, never taken from the browser. The owner is
// told through the outbox, with the rating and that name but never the text.

/** Where a session stands for its review link: 404 for a wrong link, 409 for a session not held. */
export async function heldSessionOfLink(sessionId: string, token: string) {
  const session = await sessionOfReviewLink(sessionId, token);
  if (!session) throw notFound('This link does not open a review.');
  if (session.session?.outcome !== 'held') throw conflict('This session is not marked as held yet.');
  return session;
}

/** Stores the review (201) and queues the owner's notice; 404 wrong link, 409 not held or reviewed already. */
export async function submitReview(request: ReviewRequest, now: Date = new Date()): Promise<ReviewRecord> {
  const session = await heldSessionOfLink(request.sessionId, request.token);
  const review: ReviewRecord = {
    id: session.id,
    clientId: session.session!.clientId,
    rating: request.rating,
    text: request.text,
    publish: request.publish,
    publishWords: request.publish ? PUBLISH_CONSENT_WORDS : null,
    name: publicNameOf(session.name) ?? 'A client',
    status: 'pending',
    createdAt: now.toISOString(),
    decidedAt: null,
  };
  if (!(await createReview(review))) throw conflict('This session has been reviewed already. Thank you!');
  await tellOwner(review, now);
  return review;
}

/** The owner's notice, stored before the answer and sent after it (the outbox's sweep retries it). */
async function tellOwner(review: ReviewRecord, now: Date): Promise<void> {
  if (!notificationSettings().enabled) return;
  const mail = reviewReceivedMail({ rating: review.rating, name: review.name, publish: review.publish }, siteAddress());
  const entries = ownerEntries({ kind: 'review-received', leadId: review.id, mail }, null, now);
  await enqueue(entries);
  await afterResponse('review notice', () => Promise.all(entries.map((entry) => deliver(entry.id))));
}
