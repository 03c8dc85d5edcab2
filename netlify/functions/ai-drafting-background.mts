import type { Config } from '@netlify/functions';
import { z } from 'zod';
import { jobIdPattern } from '../../src/lib/schemas/aiDrafting';
import { runJob, claimJob } from '../../src/server/ai';
import { HttpError } from '../../src/server/http/errors';
import { MAX_BODY_BYTES, readLimited } from '../../src/server/http/validate';

// The AI work of one job, in a background function (up to 15 minutes: a long post from
// a real model outlasts a synchronous function's 30 s). Started by POST /api/generate-blog
// and /api/improve-blog with the job's id only; see src/server/ai/trigger.ts for why
// no secret is needed: a job runs only if it is still queued, and only once.
const triggerSchema = z.object({ jobId: z.string().regex(jobIdPattern) });

export default async (req: Request): Promise<Response> => {
  if (req.method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  let body: unknown;
  try {
    body = JSON.parse(await readLimited(req, MAX_BODY_BYTES));
  } catch (error) {
    if (error instanceof HttpError) return new Response(null, { status: error.status });
    body = null;
  }
  const trigger = triggerSchema.safeParse(body);
  if (!trigger.success) return new Response(null, { status: 400 });
  const job = await claimJob(trigger.data.jobId);
  // Unknown, already running or finished: nothing to do.
  if (!job) return new Response(null, { status: 204 });
  const settled = await runJob(job);
  return new Response(null, { status: settled?.status === 'done' ? 200 : 422 });
};

export const config: Config = {
  background: true,
};
