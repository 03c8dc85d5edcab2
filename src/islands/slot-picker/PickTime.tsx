import { Suspense, lazy, useState } from 'react';
import type { PublicAppointment } from '../../lib/schemas/appointment';
import type { BookFor } from './bookFor';

// The only part of the picker in the form's own chunk: a button. The picker and its
// styles load when the visitor asks for them (docs/scheduling.md: no first-view JavaScript).
const SlotPicker = lazy(() => import('./SlotPicker'));

interface Props {
  bookFor: BookFor;
  /** Shown on the button; the picker replaces it once open. */
  label?: string;
  /** A line above the button, gone with it once the picker is open. */
  prompt?: string;
  onBooked?: (appointment: PublicAppointment) => void;
}

export function PickTime({ bookFor, label = 'Pick a time now', prompt, onBooked }: Props) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <>
        {prompt ? <p className="pick-time-prompt">{prompt}</p> : null}
        <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)} data-testid="pick-time">
          {label}
        </button>
      </>
    );
  }
  return (
    <Suspense fallback={<p role="status">Loading free times…</p>}>
      <SlotPicker bookFor={bookFor} {...(onBooked ? { onBooked } : {})} />
    </Suspense>
  );
}
