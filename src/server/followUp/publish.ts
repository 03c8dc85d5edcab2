import { type FollowUpEvent, newEventId } from './events';
import { installable } from './installed';
import type { Pipeline } from './pipeline';

// Features publish what happened here and never import the table that reacts to it: the
// composition root (src/server/app/) builds the one pipeline from every feature's effects
// and installs it (docs/architecture.md, "Composition root"). A process that publishes
// without it fails before the event is stored.

const pipeline = installable<Pipeline>('follow-up pipeline');

export const installPipeline = pipeline.install;
export const followUpPipeline = pipeline.get;

/** Stores the event and has it done after the response (or now, outside a request). */
export const recordFollowUp = (event: FollowUpEvent): Promise<void> => followUpPipeline().recordFollowUp(event);

/** What an event that stores no record carries: a payment's outcome, a call's change or outcome, a refund. */
export type Notice = Partial<Pick<FollowUpEvent, 'lead' | 'appointment' | 'callOutcome' | 'refund'>> & {
  /** Its id when it must be the same for the same fact (a refund's status); a new one otherwise. */
  id?: string;
  at?: Date;
};

/** Publishes an event that stores no record; the effects that apply to what it carries follow it. */
export function recordNotice({ id, at = new Date(), lead = null, ...carried }: Notice): Promise<void> {
  return recordFollowUp({
    id: id ?? newEventId(at),
    recordedAt: at.toISOString(),
    record: null,
    counts: null,
    person: null,
    lead,
    ...carried,
  });
}
