import type {
  AiStatus,
  BlogPreviewResponse,
  GenerateBlogRequest,
  GenerateJobView,
  ImproveBlogRequest,
  ImproveJobView,
  JobStarted,
  JobStatus,
} from '../../../lib/schemas/aiDrafting';
import { adminRequest } from './request';

// AI drafting calls of the admin (docs/blog.md, "AI drafting"). Generation and improvement run as
// background jobs on the server: a POST answers 202 with a job id, and the editor polls the job.

export async function getAiStatus(signal?: AbortSignal): Promise<AiStatus> {
  return (await adminRequest<AiStatus>('GET', '/api/ai-status', signal ? { signal } : {})).data;
}

export async function startGeneration(order: GenerateBlogRequest): Promise<string> {
  return (await adminRequest<JobStarted>('POST', '/api/generate-blog', { body: order })).data.jobId;
}

export async function generationJob(jobId: string, signal?: AbortSignal): Promise<GenerateJobView> {
  return (
    await adminRequest<GenerateJobView>(
      'GET',
      `/api/generate-blog/${encodeURIComponent(jobId)}`,
      signal ? { signal } : {},
    )
  ).data;
}

export async function startImprovement(order: ImproveBlogRequest): Promise<string> {
  return (await adminRequest<JobStarted>('POST', '/api/improve-blog', { body: order })).data.jobId;
}

export async function improvementJob(jobId: string, signal?: AbortSignal): Promise<ImproveJobView> {
  return (
    await adminRequest<ImproveJobView>(
      'GET',
      `/api/improve-blog/${encodeURIComponent(jobId)}`,
      signal ? { signal } : {},
    )
  ).data;
}

/** The public page's own rendering of Markdown, sanitised by the server (safe to insert as HTML). */
export async function previewBlogContent(content: string, signal?: AbortSignal): Promise<string> {
  return (
    await adminRequest<BlogPreviewResponse>('POST', '/api/blog-preview', {
      body: { content },
      ...(signal ? { signal } : {}),
    })
  ).data.html;
}

/** About 1.5 s between polls: a generation takes tens of seconds, and every poll is a function call. */
export const JOB_POLL_INTERVAL_MS = 1500;

export interface JobWaitOptions {
  signal?: AbortSignal;
  intervalMs?: number;
  /** Told of every intermediate status, for the busy state. */
  onStatus?: (status: JobStatus) => void;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Polls a job until it is done or failed and returns its last view. Stops (rejecting with the
 * abort reason) when the signal aborts, e.g. the editor closing; the job itself carries on.
 */
export async function waitForJob<View extends { status: JobStatus }>(
  readJob: (signal?: AbortSignal) => Promise<View>,
  options: JobWaitOptions = {},
): Promise<View> {
  const sleep = options.sleep ?? abortableSleep;
  const interval = options.intervalMs ?? JOB_POLL_INTERVAL_MS;
  for (;;) {
    const view = await readJob(options.signal);
    if (view.status === 'done' || view.status === 'failed') return view;
    options.onStatus?.(view.status);
    await sleep(interval, options.signal);
  }
}
