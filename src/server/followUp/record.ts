import { afterResponse } from './afterResponse';
import { type FollowUpEvent, storeEvent } from './events';
import { followUpHeld, holdEvent } from './process';

/**
 * Stores a follow-up event and has it done after the response (inside a request) or now
 * (anywhere else). The caller answers once this resolves: the event is durable by then,
 * and the minute job does it if this process never gets to.
 */
export async function recordFollowUp(event: FollowUpEvent): Promise<void> {
  if (await storeEvent(event)) await scheduleFollowUp(event);
}

/** Has a stored event done after the response (or now, outside a request). */
export async function scheduleFollowUp(event: FollowUpEvent): Promise<void> {
  if (!holdEvent(event.id)) return;
  await afterResponse(`follow-up ${event.id}`, () => followUpHeld(event));
}
