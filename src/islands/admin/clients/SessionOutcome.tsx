import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { type Appointment, type SessionOutcome as Outcome, sessionOutcomes } from '../../../lib/schemas/appointment';
import { describeSlotIst } from '../../../lib/schedule/slotDays';
import { failureMessage } from '../api';
import { outcomeLabels } from '../ui/OutcomePill';
import { markSession, sessionsChanged } from './clientsApi';

/** Marks a session held or missed, with a private note; the server refuses it before the start. */
export function SessionOutcome({ session, onDone }: { session: Appointment; onDone(): void }) {
  const client = useQueryClient();
  const noteId = useId();
  const [note, setNote] = useState(session.session?.note ?? '');
  const mark = useMutation({
    mutationFn: (outcome: Outcome) =>
      markSession(session.id, { outcome, ...(note.trim() ? { note: note.trim() } : {}) }),
    onSuccess: () => sessionsChanged(client).then(onDone),
  });
  return (
    <form
      className="adm-call-confirm"
      aria-label={`Outcome of ${session.name}'s session`}
      onSubmit={(event) => event.preventDefault()}
    >
      <p>
        How did the session with {session.name} on {describeSlotIst(session.start)} go? The note is yours only: the
        client never sees it.
      </p>
      <div className="field">
        <label htmlFor={noteId}>Private note (optional)</label>
        <textarea
          id={noteId}
          rows={2}
          maxLength={1000}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      {mark.isError ? (
        <p role="alert" className="adm-call-error">
          {failureMessage(mark.error, 'The outcome could not be saved.')}
        </p>
      ) : null}
      <div className="adm-call-actions">
        {sessionOutcomes.map((outcome) => (
          <button
            key={outcome}
            type="button"
            className="btn btn-outline adm-btn-sm"
            disabled={mark.isPending}
            onClick={() => mark.mutate(outcome)}
          >
            {mark.isPending && mark.variables === outcome ? 'Saving…' : outcomeLabels[outcome]}
          </button>
        ))}
        <button type="button" className="btn btn-ghost adm-btn-sm" onClick={onDone}>
          Close
        </button>
      </div>
    </form>
  );
}
