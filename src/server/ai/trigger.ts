import { serviceUnavailable } from '../http/errors';
import { failQueuedJob } from './jobs';

// The background function (netlify/functions/ai-drafting-background.mts) is started by
// a request to its own URL on this site, carrying only the job id. It needs no secret:
// it re-reads the job from Blobs and works only on a job that is still `queued`,
// claiming it once, so a stranger who calls it can neither create work nor repeat it.
export const BACKGROUND_FUNCTION_PATH = '/.netlify/functions/ai-drafting-background';
const TRIGGER_TIMEOUT_MS = 10_000;

/** Starts the run of a queued job; if the platform does not take it, the job fails and the caller gets 503. */
export async function triggerBackgroundRun(siteRequest: Request, jobId: string): Promise<void> {
  const url = new URL(BACKGROUND_FUNCTION_PATH, new URL(siteRequest.url).origin);
  let problem: string | null = null;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jobId }),
      signal: AbortSignal.timeout(TRIGGER_TIMEOUT_MS),
    });
    await response.body?.cancel();
    // Netlify answers 202 for a background function the moment it accepts the run.
    if (response.status !== 202) problem = `HTTP ${response.status}`;
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  if (problem !== null) {
    console.error(`[ai drafting] could not start job ${jobId}: ${problem}`);
    await failQueuedJob(jobId, 'The AI job could not be started on the server. Please try again.');
    throw serviceUnavailable('The AI job could not be started. Please try again in a minute.');
  }
}
