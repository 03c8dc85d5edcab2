import type { Config } from '@netlify/functions';
import { generateBlogRequestSchema } from '../../src/lib/schemas/aiDrafting';
import { findJob, generateJobView, startJob } from '../../src/server/ai';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';

// A draft from a topic, as a job: 202 now, poll the job for the draft
// (docs/decisions/0020-ai-drafting-as-background-jobs.md).
export default route({
  POST: (req, context) =>
    startJob(req, context, 'generate', generateBlogRequestSchema, (order) => ({
      ...order,
      keywords: order.keywords.join(', '),
    })),
  async GET(req, context) {
    return json(await generateJobView(await findJob(req, context, 'generate')));
  },
});

export const config: Config = {
  path: ['/api/generate-blog', '/api/generate-blog/:jobId'],
};
