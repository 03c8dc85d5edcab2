import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { ReviewRecord, ReviewStatus } from '../../../lib/schemas/review';
import { failureMessage } from '../api';
import { EmptyState, ErrorState } from '../ui/States';
import { When } from '../ui/When';
import { decideReview, reviewKeys, reviewsQuery } from './reviewsApi';
import './reviews.css';

// Reviews (docs/admin.md, "Reviews"; docs/decisions/0044-client-reviews-with-consent.md): every
// review newest first, with its status. Approve shows it to visitors, only if the client allowed
// publishing; Hide keeps it off the site. Either can be changed later.

const statusWords: Record<ReviewStatus, string> = {
  pending: 'Awaiting your approval',
  approved: 'Approved',
  hidden: 'Hidden',
};

function ReviewItem({ review }: { review: ReviewRecord }) {
  const client = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: 'approve' | 'hide') => decideReview(review.id, decision),
    onSuccess: () => client.invalidateQueries({ queryKey: reviewKeys.list() }),
  });
  const shown = review.status === 'approved' && review.publish;
  return (
    <article className="adm-review" aria-label={`Review by ${review.name}`} data-testid="admin-review">
      <p className="adm-review-head">
        <strong>
          {review.rating}/5 from {review.name}
        </strong>{' '}
        <span className={`adm-review-status adm-review-${review.status}`}>{statusWords[review.status]}</span>
      </p>
      <blockquote className="adm-review-text">{review.text}</blockquote>
      <p className="adm-panel-note">
        <When iso={review.createdAt} /> ·{' '}
        {review.publish
          ? shown
            ? 'Shown on the site with this name.'
            : 'The client allowed publishing with this name.'
          : 'The client did not allow publishing: never shown, whatever you choose.'}
      </p>
      <div className="adm-review-actions" role="group" aria-label={`Decide on ${review.name}'s review`}>
        {(['approve', 'hide'] as const).map((decision) => (
          <button
            key={decision}
            type="button"
            className="btn btn-outline adm-btn-sm"
            aria-pressed={review.status === (decision === 'approve' ? 'approved' : 'hidden')}
            disabled={decide.isPending}
            onClick={() => decide.mutate(decision)}
          >
            {decide.isPending && decide.variables === decision
              ? 'Saving…'
              : decision === 'approve'
                ? 'Approve'
                : 'Hide'}
            <span className="visually-hidden"> {review.name}'s review</span>
          </button>
        ))}
      </div>
      {decide.isError ? (
        <p role="alert" className="adm-review-error">
          {failureMessage(decide.error, 'The decision could not be saved.')}
        </p>
      ) : null}
    </article>
  );
}

/** Reviews of held sessions, newest first, each with Approve and Hide. */
export function ReviewsPanel() {
  const headingId = useId();
  const reviews = useQuery(reviewsQuery());
  let body;
  if (reviews.isPending)
    body = (
      <p className="adm-panel-note" aria-busy="true">
        Loading reviews…
      </p>
    );
  else if (reviews.isError)
    body = (
      <ErrorState
        what="reviews"
        error={reviews.error}
        onRetry={() => void reviews.refetch()}
        retrying={reviews.isFetching}
      />
    );
  else if (reviews.data.items.length === 0)
    body = (
      <EmptyState title="No reviews yet">
        A client is asked once for a review when you mark their session held.
      </EmptyState>
    );
  else
    body = (
      <ol className="adm-reviews" role="list" data-testid="admin-reviews">
        {reviews.data.items.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} />
          </li>
        ))}
      </ol>
    );
  return (
    <section className="adm-panel" aria-labelledby={headingId} id="reviews">
      <div className="adm-panel-head">
        <h2 id={headingId}>Reviews</h2>
      </div>
      <p className="adm-panel-note">
        Newest first. Approved reviews the client allowed to publish show on the home page and How It Works within a
        minute.
      </p>
      {body}
    </section>
  );
}
