import type { SessionOutcome as Outcome } from '../../../lib/schemas/appointment';
import { Pill } from './Pill';

/** The owner's words for an outcome, on a call's and a session's buttons alike. */
export const outcomeLabels: Record<Outcome, string> = { held: 'Held', 'no-show': 'No-show' };

/** How a marked call or session shows its outcome, the same under Upcoming calls and in Clients. */
export function OutcomePill({ outcome }: { outcome: Outcome | null | undefined }) {
  return outcome ? <Pill tone={outcome === 'held' ? 'green' : 'amber'}>{outcomeLabels[outcome]}</Pill> : null;
}
