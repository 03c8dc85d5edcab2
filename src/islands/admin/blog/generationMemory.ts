import { jobIdPattern } from '../../../lib/schemas/aiDrafting';

// A generation runs on the server for a minute or more. Its job id is kept in the tab's
// sessionStorage so that closing the editor or reloading the page picks the job up again
// instead of losing the draft's arrival (docs/blog.md, "AI drafting": a job outlives a closed
// editor).

export const GENERATION_MEMORY_KEY = 'ccc-admin:blog-generation';

export interface RememberedGeneration {
  jobId: string;
  /** When it started (ms since the epoch), for the elapsed time. */
  startedAt: number;
}

type SessionStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function sessionStore(): SessionStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage blocked by the browser's privacy settings: the job just is not resumable.
    return null;
  }
}

export function rememberGeneration(job: RememberedGeneration, store: SessionStore | null = sessionStore()): void {
  try {
    store?.setItem(GENERATION_MEMORY_KEY, JSON.stringify(job));
  } catch {
    // Quota or privacy mode: nothing to do, the running poll still finishes.
  }
}

export function forgetGeneration(store: SessionStore | null = sessionStore()): void {
  store?.removeItem(GENERATION_MEMORY_KEY);
}

/** The remembered job, or null when there is none or what is stored is not one. */
export function recallGeneration(store: SessionStore | null = sessionStore()): RememberedGeneration | null {
  const raw = store?.getItem(GENERATION_MEMORY_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RememberedGeneration>;
    if (
      typeof value.jobId === 'string' &&
      jobIdPattern.test(value.jobId) &&
      typeof value.startedAt === 'number' &&
      Number.isFinite(value.startedAt)
    ) {
      return { jobId: value.jobId, startedAt: value.startedAt };
    }
  } catch {
    // fall through: a damaged entry is dropped
  }
  store?.removeItem(GENERATION_MEMORY_KEY);
  return null;
}
