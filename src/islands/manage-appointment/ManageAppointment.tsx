import { discoveryCallSentence } from '../../lib/business';
import { useState } from 'react';
import { api } from '../../lib/api-client';
import { business, whatsappHref } from '../../lib/business';
import { describeSlotIst } from '../../lib/schedule/slotDays';
import type { PublicAppointment, Slot, SlotsAnswer } from '../../lib/schemas/appointment';
import { inviteUrl } from '../slot-picker/BookedCall';
import { TimeChooser } from '../slot-picker/TimeChooser';
import '../slot-picker/slot-picker.css';
import './manage-appointment.css';

interface Props {
  initial: PublicAppointment;
  changeable: boolean;
  token: string;
}

type Mode = { name: 'view' } | { name: 'moving'; slots: Slot[] | null } | { name: 'confirm-cancel' };

export default function ManageAppointment({ initial, changeable, token }: Props) {
  const [appointment, setAppointment] = useState(initial);
  const [mode, setMode] = useState<Mode>({ name: 'view' });
  const [message, setMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const base = `/api/appointments/${appointment.id}`;
  const query = `?token=${encodeURIComponent(token)}`;
  const cancelled = appointment.status === 'cancelled';

  async function startMoving() {
    setMode({ name: 'moving', slots: null });
    setProblem(null);
    try {
      const answer = await api.get<SlotsAnswer>('/api/slots?days=14');
      setMode({ name: 'moving', slots: answer.slots });
    } catch {
      setMode({ name: 'view' });
      setProblem('The free times could not be loaded. Please try again.');
    }
  }

  async function cancel() {
    setProblem(null);
    try {
      const { appointment: next } = await api.post<{ appointment: PublicAppointment }>(`${base}/cancel${query}`);
      setAppointment(next);
      setMode({ name: 'view' });
      setMessage('Your call is cancelled. The time is free for someone else.');
    } catch (error) {
      setProblem(
        error instanceof Error && 'serverMessage' in error && typeof error.serverMessage === 'string'
          ? error.serverMessage
          : 'The call could not be cancelled. Please try again.',
      );
    }
  }

  return (
    <div className="manage-appointment" data-testid="manage-appointment">
      <div className={`manage-card${cancelled ? ' is-cancelled' : ''}`}>
        <p className="manage-status">{cancelled ? 'Cancelled' : 'Booked'}</p>
        <p className="manage-when" data-testid="manage-when">
          {describeSlotIst(appointment.start)}
        </p>
        <p className="manage-what">{discoveryCallSentence}. We call you on the number you gave.</p>
        {!cancelled && (
          <div className="manage-actions">
            <a className="btn btn-outline" href={inviteUrl(appointment)} download="ccc-edu-discovery-call.ics">
              Add to calendar
            </a>
          </div>
        )}
      </div>
      {message && (
        <p className="manage-message" role="status">
          {message}
        </p>
      )}
      {problem && (
        <p className="slot-problem" role="alert">
          {problem}
        </p>
      )}
      {!cancelled && !changeable && (
        <p className="manage-late" data-testid="manage-late">
          Your call is less than {business.promises.rescheduleNoticeHours} hours away, so it can no longer be changed
          online. To move or cancel it, call <a href={business.contact.phoneHref}>{business.contact.phone}</a> or{' '}
          <a href={whatsappHref} rel="noopener" target="_blank">
            WhatsApp us
          </a>
          .
        </p>
      )}
      {!cancelled && changeable && mode.name === 'view' && (
        <div className="manage-actions">
          <button type="button" className="btn btn-secondary" onClick={startMoving}>
            Move to another time
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setMode({ name: 'confirm-cancel' })}>
            Cancel the call
          </button>
        </div>
      )}
      {mode.name === 'confirm-cancel' && (
        <div className="manage-confirm" role="group" aria-labelledby="cancel-question">
          <p id="cancel-question">Cancel your call on {describeSlotIst(appointment.start)}?</p>
          <div className="manage-actions">
            <button type="button" className="btn btn-primary" onClick={cancel}>
              Yes, cancel it
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setMode({ name: 'view' })}>
              Keep it
            </button>
          </div>
        </div>
      )}
      {mode.name === 'moving' &&
        (mode.slots === null ? (
          <p role="status">Loading free times…</p>
        ) : (
          <div className="manage-move">
            <TimeChooser
              slots={mode.slots}
              action="Move to"
              onSlots={(slots) => setMode({ name: 'moving', slots })}
              onBook={async (start) =>
                (await api.post<{ appointment: PublicAppointment }>(`${base}/reschedule${query}`, { start }))
                  .appointment
              }
              onBooked={(next) => {
                setAppointment(next);
                setMode({ name: 'view' });
                setMessage(
                  `Moved. Your call is now on ${describeSlotIst(next.start)}; an updated invite is on its way.`,
                );
              }}
            />
            <button type="button" className="btn btn-ghost" onClick={() => setMode({ name: 'view' })}>
              Keep the current time
            </button>
          </div>
        ))}
    </div>
  );
}
