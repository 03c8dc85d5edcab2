import { useEffect, useState } from 'react';
import { api } from '../../lib/api-client';
import type { PublicAppointment, Slot, SlotsAnswer } from '../../lib/schemas/appointment';
import { BookedCall } from './BookedCall';
import { TimeChooser } from './TimeChooser';
import type { BookFor } from './bookFor';
import './slot-picker.css';

interface Props {
  bookFor: BookFor;
  /** Told once a time is booked, so the panel around it speaks of that time, not a callback. */
  onBooked?: (appointment: PublicAppointment) => void;
}

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; slots: Slot[] };

export default function SlotPicker({ bookFor, onBooked }: Props) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [booked, setBooked] = useState<PublicAppointment | null>(null);

  useEffect(() => {
    let live = true;
    api.get<SlotsAnswer>('/api/slots?days=14').then(
      (answer) => live && setLoad({ state: 'ready', slots: answer.slots }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);

  if (booked) return <BookedCall appointment={booked} />;
  if (load.state === 'loading')
    return (
      <p className="slot-picker-note" role="status">
        Loading free times…
      </p>
    );
  if (load.state === 'failed')
    return (
      <p className="slot-picker-note" role="alert">
        The free times could not be loaded. Please try again in a minute, or wait for our call.
      </p>
    );
  return (
    <TimeChooser
      slots={load.slots}
      onSlots={(slots) => setLoad({ state: 'ready', slots })}
      onBook={async (start) =>
        (await api.postLead<{ appointment: PublicAppointment }>('/api/appointments', { start, ...bookFor })).appointment
      }
      onBooked={(appointment) => {
        setBooked(appointment);
        onBooked?.(appointment);
      }}
    />
  );
}
