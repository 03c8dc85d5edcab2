import type { SetAsideEvent } from '../../lib/schemas/setAside';
import { type FollowUpEvent, deadEvents, reviveEvent } from './events';
import { notFound } from '../http/errors';
import { followUpPipeline } from './publish';

function describe(event: FollowUpEvent): SetAsideEvent {
  return {
    queue: 'follow-up',
    id: event.id,
    recordedAt: event.recordedAt,
    deadAt: event.deadAt ?? null,
    attempts: event.attempts ?? 0,
    lastError: event.lastError ?? null,
    what:
      event.lead?.kind ??
      (event.appointment ? `call ${event.appointment.change}` : null) ??
      event.record?.collection ??
      'follow-up',
    leadId: event.lead?.leadId ?? event.record?.id ?? null,
    who: event.lead?.person.name ?? event.lead?.person.email ?? null,
    done: event.done ?? [],
  };
}

/** The events set aside after their last try, newest first. */
export async function listSetAsideEvents(): Promise<SetAsideEvent[]> {
  return (await deadEvents()).map(describe);
}

/** The owner's Retry: back in the queue, done after the response (and by the minute job if that fails). */
export async function retrySetAsideEvent(id: string): Promise<{ id: string }> {
  const lease = await reviveEvent(id);
  if (!lease) throw notFound('No such event is set aside.');
  await followUpPipeline().followUpStored(lease);
  return { id };
}
