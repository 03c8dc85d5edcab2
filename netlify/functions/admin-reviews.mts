import type { Config } from '@netlify/functions';
import { type AdminReviewAnswer, type AdminReviewsAnswer, reviewIdSchema } from '../../src/lib/schemas/review';
import { z } from '../../src/lib/schemas/zod';
import { requireAdmin } from '../../src/server/auth';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readParams } from '../../src/server/http/validate';
import { decideReview, listReviews } from '../../src/server/reviews';

// The owner's reviews (docs/admin.md, "Reviews"; docs/decisions/0044-client-reviews-with-consent.md):
//   GET  /api/admin/reviews                 every review, newest first, with its status
//   POST /api/admin/reviews/{id}/approve    shown to visitors if the client allowed publishing
//   POST /api/admin/reviews/{id}/hide       never shown

const paramsSchema = z.object({ id: reviewIdSchema });
const pathOf = (req: Request) => new URL(req.url).pathname.replace(/\/+$/, '');

export default route({
  async GET(req, context) {
    await requireAdmin(req, context);
    if (pathOf(req) !== '/api/admin/reviews') throw notFound();
    const answer: AdminReviewsAnswer = { items: await listReviews() };
    return json(answer, { headers: { 'cache-control': 'no-store' } });
  },
  async POST(req, context) {
    await requireAdmin(req, context);
    const { id } = readParams(context.params ?? {}, paramsSchema);
    const path = pathOf(req);
    const status = path.endsWith('/approve') ? 'approved' : path.endsWith('/hide') ? 'hidden' : null;
    if (!status) throw notFound();
    const answer: AdminReviewAnswer = { review: await decideReview(id, status) };
    return json(answer);
  },
});

export const config: Config = {
  path: ['/api/admin/reviews', '/api/admin/reviews/:id/approve', '/api/admin/reviews/:id/hide'],
};
