import type { FollowUpEvent } from './events';
import { installable } from './installed';
import type { Pipeline } from './pipeline';

// Features publish what happened here and never import the table that reacts to it: the
// composition root (src/server/app/) builds the one pipeline from every feature's effects
// and installs it (docs/architecture.md, "Composition root"). A process that publishes
// without it fails before anything is stored.

const pipeline = installable<Pipeline>('follow-up pipeline');

export const installPipeline = pipeline.install;
export const followUpPipeline = pipeline.get;

/** Stores the event and has it done after the response (or now, outside a request). */
export const recordFollowUp = (event: FollowUpEvent): Promise<void> => followUpPipeline().recordFollowUp(event);

/** Has a stored event done after the response (the owner's Retry of a set-aside event). */
export const scheduleFollowUp = (event: FollowUpEvent): Promise<void> => followUpPipeline().scheduleFollowUp(event);
