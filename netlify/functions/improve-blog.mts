import type { Config } from '@netlify/functions';
import { improveBlogRequestSchema } from '../../src/lib/schemas/aiDrafting';
import { findJob, improveJobView, startJob } from '../../src/server/ai';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';

// A rewrite of the editor's content, as a job: 202 now, poll for the content
// (docs/decisions/0020-ai-drafting-as-background-jobs.md).
export default route({
  POST: (req, context) => startJob(req, context, 'improve', improveBlogRequestSchema, (order) => ({ ...order })),
  async GET(req, context) {
    return json(improveJobView(await findJob(req, context, 'improve')));
  },
});

export const config: Config = {
  path: ['/api/improve-blog', '/api/improve-blog/:jobId'],
};
