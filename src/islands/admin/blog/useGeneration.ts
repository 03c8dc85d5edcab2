import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { GenerateBlogRequest } from '../../../lib/schemas/aiDrafting';
import type { BlogPost } from '../../../lib/schemas/blogPost';
import { toast } from '../../../stores/toasts';
import { adminApi, failureMessage, waitForJob } from '../api';
import { blogPostsChanged, refreshAiStatusAfter } from '../api/queries';
import { forgetGeneration, recallGeneration, rememberGeneration, type RememberedGeneration } from './generationMemory';

const GENERATION_FAILED = 'Failed to generate blog post.';

export interface Generation {
  /** The job being waited for, or null when none runs. */
  running: RememberedGeneration | null;
  /** Sends the order; false when the server refused it (a toast says why). */
  start: (order: GenerateBlogRequest) => Promise<boolean>;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * AI generation as the blog tab sees it. It lives with the tab, not the editor, so a job keeps
 * being polled while the editor is closed, and a reload resumes the job remembered in the tab's
 * session. `onDraft` receives the stored draft once the job is done.
 */
export function useGeneration(onDraft: (post: BlogPost, note?: string) => void): Generation {
  const client = useQueryClient();
  const [running, setRunning] = useState<RememberedGeneration | null>(null);
  const poller = useRef<AbortController | null>(null);
  const deliver = useRef(onDraft);
  deliver.current = onDraft;

  const finish = useCallback(() => {
    forgetGeneration();
    setRunning(null);
    poller.current = null;
  }, []);

  const follow = useCallback(
    async (job: RememberedGeneration) => {
      poller.current?.abort();
      const controller = new AbortController();
      poller.current = controller;
      setRunning(job);
      try {
        const view = await waitForJob((signal) => adminApi.ai.generationJob(job.jobId, signal), {
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        finish();
        if (view.status === 'done' && view.post) {
          await blogPostsChanged(client);
          deliver.current(view.post, view.note);
        } else {
          toast({ title: 'Generation Failed', description: view.error ?? GENERATION_FAILED, variant: 'destructive' });
        }
      } catch (error) {
        if (controller.signal.aborted || isAbort(error)) return;
        finish();
        toast({
          title: 'Generation Failed',
          description: failureMessage(error, GENERATION_FAILED),
          variant: 'destructive',
        });
      }
    },
    [client, finish],
  );

  useEffect(() => {
    const remembered = recallGeneration();
    if (remembered) void follow(remembered);
    return () => poller.current?.abort();
  }, [follow]);

  const start = useCallback(
    async (order: GenerateBlogRequest) => {
      try {
        const jobId = await adminApi.ai.startGeneration(order);
        const job = { jobId, startedAt: Date.now() };
        rememberGeneration(job);
        void follow(job);
        return true;
      } catch (error) {
        refreshAiStatusAfter(client, error);
        toast({
          title: 'Generation Failed',
          description: failureMessage(error, GENERATION_FAILED),
          variant: 'destructive',
        });
        return false;
      }
    },
    [client, follow],
  );

  return { running, start };
}
