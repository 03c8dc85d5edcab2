import type { Config } from '@netlify/functions';
import '../../src/server/app';
import { reviewRequestSchema } from '../../src/lib/schemas/review';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readJson } from '../../src/server/http/validate';
import { privateLinkHeaders } from '../../src/server/http/privateLink';
import { publicReviews, reviewsCacheHeaders, submitReview } from '../../src/server/reviews';

// Reviews (docs/decisions/0044-client-reviews-with-consent.md, docs/api.md):
//   GET  /api/reviews   public: { count, average, reviews } of approved, publishable reviews, kept at the CDN
//   POST /api/reviews   { sessionId, token, rating, text, publish } -> 201; 404 wrong link, 409 not held or reviewed

export default route({
  async GET() {
    return json(await publicReviews(), { headers: reviewsCacheHeaders() });
  },
  async POST(req) {
    const request = await readJson(req, reviewRequestSchema);
    const review = await submitReview(request);
    return json(
      { review: { id: review.id, rating: review.rating, publish: review.publish, status: review.status } },
      { status: 201, headers: privateLinkHeaders },
    );
  },
});

export const config: Config = { path: '/api/reviews' };
