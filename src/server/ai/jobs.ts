import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { jobIdPattern, jobStatuses, type JobStatus } from '../../lib/schemas/aiDrafting';
import { updateJson } from '../storage/atomicJson';
import { blobCall, collectionStore } from '../storage/blobs';
import { keysMentioning } from '../storage/mentions';
import { StorageConflictError } from '../storage/errors';

// AI drafting runs as jobs (docs/decisions/0020-ai-drafting-as-background-jobs.md), one
// blob per job in the `ai-jobs` store. A job is created `queued` (onlyIfNew), claimed once
// by the background run (`running`, a conditional write carrying a claim token), and
// settled by that run only (`done` or `failed`). Nothing else ever moves a job, so a second
// trigger of the same job, from anyone, does nothing: only a job an admin queued can spend
// model time, and only once.

export const AI_JOBS_STORE = 'ai-jobs';
export const jobKinds = ['generate', 'improve'] as const;
export type JobKind = (typeof jobKinds)[number];

/** A background function runs for at most 15 minutes: a job quiet for longer has died. */
export const JOB_DEADLINE_MS = 16 * 60_000;

export const aiJobSchema = z.object({
  id: z.string().regex(jobIdPattern),
  kind: z.enum(jobKinds),
  status: z.enum(jobStatuses),
  /** The request as the admin sent it (validated again when the job runs). */
  request: z.record(z.string(), z.unknown()),
  claim: z.string().optional(),
  postId: z.string().optional(),
  content: z.string().optional(),
  error: z.string().optional(),
  note: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AiJob = z.infer<typeof aiJobSchema>;

const store = () => collectionStore(AI_JOBS_STORE);

export async function createJob(kind: JobKind, request: Record<string, unknown>, now = new Date()): Promise<AiJob> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const at = now.toISOString();
    const job = aiJobSchema.parse({ id: randomUUID(), kind, status: 'queued', request, createdAt: at, updatedAt: at });
    const { modified } = await blobCall(() => store().setJSON(job.id, job, { onlyIfNew: true }));
    if (modified) return job;
  }
  throw new StorageConflictError(AI_JOBS_STORE, 'new job');
}

export async function readJob(id: string): Promise<AiJob | null> {
  if (!jobIdPattern.test(id)) return null;
  const value = await blobCall(() => store().get(id, { type: 'json' }));
  return value == null ? null : aiJobSchema.parse(value);
}

/** Moves a queued job to `running` for this caller alone; null when it is not queued (or not there). */
export async function claimJob(id: string, now = new Date()): Promise<AiJob | null> {
  if (!jobIdPattern.test(id)) return null;
  const claim = randomUUID();
  const stored = await updateJson(AI_JOBS_STORE, id, (current) => {
    if (current == null) return undefined;
    const job = aiJobSchema.parse(current);
    if (job.status !== 'queued') return undefined;
    return { ...job, status: 'running', claim, updatedAt: now.toISOString() } satisfies AiJob;
  });
  if (stored == null) return null;
  const job = aiJobSchema.parse(stored);
  return job.claim === claim && job.status === 'running' ? job : null;
}

export type JobOutcome =
  { status: 'done'; postId?: string; content?: string; note?: string } | { status: 'failed'; error: string };

/** Records how a claimed job ended; only the run holding the claim can. */
export async function settleJob(job: AiJob, outcome: JobOutcome, now = new Date()): Promise<AiJob | null> {
  const stored = await updateJson(AI_JOBS_STORE, job.id, (current) => {
    if (current == null) return undefined;
    const before = aiJobSchema.parse(current);
    if (before.status !== 'running' || before.claim !== job.claim) return undefined;
    return aiJobSchema.parse({ ...before, ...outcome, updatedAt: now.toISOString() });
  });
  return stored == null ? null : aiJobSchema.parse(stored);
}

/** Marks a job that never started (its background run could not be triggered) as failed. */
export async function failQueuedJob(id: string, error: string, now = new Date()): Promise<void> {
  await updateJson(AI_JOBS_STORE, id, (current) => {
    if (current == null) return undefined;
    const job = aiJobSchema.parse(current);
    if (job.status !== 'queued') return undefined;
    return { ...job, status: 'failed', error, updatedAt: now.toISOString() } satisfies AiJob;
  });
}

/** The status a poller sees: a job silent past the platform's limit has failed. */
export function visibleStatus(job: AiJob, now = Date.now()): { status: JobStatus; error?: string } {
  const settled = job.status === 'done' || job.status === 'failed';
  if (!settled && now - Date.parse(job.updatedAt) > JOB_DEADLINE_MS) {
    return {
      status: 'failed',
      error: 'The AI job stopped without finishing (it ran past the 15-minute limit). Please try again.',
    };
  }
  return job.error === undefined ? { status: job.status } : { status: job.status, error: job.error };
}

/** Drops every drafting job whose request or draft mentions a person (their erasure, docs/privacy.md). */
export async function forgetJobsMentioning(mentions: (text: string) => boolean): Promise<number> {
  const keys = await keysMentioning(AI_JOBS_STORE, [''], mentions);
  await Promise.all(keys.map((key) => blobCall(() => store().delete(key))));
  return keys.length;
}
