import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../stores/toasts';
import { adminApi, failureMessage, waitForJob } from '../api';
import { refreshAiStatusAfter } from '../api/queries';

const IMPROVEMENT_FAILED = 'Failed to improve content.';

export interface Improvement {
  /** When the running improvement started, or null. */
  startedAt: number | null;
  /** Resolves true once the improved content was handed over. */
  start: (content: string, improvements: string) => Promise<boolean>;
}

/**
 * AI improvement inside the editor: `onImproved` gets the new content. Closing the editor
 * stops the polling (the content it would replace is gone with the editor).
 */
export function useImprovement(onImproved: (content: string) => void): Improvement {
  const client = useQueryClient();
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const poller = useRef<AbortController | null>(null);
  const deliver = useRef(onImproved);
  deliver.current = onImproved;

  useEffect(() => () => poller.current?.abort(), []);

  const start = useCallback(
    async (content: string, improvements: string) => {
      poller.current?.abort();
      const controller = new AbortController();
      poller.current = controller;
      setStartedAt(Date.now());
      try {
        const jobId = await adminApi.ai.startImprovement({ content, improvements });
        const view = await waitForJob((signal) => adminApi.ai.improvementJob(jobId, signal), {
          signal: controller.signal,
        });
        if (controller.signal.aborted) return false;
        if (view.status === 'done' && view.content !== undefined) {
          deliver.current(view.content);
          return true;
        }
        toast({ title: 'Improvement Failed', description: view.error ?? IMPROVEMENT_FAILED, variant: 'destructive' });
        return false;
      } catch (error) {
        if (controller.signal.aborted) return false;
        refreshAiStatusAfter(client, error);
        toast({
          title: 'Improvement Failed',
          description: failureMessage(error, IMPROVEMENT_FAILED),
          variant: 'destructive',
        });
        return false;
      } finally {
        if (!controller.signal.aborted) setStartedAt(null);
      }
    },
    [client],
  );

  return { startedAt, start };
}
