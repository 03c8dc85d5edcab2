import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import type { Appointment } from '../../../lib/schemas/appointment';
import { describeSlotIst } from '../../../lib/schedule/slotDays';
import { TimeChooser } from '../../slot-picker/TimeChooser';
import { failureMessage } from '../api';
import { bookingQuery } from '../api/queries';
import { BookingCard } from '../bookings/BookingCard';
import { PhoneAndEmail } from '../ui/Contact';
import { CallOutcome } from './CallOutcome';
import { CallWhatsApp } from './CallWhatsApp';
import { callsChanged, cancelCall, cancelCallsOfPhone, freeSlots, moveCall, scheduleKeys } from './scheduleApi';
import '../../slot-picker/slot-picker.css';

const istTime = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone: 'Asia/Kolkata',
  })
    .format(new Date(iso))
    .replace(/\s/g, ' ');

/** The visitor pressed Confirm on a WhatsApp confirmation or reminder. */
function VisitorConfirmed({ at }: { at: string | undefined }) {
  if (!at) return null;
  return (
    <span className="adm-call-confirmed" data-testid="visitor-confirmed">
      <span aria-hidden="true">✓ </span>Confirmed by the visitor on WhatsApp, <time dateTime={at}>{istTime(at)}</time>
    </span>
  );
}

/** When and who, for a call and a session alike: the time, then `kind` (a session's package), the name, how to reach them, a Confirm on WhatsApp. */
export function CallWhenWho({ call, kind }: { call: Appointment; kind?: ReactNode }) {
  return (
    <>
      <time className="adm-call-time" dateTime={call.start}>
        {istTime(call.start)}
      </time>
      <div className="adm-call-who">
        {kind}
        <strong>{call.name}</strong>
        <span>
          <PhoneAndEmail phone={call.phone} email={call.email} />
        </span>
        <VisitorConfirmed at={call.visitorConfirmedAt} />
        <JoinLink call={call} />
      </div>
    </>
  );
}

/** An online session's link (docs/scheduling.md, "The meeting link"), while it is on. */
export function JoinLink({ call }: { call: Pick<Appointment, 'meetingUrl' | 'status' | 'name'> }) {
  if (!call.meetingUrl || call.status !== 'confirmed') return null;
  return (
    <a
      className="btn btn-outline adm-btn-sm adm-call-join"
      href={call.meetingUrl}
      rel="noopener"
      target="_blank"
      data-testid="join-link"
    >
      Join online<span className="visually-hidden"> with {call.name} (opens in a new tab)</span>
    </a>
  );
}

interface CallItemProps {
  call: Appointment;
  /** Says what a change did once the item itself may be gone (every call of a number cancelled). */
  onNotice(message: string): void;
}

/** One call: when, who, the booking behind it, and the owner's cancel and move. */
export function CallItem({ call, onNotice }: CallItemProps) {
  const [mode, setMode] = useState<'view' | 'booking' | 'move' | 'cancel'>('view');
  const bookingPanel = useId();
  return (
    <li className="adm-call" data-testid="upcoming-call" data-appointment-id={call.id}>
      <div className="adm-call-main">
        <CallWhenWho call={call} />
        <div className="adm-call-actions">
          <button
            type="button"
            className="btn btn-outline adm-btn-sm"
            aria-expanded={mode === 'booking'}
            aria-controls={bookingPanel}
            onClick={() => setMode(mode === 'booking' ? 'view' : 'booking')}
          >
            Booking<span className="visually-hidden"> of {call.name}</span>
          </button>
          <button
            type="button"
            className="btn btn-outline adm-btn-sm"
            onClick={() => setMode(mode === 'move' ? 'view' : 'move')}
          >
            Move<span className="visually-hidden"> {call.name}'s call</span>
          </button>
          <button
            type="button"
            className="btn btn-outline adm-btn-sm adm-btn-quiet-danger"
            onClick={() => setMode(mode === 'cancel' ? 'view' : 'cancel')}
          >
            Cancel<span className="visually-hidden"> {call.name}'s call</span>
          </button>
        </div>
      </div>
      <CallOutcome call={call} />
      <CallWhatsApp call={call} />
      <div id={bookingPanel}>{mode === 'booking' ? <BookingOfCall bookingId={call.bookingId} /> : null}</div>
      {mode === 'move' ? <MoveCall call={call} onDone={() => setMode('view')} /> : null}
      {mode === 'cancel' ? <CancelCall call={call} onDone={() => setMode('view')} onNotice={onNotice} /> : null}
    </li>
  );
}

function BookingOfCall({ bookingId }: { bookingId: string }) {
  const booking = useQuery(bookingQuery(bookingId));
  if (booking.isPending)
    return (
      <p className="adm-panel-note" aria-busy="true">
        Loading the booking…
      </p>
    );
  if (booking.isError)
    return (
      <p className="adm-panel-note" role="alert">
        {failureMessage(booking.error, 'The booking could not be loaded.')}
      </p>
    );
  return (
    <div className="adm-call-booking">
      <BookingCard booking={booking.data.booking} />
    </div>
  );
}

const callsText = (count: number) => `${count} ${count === 1 ? 'call' : 'calls'}`;

function CancelCall({
  call,
  onDone,
  onNotice,
}: {
  call: Appointment;
  onDone(): void;
  onNotice(message: string): void;
}) {
  const client = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelCall(call.id),
    onSuccess: () => callsChanged(client).then(onDone),
  });
  const cancelAll = useMutation({
    mutationFn: () => cancelCallsOfPhone(call.phone),
    onSuccess: ({ cancelled, failed }) => {
      onNotice(
        `Cancelled ${callsText(cancelled)} of ${call.phone}; each got its cancellation and its time is free again.` +
          (failed > 0
            ? ` ${callsText(failed)} changed at the same moment and ${failed === 1 ? 'was' : 'were'} left; try again.`
            : ''),
      );
      return callsChanged(client).then(onDone);
    },
  });
  const busy = cancel.isPending || cancelAll.isPending;
  const error = cancel.error ?? cancelAll.error;
  return (
    <div className="adm-call-confirm" role="group" aria-label={`Cancel ${call.name}'s call`}>
      <p>
        Cancel the call with {call.name} on {describeSlotIst(call.start)}? They get a cancellation with the calendar
        update, and the time is free again.
      </p>
      <p className="adm-call-note">
        One number holding many times? <strong>Cancel every call of {call.phone}</strong> cancels all its upcoming
        calls, this week and later, the same way.
      </p>
      {error ? (
        <p role="alert" className="adm-call-error">
          {failureMessage(error, 'The call could not be cancelled.')}
        </p>
      ) : null}
      <div className="adm-call-actions">
        <button type="button" className="btn adm-btn-sm adm-btn-danger" disabled={busy} onClick={() => cancel.mutate()}>
          {cancel.isPending ? 'Cancelling…' : 'Yes, cancel the call'}
        </button>
        <button
          type="button"
          className="btn btn-outline adm-btn-sm adm-btn-quiet-danger"
          disabled={busy}
          onClick={() => cancelAll.mutate()}
        >
          {cancelAll.isPending ? 'Cancelling every call…' : `Cancel every call of ${call.phone}`}
        </button>
        <button type="button" className="btn btn-ghost adm-btn-sm" onClick={onDone}>
          Keep it
        </button>
      </div>
    </div>
  );
}

function MoveCall({ call, onDone }: { call: Appointment; onDone(): void }) {
  const client = useQueryClient();
  const slots = useQuery({ queryKey: scheduleKeys.slots(), queryFn: freeSlots, staleTime: 0 });
  if (slots.isPending)
    return (
      <p className="adm-panel-note" aria-busy="true">
        Loading free times…
      </p>
    );
  if (slots.isError)
    return (
      <p className="adm-panel-note" role="alert">
        {failureMessage(slots.error, 'The free times could not be loaded.')}
      </p>
    );
  return (
    <div className="adm-call-move">
      <TimeChooser
        slots={slots.data.slots}
        action="Move to"
        onSlots={(fresh) => client.setQueryData(scheduleKeys.slots(), { ...slots.data, slots: fresh })}
        onBook={async (start) => {
          const moved = await moveCall(call.id, start);
          return {
            id: moved.id,
            bookingId: moved.bookingId,
            start: moved.start,
            end: moved.end,
            status: moved.status,
            manageUrl: '',
          };
        }}
        onBooked={() => void callsChanged(client).then(onDone)}
      />
      <button type="button" className="btn btn-ghost adm-btn-sm" onClick={onDone}>
        Keep the time
      </button>
    </div>
  );
}
