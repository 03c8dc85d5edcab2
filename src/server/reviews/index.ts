// Reviews after a held session (docs/decisions/0044-client-reviews-with-consent.md): the one
// request, the client's review through its signed link, the owner's approval, what visitors see.
export { REVIEWS_TAG, applyReviewsCache, purgeReviewsCache, reviewsCacheHeaders } from './cache';
export { eraseReviews, reviewsOfSessions } from './erase';
export { reviewUrlOf, sessionOfReviewLink } from './links';
export { decideReview, listReviews } from './moderation';
export { publicAnswerOf, publicReviews } from './publicView';
export { asksForReview, requestReview, reviewRequestEntries } from './request';
export { readReview } from './store';
export { heldSessionOfLink, submitReview } from './submit';
export { reviewsOnPage } from './page';
