import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import {
  jobIdParamsSchema,
  type GenerateJobView,
  type ImproveJobView,
  type JobStarted,
} from '../../lib/schemas/aiDrafting';
import { requireAdmin } from '../auth';
import { getStoragePost } from '../blog';
import { badRequest, notFound } from '../http/errors';
import { json } from '../http/respond';
import { readJson, readParams } from '../http/validate';
import { requireAiConfig } from './config';
import { createJob, readJob, visibleStatus, type AiJob, type JobKind } from './jobs';
import { triggerBackgroundRun } from './trigger';

// The two AI routes share their shape: POST starts a job (202 { jobId }), GET /{jobId}
// reports it. Admin only (docs/decisions/0015-admin-sign-in-and-sessions.md); the jobs
// outlive the editor (poll by id).

/**
 * `toStored` gives the validated request in the form the schema reads, so the run
 * parses it again with the same schema (the job is data in storage, checked on use).
 */
export async function startJob<S extends z.ZodObject>(
  req: Request,
  context: Context,
  kind: JobKind,
  schema: S,
  toStored: (order: z.output<S>) => Record<string, unknown>,
): Promise<Response> {
  await requireAdmin(req, context);
  if (context.params?.jobId !== undefined)
    throw badRequest('Start a job with POST to the route itself, without a job id.');
  requireAiConfig();
  const order = await readJson(req, schema);
  const job = await createJob(kind, toStored(order));
  await triggerBackgroundRun(req, job.id);
  return json({ jobId: job.id } satisfies JobStarted, { status: 202 });
}

export async function findJob(req: Request, context: Context, kind: JobKind): Promise<AiJob> {
  await requireAdmin(req, context);
  if (context.params?.jobId === undefined)
    throw badRequest('Name the job in the path: /{jobId}.', { jobId: 'Required' });
  const { jobId } = readParams(context.params, jobIdParamsSchema);
  const job = await readJob(jobId);
  if (!job || job.kind !== kind) throw notFound('No such AI job.');
  return job;
}

export async function generateJobView(job: AiJob): Promise<GenerateJobView> {
  const view: GenerateJobView = visibleStatus(job);
  if (job.note !== undefined) view.note = job.note;
  if (view.status === 'done' && job.postId) {
    const post = await getStoragePost(job.postId);
    if (post) view.post = post;
    else view.note = 'The draft was saved, but it has been deleted since.';
  }
  return view;
}

export function improveJobView(job: AiJob): ImproveJobView {
  const view: ImproveJobView = visibleStatus(job);
  if (view.status === 'done' && job.content !== undefined) view.content = job.content;
  return view;
}
