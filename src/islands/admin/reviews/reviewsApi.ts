import { queryOptions } from '@tanstack/react-query';
import type { AdminReviewAnswer, AdminReviewsAnswer } from '../../../lib/schemas/review';
import { adminRequest } from '../api/request';

// The owner's reviews (docs/api.md): GET /api/admin/reviews, POST /api/admin/reviews/{id}/approve|hide.

export const reviewKeys = { list: () => ['admin', 'reviews'] as const };

async function getReviews(signal?: AbortSignal): Promise<AdminReviewsAnswer> {
  return (await adminRequest<AdminReviewsAnswer>('GET', '/api/admin/reviews', signal ? { signal } : {})).data;
}

export const reviewsQuery = () =>
  queryOptions({ queryKey: reviewKeys.list(), queryFn: ({ signal }) => getReviews(signal) });

export async function decideReview(id: string, decision: 'approve' | 'hide'): Promise<AdminReviewAnswer> {
  return (await adminRequest<AdminReviewAnswer>('POST', `/api/admin/reviews/${encodeURIComponent(id)}/${decision}`))
    .data;
}
