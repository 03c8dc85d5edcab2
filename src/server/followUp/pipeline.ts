import { afterResponse } from '../http/afterResponse';
import type { Lease, Versioned } from '../queue/lease';
import { type FollowUpEvent, claimEvent, finishEvent, recordFailedRun, storeClaimedEvent } from './events';
import type { Effect } from './effects';

// Doing a follow-up event: every effect of the table that applies and is not done yet,
// side by side. All succeeded: the event is deleted. Some failed: the event keeps what
// is done, counts the failure and backs off, and after its last try is set aside for the
// owner (events.ts). The effects' outbox entries are then sent at once. A run first claims
// its event (docs/queue.md), so the request's own follow-up, the minute job and the owner's
// Retry, in any process, never run one event at the same time.

export interface PipelineOptions {
  effects: readonly Effect[];
  /** Sends outbox entries now; whatever fails stays due for the minute job's sweep. */
  send(entryIds: readonly string[]): Promise<void>;
}

export interface RunOutcome {
  state: 'done' | 'retry' | 'dead';
  failed: string[];
}

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

export function createPipeline({ effects, send }: PipelineOptions) {
  /** Runs what is left of the event; never throws for an effect's failure (the event records it). */
  async function runEvent(
    event: FollowUpEvent,
    lease?: Lease<FollowUpEvent>,
  ): Promise<{ outcome: RunOutcome; entries: string[] }> {
    const todo = effects.filter((effect) => effect.applies(event) && !event.done?.includes(effect.name));
    const results = await Promise.allSettled(todo.map((effect) => effect.run(event)));
    const entries: string[] = [];
    const done: string[] = [];
    const failures: string[] = [];
    results.forEach((result, index) => {
      const effect = todo[index]!;
      if (result.status === 'fulfilled') {
        done.push(effect.name);
        if (result.value) entries.push(...result.value);
      } else {
        failures.push(effect.name);
        console.error(`[follow-up] event ${event.id}: ${effect.name} failed`, result.reason);
      }
    });
    if (failures.length === 0) {
      await finishEvent(event.id);
      return { outcome: { state: 'done', failed: [] }, entries };
    }
    const firstError = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
    const state = await recordFailedRun(
      event,
      done,
      `${failures.join(', ')}: ${describe(firstError.reason)}`,
      new Date(),
      lease,
    );
    if (state === 'dead')
      console.error(`[follow-up] event ${event.id} set aside after its last try (${failures.join(', ')})`);
    return { outcome: { state, failed: failures }, entries };
  }

  /**
   * Stores everything the event asks for and finishes it (or records the failure); the outbox
   * entries to send. Unclaimed: for an event no other worker can know of yet (outside a
   * request, nothing was stored), and for tests that run one event twice on purpose.
   */
  async function completeEvent(event: FollowUpEvent): Promise<string[]> {
    return (await runEvent(event)).entries;
  }

  /** Runs an event this worker holds the claim on, then sends its messages. */
  async function runLeased(lease: Lease<FollowUpEvent>): Promise<RunOutcome> {
    const { outcome, entries } = await runEvent(lease.value, lease);
    await send(entries);
    return outcome;
  }

  /** Claims the stored event and runs it; 'busy' when another run holds it. */
  async function runClaimed(
    id: string,
    known?: Versioned<FollowUpEvent>,
    now = new Date(),
  ): Promise<RunOutcome | 'busy'> {
    const lease = await claimEvent(id, now, known);
    // Gone: done by another run already. Refused: another run holds it, or changed it since it was read.
    if (lease === 'missing') return { state: 'done', failed: [] };
    if (typeof lease === 'string') return 'busy';
    return runLeased(lease);
  }

  /** Has an event this worker stored claimed (storeClaimedEvent) done after the response (or now). */
  async function followUpStored(lease: Lease<FollowUpEvent>): Promise<void> {
    await afterResponse(`follow-up ${lease.value.id}`, () => runLeased(lease));
  }

  /** Has a stored event done after the response (or now, outside a request). */
  async function scheduleFollowUp(event: FollowUpEvent): Promise<void> {
    await afterResponse(`follow-up ${event.id}`, () => runClaimed(event.id));
  }

  return {
    effects,
    completeEvent,
    /** Sends outbox entries now (after completeEvent outside a request). */
    send,
    scheduleFollowUp,
    followUpStored,

    /**
     * Stores a follow-up event and has it done after the response (inside a request) or
     * now. The caller answers once this resolves: the event is durable by then, and the
     * minute job does it if this process never gets to.
     */
    async recordFollowUp(event: FollowUpEvent): Promise<void> {
      const stored = await storeClaimedEvent(event, new Date());
      if (stored) await followUpStored(stored);
    },

    /**
     * The minute job's part: does the event unless another run holds it. `etag` is the one the
     * event was listed with (a change since makes it 'busy' until the next run); `now` is the
     * job's clock, against which claims expire.
     */
    followUp(event: FollowUpEvent, etag?: string, now = new Date()): Promise<RunOutcome | 'busy'> {
      return runClaimed(event.id, etag === undefined ? undefined : { value: event, etag }, now);
    },
  };
}

export type Pipeline = ReturnType<typeof createPipeline>;
