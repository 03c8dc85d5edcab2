import { afterResponse } from '../http/afterResponse';
import { type FollowUpEvent, eventTime, finishEvent, readEvent, recordFailedRun, storeEvent } from './events';
import type { Effect } from './effects';

// Doing a follow-up event: every effect of the table that applies and is not done yet,
// side by side. All succeeded: the event is deleted. Some failed: the event keeps what
// is done, counts the failure and backs off, and after its last try is set aside for the
// owner (events.ts). The effects' outbox entries are then sent at once.

export interface PipelineOptions {
  effects: readonly Effect[];
  /** Sends outbox entries now; whatever fails stays due for the minute job's sweep. */
  send(entryIds: readonly string[]): Promise<void>;
}

export interface RunOutcome {
  state: 'done' | 'retry' | 'dead';
  failed: string[];
}

// A follow-up that waited this long (behind others) reads its event again first: someone
// else may have done it meanwhile, and there is no point in doing it twice.
const STALE_AFTER_MS = 20_000;

const describe = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

export function createPipeline({ effects, send }: PipelineOptions) {
  /** Events this process is doing right now: the minute job leaves them to it. */
  const inFlight = new Set<string>();

  /** Runs what is left of the event; never throws for an effect's failure (the event records it). */
  async function runEvent(event: FollowUpEvent): Promise<{ outcome: RunOutcome; entries: string[] }> {
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
    const state = await recordFailedRun(event, done, `${failures.join(', ')}: ${describe(firstError.reason)}`);
    if (state === 'dead')
      console.error(`[follow-up] event ${event.id} set aside after its last try (${failures.join(', ')})`);
    return { outcome: { state, failed: failures }, entries };
  }

  /** Stores everything the event asks for and finishes it (or records the failure); the outbox entries to send. */
  async function completeEvent(event: FollowUpEvent): Promise<string[]> {
    return (await runEvent(event)).entries;
  }

  async function doHeld(event: FollowUpEvent): Promise<RunOutcome> {
    try {
      const current = Date.now() - eventTime(event.id) > STALE_AFTER_MS ? await readEvent(event.id) : event;
      if (!current) return { state: 'done', failed: [] };
      const { outcome, entries } = await runEvent(current);
      await send(entries);
      return outcome;
    } finally {
      inFlight.delete(event.id);
    }
  }

  const hold = (eventId: string) => {
    if (inFlight.has(eventId)) return false;
    inFlight.add(eventId);
    return true;
  };

  /** Has a stored event done after the response (or now, outside a request). */
  async function scheduleFollowUp(event: FollowUpEvent): Promise<void> {
    if (!hold(event.id)) return;
    await afterResponse(`follow-up ${event.id}`, () => doHeld(event));
  }

  return {
    effects,
    completeEvent,
    /** Sends outbox entries now (after completeEvent outside a request). */
    send,
    isInFlight: (eventId: string) => inFlight.has(eventId),
    scheduleFollowUp,

    /**
     * Stores a follow-up event and has it done after the response (inside a request) or
     * now. The caller answers once this resolves: the event is durable by then, and the
     * minute job does it if this process never gets to.
     */
    async recordFollowUp(event: FollowUpEvent): Promise<void> {
      if (await storeEvent(event)) await scheduleFollowUp(event);
    },

    /** The minute job's part: does the event unless this process is doing it already. */
    async followUp(event: FollowUpEvent): Promise<RunOutcome | 'busy'> {
      if (!hold(event.id)) return 'busy';
      return doHeld(event);
    },
  };
}

export type Pipeline = ReturnType<typeof createPipeline>;
