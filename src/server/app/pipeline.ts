import { createPipeline } from '../followUp/pipeline';
import { deliver } from '../notifications';
import { leadEffects } from './effects';

/** Sends the entries now; whatever fails stays due for the sweep. */
async function sendNow(entryIds: readonly string[]): Promise<void> {
  await Promise.all(
    entryIds.map((id) =>
      deliver(id).catch((error: unknown) =>
        console.error(`[notifications] ${id}: sending failed; the sweep retries`, error),
      ),
    ),
  );
}

/** The site's one follow-up pipeline: every lead, payment and call event runs through it. */
export const leadPipeline = createPipeline({ effects: leadEffects, send: sendNow });
export const { completeEvent } = leadPipeline;
