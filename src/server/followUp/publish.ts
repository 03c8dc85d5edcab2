import type { FollowUpEvent } from './events';
import type { Pipeline } from './pipeline';

// Features publish what happened here and never import the table that reacts to it: the
// composition root (src/server/app/) builds the one pipeline from every feature's effects
// and installs it once, when a function or the minute job imports it
// (docs/architecture.md, "Composition root"). A process that publishes without having
// installed it fails loudly before anything is stored, never silently late.

let installed: Pipeline | null = null;

export function installPipeline(pipeline: Pipeline): void {
  if (installed && installed !== pipeline) throw new Error('A second follow-up pipeline was installed.');
  installed = pipeline;
}

export function followUpPipeline(): Pipeline {
  if (!installed)
    throw new Error(
      'No follow-up pipeline is installed: the entry point must import src/server/app (docs/architecture.md).',
    );
  return installed;
}

/** Stores the event and has it done after the response (or now, outside a request). */
export const recordFollowUp = (event: FollowUpEvent): Promise<void> => followUpPipeline().recordFollowUp(event);

/** Has a stored event done after the response (the owner's Retry of a set-aside event). */
export const scheduleFollowUp = (event: FollowUpEvent): Promise<void> => followUpPipeline().scheduleFollowUp(event);
