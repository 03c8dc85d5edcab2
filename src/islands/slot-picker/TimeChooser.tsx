import { business } from '../../lib/business';
import { useId, useMemo, useState } from 'react';
import { ApiError, failureMessage } from '../../lib/api-client';
import { type SlotDay, groupSlotsByDay, visitorTimeZone } from '../../lib/schedule/slotDays';
import type { PublicAppointment, Slot } from '../../lib/schemas/appointment';

interface ChooserProps<Booked> {
  slots: Slot[];
  onSlots(slots: Slot[]): void;
  onBook(start: string): Promise<Booked>;
  onBooked(booked: Booked): void;
  /** The button's words for a chosen time. */
  action?: string;
  /** What is booked (a paid session's picker); a discovery call by default. */
  title?: string;
  note?: string;
  /** What failed, when the server says nothing: "The call could not be booked". */
  thing?: string;
}

/** Days, then the times of the chosen day as radio buttons (arrow keys move between them). */
export function TimeChooser<Booked = PublicAppointment>({
  slots,
  onSlots,
  onBook,
  onBooked,
  action = 'Book',
  title = 'Pick a time for your call',
  note = `${business.promises.discoveryCallMinutes} minutes, by phone.`,
  thing = 'call',
}: ChooserProps<Booked>) {
  const zone = useMemo(() => visitorTimeZone(), []);
  const days: SlotDay[] = useMemo(() => groupSlotsByDay(slots, zone), [slots, zone]);
  const [dayIndex, setDayIndex] = useState(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const day = days[Math.min(dayIndex, days.length - 1)];
  const choice = day?.choices.find((item) => item.slot.start === chosen) ?? null;

  if (!day)
    return (
      <p className="slot-picker-note" role="status">
        No free times in the next two weeks. We will call you to fix one.
      </p>
    );

  async function book() {
    if (!chosen) return;
    setPending(true);
    setProblem(null);
    try {
      onBooked(await onBook(chosen));
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        try {
          const fresh = (JSON.parse(error.body) as { slots?: Slot[] }).slots;
          if (fresh) onSlots(fresh);
        } catch {
          // no slots in the answer: keep the list
        }
        setChosen(null);
      }
      setProblem(failureMessage(error, `The ${thing} could not be booked. Please try again.`));
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="slot-picker" data-testid="slot-picker">
      <h3 className="slot-picker-title" id={`${id}-title`}>
        {title}
      </h3>
      <p className="slot-picker-note">
        {note} Times are India time (IST)
        {zone !== 'Asia/Kolkata' ? '; yours is shown beside each where it differs' : ''}.
      </p>
      <div className="slot-days" role="group" aria-label="Day">
        {days.map((item, index) => (
          <button
            key={item.date}
            type="button"
            className="slot-day"
            aria-pressed={index === dayIndex}
            onClick={() => {
              setDayIndex(index);
              setChosen(null);
            }}
          >
            <span className="slot-day-name">{item.label.split(',')[0]!.slice(0, 3)}</span>
            <span className="slot-day-date">{item.label.split(', ')[1]}</span>
          </button>
        ))}
      </div>
      <fieldset className="slot-times">
        <legend>Free times on {day.label}</legend>
        {day.choices.map((item) => (
          <label key={item.slot.start} className="slot-time">
            <input
              type="radio"
              name={`${id}-time`}
              value={item.slot.start}
              checked={chosen === item.slot.start}
              onChange={() => setChosen(item.slot.start)}
            />
            <span>
              {item.ist}
              {item.local && <small>{item.local} yours</small>}
            </span>
          </label>
        ))}
      </fieldset>
      {problem && (
        <p className="slot-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="button" className="btn btn-primary btn-block" disabled={!chosen || pending} onClick={book}>
        {pending ? 'Booking…' : choice ? `${action} ${day.label.split(',')[0]}, ${choice.ist} IST` : 'Choose a time'}
      </button>
    </div>
  );
}
