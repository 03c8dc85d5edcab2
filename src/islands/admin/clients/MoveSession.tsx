import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Appointment } from '../../../lib/schemas/appointment';

/** What moving a session needs to know of it. */
export type MovableSession = Pick<Appointment, 'id' | 'name' | 'email' | 'start' | 'session'>;
import type { SessionMoveAnswer } from '../../../lib/schemas/client';
import { describeSlotIst } from '../../../lib/schedule/slotDays';
import { TimeChooser } from '../../slot-picker/TimeChooser';
import '../../slot-picker/slot-picker.css';
import { failureMessage } from '../api';
import { useModalDialog } from '../ui/useModalDialog';
import { freeSessionStarts, moveSessionAsOwner, sessionsChanged } from './clientsApi';
import './clients.css';

/**
 * The owner's Move on a client's upcoming session. Unlike the client, the owner may move it
 * inside the 24 hours (docs/scheduling.md, "Paid sessions"); the free times are the client's own.
 */
export function MoveSession({ session }: { session: MovableSession }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline adm-btn-sm adm-btn-tap"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        Move<span className="visually-hidden"> {session.name}'s session</span>
      </button>
      {open ? <MoveSessionDialog session={session} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/**
 * A native modal <dialog>: it traps focus, closes on Escape and gives focus back to Move. The
 * picker's days and times are buttons and radio buttons (arrow keys move between the times).
 */
function MoveSessionDialog({ session, onClose }: { session: MovableSession; onClose(): void }) {
  const dialog = useModalDialog();
  const id = useId();
  const minutes = session.session!.minutes;
  const client = useQueryClient();
  const slotsKey = ['clients', 'session-starts', minutes] as const;
  const slots = useQuery({
    queryKey: slotsKey,
    queryFn: ({ signal }) => freeSessionStarts(minutes, signal),
    staleTime: 0,
  });
  const [moved, setMoved] = useState<SessionMoveAnswer['session'] | null>(null);

  let body;
  if (moved) {
    body = (
      <p role="status" data-testid="session-moved">
        Moved: {session.name}'s session is now on {describeSlotIst(moved.start)}.{' '}
        {session.email
          ? 'They are told by e-mail, with the new calendar invite.'
          : 'They left no e-mail: call or WhatsApp them the new time.'}
      </p>
    );
  } else if (slots.isPending) {
    body = <p aria-busy="true">Loading free times…</p>;
  } else if (slots.isError) {
    body = <p role="alert">{failureMessage(slots.error, 'The free times could not be loaded.')}</p>;
  } else if (slots.data.slots.length === 0) {
    body = (
      <p role="status">
        No free time for a {minutes}-minute session in the next two weeks: open more hours under Availability.
      </p>
    );
  } else {
    body = (
      <TimeChooser<SessionMoveAnswer>
        slots={slots.data.slots}
        title="Pick the new time"
        note={`${minutes} minutes, by phone.`}
        thing="session"
        action="Move to"
        onSlots={(fresh) => client.setQueryData(slotsKey, { ...slots.data, slots: fresh })}
        onBook={(start) => moveSessionAsOwner(session.id, start)}
        onBooked={(answer) => {
          setMoved(answer.session);
          void sessionsChanged(client);
        }}
      />
    );
  }

  return (
    <dialog
      ref={dialog}
      className="adm-dialog adm-move-session"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-now`}
      onClose={onClose}
      data-testid="move-session-dialog"
    >
      <h2 id={`${id}-title`}>Move {session.name}'s session</h2>
      <p id={`${id}-now`}>
        Now on {describeSlotIst(session.start)}. You can move it at any time, even inside 24 hours; the client is told
        the new time.
      </p>
      {body}
      <div className="adm-dialog-actions">
        <button
          type="button"
          className="btn btn-outline adm-btn-sm adm-btn-tap"
          onClick={() => dialog.current?.close()}
        >
          {moved ? 'Done' : 'Keep the current time'}
        </button>
      </div>
    </dialog>
  );
}
