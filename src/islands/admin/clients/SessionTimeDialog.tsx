import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import type { SessionMoveAnswer } from '../../../lib/schemas/client';
import { describeSlotIst } from '../../../lib/schedule/slotDays';
import { TimeChooser } from '../../slot-picker/TimeChooser';
import '../../slot-picker/slot-picker.css';
import { failureMessage } from '../api';
import { useModalDialog } from '../ui/useModalDialog';
import { freeSessionStarts, sessionsChanged } from './clientsApi';
import './clients.css';

interface Props {
  title: string;
  intro: ReactNode;
  /** The client's name and mailbox, for the words once it is done. */
  name: string;
  email: string | null;
  minutes: number;
  /** The chooser's button ("Move to", "Book"). */
  action: string;
  /** "Moved", "Booked": the first word once it is done. */
  done: string;
  onChoose(start: string): Promise<SessionMoveAnswer>;
  onClose(): void;
  testId: string;
}

/**
 * The owner picks a time for a client's session (docs/scheduling.md, "Paid sessions"): the free
 * times are the client's own. A native modal <dialog>: it traps focus, closes on Escape and gives
 * focus back to the button that opened it; the picker's days and times are buttons and radio
 * buttons (arrow keys move between the times).
 */
export function SessionTimeDialog({
  title,
  intro,
  name,
  email,
  minutes,
  action,
  done,
  onChoose,
  onClose,
  testId,
}: Props) {
  const dialog = useModalDialog();
  const id = useId();
  const client = useQueryClient();
  const slotsKey = ['clients', 'session-starts', minutes] as const;
  const slots = useQuery({
    queryKey: slotsKey,
    queryFn: ({ signal }) => freeSessionStarts(minutes, signal),
    staleTime: 0,
  });
  const [chosen, setChosen] = useState<SessionMoveAnswer['session'] | null>(null);

  let body;
  if (chosen) {
    body = (
      <p role="status" data-testid="session-time-done">
        {done}: {name}'s session is on {describeSlotIst(chosen.start)}.{' '}
        {email
          ? 'They are told by e-mail, with the calendar invite.'
          : 'They left no e-mail: call or WhatsApp them the time.'}
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
        title="Pick the time"
        note={`${minutes} minutes, by phone.`}
        thing="session"
        action={action}
        onSlots={(fresh) => client.setQueryData(slotsKey, { ...slots.data, slots: fresh })}
        onBook={onChoose}
        onBooked={(answer) => {
          setChosen(answer.session);
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
      aria-describedby={`${id}-intro`}
      onClose={onClose}
      data-testid={testId}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-intro`}>{intro}</p>
      {body}
      <div className="adm-dialog-actions">
        <button
          type="button"
          className="btn btn-outline adm-btn-sm adm-btn-tap"
          onClick={() => dialog.current?.close()}
        >
          {chosen ? 'Done' : 'Close without a change'}
        </button>
      </div>
    </dialog>
  );
}

/** The button that opens the dialog ("Move", "Book a session"), named for screen readers by whose session it is. */
export function SessionTimeAction({
  label,
  hiddenLabel,
  ...dialog
}: Omit<Props, 'onClose'> & { label: string; hiddenLabel: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-outline adm-btn-sm adm-btn-tap"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {label}
        <span className="visually-hidden"> {hiddenLabel}</span>
      </button>
      {open ? <SessionTimeDialog {...dialog} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
