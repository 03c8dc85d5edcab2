import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Appointment } from '../../../lib/schemas/appointment';
import { describeSlotIst } from '../../../lib/schedule/slotDays';
import { failureMessage } from '../api';
import { cancelSessionAsOwner, sessionsChanged } from '../clients/clientsApi';
import { MoveSession } from '../clients/MoveSession';
import { SessionOutcome } from '../clients/SessionOutcome';
import { OutcomePill } from '../ui/OutcomePill';
import { Pill } from '../ui/Pill';
import { CallWhenWho } from './CallItem';

/**
 * A client's paid session beside the calls: when, who, the package, the outcome
 * once it has started, and the owner's move and cancel, at any time. The client moves or cancels it from
 * their own page until 24 hours before.
 */
export function SessionItem({ call }: { call: Appointment }) {
  const [mode, setMode] = useState<'view' | 'outcome' | 'cancel'>('view');
  const toggle = (next: 'outcome' | 'cancel') => setMode(mode === next ? 'view' : next);
  const session = call.session!;
  return (
    <li className="adm-call adm-call-session" data-testid="upcoming-session" data-appointment-id={call.id}>
      <div className="adm-call-main">
        <CallWhenWho
          call={call}
          kind={
            <span className="adm-call-kind">
              <Pill tone="teal">Session · {session.packageName}</Pill> {session.minutes} min
            </span>
          }
        />
        <div className="adm-call-actions">
          <OutcomePill outcome={session.outcome} />
          <button
            type="button"
            className="btn btn-outline adm-btn-sm"
            aria-expanded={mode === 'outcome'}
            onClick={() => toggle('outcome')}
          >
            Outcome<span className="visually-hidden"> of {call.name}'s session</span>
          </button>
          {session.outcome ? null : <MoveSession session={call} />}
          {session.outcome ? null : (
            <button
              type="button"
              className="btn btn-outline adm-btn-sm adm-btn-quiet-danger"
              aria-expanded={mode === 'cancel'}
              onClick={() => toggle('cancel')}
            >
              Cancel<span className="visually-hidden"> {call.name}'s session</span>
            </button>
          )}
        </div>
      </div>
      {mode === 'outcome' ? <SessionOutcome session={call} onDone={() => setMode('view')} /> : null}
      {mode === 'cancel' ? <CancelSession session={call} onDone={() => setMode('view')} /> : null}
    </li>
  );
}

function CancelSession({ session, onDone }: { session: Appointment; onDone(): void }) {
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelSessionAsOwner(session.id),
    onSuccess: () => sessionsChanged(client).then(onDone),
  });
  return (
    <div className="adm-call-confirm" role="group" aria-label={`Cancel ${session.name}'s session`}>
      <p>
        Cancel the session with {session.name} on {describeSlotIst(session.start)}? They are told, the time is free
        again and the session goes back to those they can book.
      </p>
      {cancel.isError ? (
        <p role="alert" className="adm-call-error">
          {failureMessage(cancel.error, 'The session could not be cancelled.')}
        </p>
      ) : null}
      <div className="adm-call-actions">
        <button
          type="button"
          className="btn adm-btn-sm adm-btn-danger"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate()}
        >
          {cancel.isPending ? 'Cancelling…' : 'Yes, cancel the session'}
        </button>
        <button type="button" className="btn btn-ghost adm-btn-sm" onClick={onDone}>
          Keep it
        </button>
      </div>
    </div>
  );
}
