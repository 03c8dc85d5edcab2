// The public figures of reviews (docs/decisions/0044-client-reviews-with-consent.md): counted
// over approved reviews the client allowed to publish, and nothing else. A hidden, pending or
// private review counts in nothing public. Pure.

export interface Rated {
  rating: number;
}

/** The average rating to one decimal, or null when there is none. */
export function averageRating(reviews: readonly Rated[]): number | null {
  if (reviews.length === 0) return null;
  const sum = reviews.reduce((total, review) => total + review.rating, 0);
  return Math.round((sum / reviews.length) * 10) / 10;
}

/** Whether a review shows to visitors and counts in their figures. */
export const isPublic = (review: { status: string; publish: boolean }) =>
  review.status === 'approved' && review.publish;
