import { describe, expect, it } from 'vitest';
import { waitForJob } from '../../src/islands/admin/api/aiDrafting';
import type { JobStatus } from '../../src/lib/schemas/aiDrafting';

// The job poller with a scripted job and a recorded sleep: the statuses the server would
// give in turn, and the waits the editor would make between them.
function scriptedJob(statuses: JobStatus[]) {
  let reads = 0;
  return {
    read: async () => ({ status: statuses[Math.min(reads++, statuses.length - 1)]!, reads }),
    get reads() {
      return reads;
    },
  };
}

describe('waiting for an AI job', () => {
  it('polls until done, waiting the interval between reads and reporting each pending status', async () => {
    const job = scriptedJob(['queued', 'running', 'running', 'done']);
    const waits: number[] = [];
    const seen: JobStatus[] = [];
    const view = await waitForJob(job.read, {
      intervalMs: 1500,
      sleep: async (ms) => void waits.push(ms),
      onStatus: (s) => seen.push(s),
    });
    expect(view.status).toBe('done');
    expect(job.reads).toBe(4);
    expect(waits).toEqual([1500, 1500, 1500]);
    expect(seen).toEqual(['queued', 'running', 'running']);
  });

  it('returns a failed job as it is, without waiting further', async () => {
    const job = scriptedJob(['running', 'failed', 'done']);
    const view = await waitForJob(job.read, { sleep: async () => {} });
    expect(view.status).toBe('failed');
    expect(job.reads).toBe(2);
  });

  it('stops when the editor closes (abort) and reads no more', async () => {
    const job = scriptedJob(['running']);
    const controller = new AbortController();
    const waiting = waitForJob(job.read, { signal: controller.signal, intervalMs: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort(new Error('editor closed'));
    await expect(waiting).rejects.toThrow('editor closed');
    expect(job.reads).toBe(1);
  });
});
