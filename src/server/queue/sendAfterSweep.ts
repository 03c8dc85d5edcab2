import type { Store } from '@netlify/blobs';
import { z } from 'zod';
import { blobCall } from '../storage/blobs';
import { eachUntil } from '../storage/eachUntil';
import { claimIsLive, settleLease, takeLease } from './lease';
import { type RetryPolicy, isDue, nextTry } from './retry';
import { dueSendAfter } from './sendAfter';

// The one way scheduled sends are done (docs/queue.md): the minute job lists what is due in the
// last hours' folders, claims each with a lease (so two runs never send one twice), runs it,
// and on a failure tries again with backoff until its last try, when the owner of the work
// decides: set it aside for the owner's Retry, or drop it. A key of another shape is dropped.

const stateSchema = z.object({
  attempts: z.number().int().min(0).optional(),
  nextAttemptAt: z.string().nullish(),
  lastError: z.string().nullish(),
  claimedAt: z.string().nullish(),
});
type SendState = z.infer<typeof stateSchema>;

/** One scheduled send whose tries have run out. */
export interface LastFailure<P> {
  key: string;
  name: string;
  dueMs: number;
  parsed: P;
  attempts: number;
  lastError: string;
}

export interface SendAfterWork<P> {
  store: Store;
  prefix: string;
  lookbackHours: number;
  /** How long a claim holds before another run may take the work. */
  claimMs: number;
  retry: RetryPolicy;
  /** The log's tag: `[reminders]`. */
  label: string;
  /** The work a key's name names; null drops the key. */
  parse(name: string): P | null;
  /** Does the work: whether it was still wanted (sent) or not (dropped); a throw is retried. */
  run(parsed: P, now: Date): Promise<boolean>;
  /** After the last try: keeps what the owner may retry; the key is deleted after it. */
  lastFailure?(failure: LastFailure<P>, now: Date): Promise<void>;
}

export interface SweepReport {
  sent: number;
  dropped: number;
  left: number;
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** Does the scheduled sends due now, until the deadline. */
export async function sweepSendAfter<P>(work: SendAfterWork<P>, now: Date, deadline = Infinity): Promise<SweepReport> {
  const { store, label } = work;
  const due = await dueSendAfter(store, work.prefix, now, work.lookbackHours);
  let sent = 0;
  let dropped = 0;
  const started = await eachUntil(due, 8, deadline, async ({ key, dueMs, name }) => {
    const parsed = dueMs === null ? null : work.parse(name);
    if (dueMs === null || parsed === null) {
      dropped += 1;
      await blobCall(() => store.delete(key)).catch(() => undefined);
      return;
    }
    try {
      const lease = await takeLease<SendState>({
        store,
        key,
        parse: (value) => stateSchema.parse(value ?? {}),
        claimable: (state, at) => isDue(state.nextAttemptAt, at) && !claimIsLive(state.claimedAt, at, work.claimMs),
        claim: (state, at) => ({ ...state, claimedAt: at.toISOString() }),
        now,
      });
      if (typeof lease === 'string') return;
      try {
        if (await work.run(parsed, now)) sent += 1;
        else dropped += 1;
        await blobCall(() => store.delete(key));
      } catch (error) {
        const attempts = (lease.value.attempts ?? 0) + 1;
        const lastError = describe(error).slice(0, 500);
        const next = nextTry(work.retry, attempts, now);
        console.error(`${label} ${name}: try ${attempts} failed (${lastError}); ${next ? 'retried' : 'its last'}`);
        if (next) {
          await settleLease(store, lease, { attempts, lastError, nextAttemptAt: next.toISOString(), claimedAt: null });
          return;
        }
        await work.lastFailure?.({ key, name, dueMs, parsed, attempts, lastError }, now);
        await blobCall(() => store.delete(key));
      }
    } catch (error) {
      console.error(`${label} ${key} failed; the next run tries again`, error);
    }
  });
  return { sent, dropped, left: due.length - started };
}
