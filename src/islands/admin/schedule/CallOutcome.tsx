import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Appointment, type SessionOutcome as Outcome, sessionOutcomes } from '../../../lib/schemas/appointment';
import { failureMessage } from '../api';
import { conversionsChanged } from '../api/queries';
import { OutcomePill, outcomeLabels } from '../ui/OutcomePill';
import { callsChanged, markCall } from './scheduleApi';
import './call-outcome.css';
import { useNow } from '../../useNow';

/**
 * Once a discovery call has started: one tap marks it held or a no-show. A no-show
 * queues the visitor one invitation to re-book (WhatsApp with their consent, else e-mail, when
 * either is on: the pill does not claim it was sent; the Notifications panel shows what went);
 * the server refuses a mark before the start, so the buttons appear only after it.
 */
export function CallOutcome({ call }: { call: Appointment }) {
  const client = useQueryClient();
  const mark = useMutation({
    mutationFn: (outcome: Outcome) => markCall(call.id, outcome),
    onSuccess: () => Promise.all([callsChanged(client), conversionsChanged(client)]),
  });
  const now = useNow();
  if (call.status !== 'confirmed' || Date.parse(call.start) > now) return null;
  const current = mark.isPending ? mark.variables : call.outcome;
  return (
    <div
      className="adm-call-outcome"
      role="group"
      aria-label={`Outcome of ${call.name}'s call`}
      data-testid="call-outcome"
    >
      <span className="adm-call-outcome-label">
        {call.outcome ? <OutcomePill outcome={call.outcome} /> : 'Did the call take place?'}
      </span>
      {sessionOutcomes.map((outcome) => (
        <button
          key={outcome}
          type="button"
          className="btn btn-outline adm-btn-sm"
          aria-pressed={current === outcome}
          disabled={mark.isPending}
          onClick={() => mark.mutate(outcome)}
        >
          {mark.isPending && mark.variables === outcome ? 'Saving…' : outcomeLabels[outcome]}
          <span className="visually-hidden"> ({call.name}'s call)</span>
        </button>
      ))}
      {mark.isError ? (
        <p role="alert" className="adm-call-error">
          {failureMessage(mark.error, 'The outcome could not be saved.')}
        </p>
      ) : null}
    </div>
  );
}
