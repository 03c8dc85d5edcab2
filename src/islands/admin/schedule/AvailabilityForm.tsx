import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SubmitEvent, useId, useState } from 'react';
import type { Availability } from '../../../lib/schemas/appointment';
import { AdminApiError, failureMessage } from '../api';
import { ErrorState } from '../ui/States';
import { availabilityQuery, callsChanged, saveAvailability, scheduleKeys } from './scheduleApi';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
// Monday first, as the owner reads a week.
const ORDER = [1, 2, 3, 4, 5, 6, 0];

/** The owner's hours, buffer, notice, horizon and days off; saved, they apply at once. */
export function AvailabilityForm() {
  const loaded = useQuery(availabilityQuery());
  if (loaded.isPending)
    return (
      <p className="adm-panel-note" aria-busy="true">
        Loading your hours…
      </p>
    );
  if (loaded.isError)
    return (
      <ErrorState
        what="your hours"
        error={loaded.error}
        onRetry={() => void loaded.refetch()}
        retrying={loaded.isFetching}
      />
    );
  return (
    <Editor
      key={loaded.data.updatedAt ?? 'defaults'}
      initial={loaded.data.availability}
      updatedAt={loaded.data.updatedAt}
    />
  );
}

function Editor({ initial, updatedAt }: { initial: Availability; updatedAt: string | null }) {
  const client = useQueryClient();
  const id = useId();
  const [draft, setDraft] = useState<Availability>(initial);
  const [newDate, setNewDate] = useState('');
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: saveAvailability,
    onSuccess: (answer) => {
      client.setQueryData(scheduleKeys.availability(), answer);
      void callsChanged(client);
      setSaved(true);
    },
  });
  const fields = save.error instanceof AdminApiError ? save.error.fields : {};
  const change = (next: Partial<Availability>) => {
    setSaved(false);
    setDraft((current) => ({ ...current, ...next }));
  };
  const setDay = (day: number, hours: Availability['weekly'][number]) =>
    change({ weekly: draft.weekly.map((value, index) => (index === day ? hours : value)) });

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(draft);
  }

  return (
    <form className="adm-availability" onSubmit={submit} data-testid="availability-form">
      <fieldset className="adm-hours">
        <legend>Weekly hours (IST)</legend>
        {ORDER.map((day) => {
          const hours = draft.weekly[day] ?? null;
          const error = fields[`weekly.${day}.close`] ?? fields[`weekly.${day}`];
          return (
            <div className="adm-hours-row" key={day}>
              <label className="adm-hours-day">
                <input
                  type="checkbox"
                  checked={hours !== null}
                  onChange={(event) => setDay(day, event.target.checked ? { open: '09:00', close: '18:00' } : null)}
                />
                {WEEKDAYS[day]}
              </label>
              {hours ? (
                <>
                  <label>
                    <span className="visually-hidden">{WEEKDAYS[day]} opens</span>
                    <input
                      type="time"
                      step={1800}
                      value={hours.open}
                      required
                      onChange={(event) => setDay(day, { ...hours, open: event.target.value })}
                    />
                  </label>
                  <span aria-hidden="true">to</span>
                  <label>
                    <span className="visually-hidden">{WEEKDAYS[day]} closes</span>
                    <input
                      type="time"
                      step={1800}
                      value={hours.close}
                      required
                      onChange={(event) => setDay(day, { ...hours, close: event.target.value })}
                    />
                  </label>
                </>
              ) : (
                <span className="adm-hours-off">Day off</span>
              )}
              {error ? <p className="adm-call-error">{error}</p> : null}
            </div>
          );
        })}
      </fieldset>
      <div className="adm-availability-numbers">
        <NumberField
          id={`${id}-buffer`}
          label="Buffer between calls (minutes)"
          value={draft.bufferMinutes}
          max={120}
          error={fields.bufferMinutes}
          onChange={(value) => change({ bufferMinutes: value })}
        />
        <NumberField
          id={`${id}-notice`}
          label="Minimum notice (hours)"
          value={draft.noticeHours}
          max={168}
          error={fields.noticeHours}
          onChange={(value) => change({ noticeHours: value })}
        />
        <NumberField
          id={`${id}-horizon`}
          label="Bookable days ahead"
          value={draft.horizonDays}
          min={1}
          max={60}
          error={fields.horizonDays}
          onChange={(value) => change({ horizonDays: value })}
        />
      </div>
      <fieldset className="adm-blocked">
        <legend>Days off (leave, holidays)</legend>
        {draft.blockedDates.length === 0 ? <p className="adm-panel-note">None.</p> : null}
        <ul role="list">
          {draft.blockedDates.map((date) => (
            <li key={date}>
              <time dateTime={date}>
                {new Intl.DateTimeFormat('en-IN', {
                  weekday: 'short',
                  day: 'numeric',
                  month: 'short',
                  year: 'numeric',
                  timeZone: 'UTC',
                }).format(new Date(`${date}T00:00:00Z`))}
              </time>
              <button
                type="button"
                className="btn btn-ghost adm-btn-sm"
                onClick={() => change({ blockedDates: draft.blockedDates.filter((item) => item !== date) })}
              >
                Remove<span className="visually-hidden"> {date}</span>
              </button>
            </li>
          ))}
        </ul>
        <div className="adm-blocked-add">
          <label htmlFor={`${id}-date`}>Add a day off</label>
          <input id={`${id}-date`} type="date" value={newDate} onChange={(event) => setNewDate(event.target.value)} />
          <button
            type="button"
            className="btn btn-outline adm-btn-sm"
            disabled={!newDate}
            onClick={() => {
              if (!draft.blockedDates.includes(newDate))
                change({ blockedDates: [...draft.blockedDates, newDate].sort() });
              setNewDate('');
            }}
          >
            Add
          </button>
        </div>
      </fieldset>
      {save.isError ? (
        <p role="alert" className="adm-call-error">
          {failureMessage(save.error, 'Your hours could not be saved.')}
        </p>
      ) : null}
      <div className="adm-call-actions">
        <button type="submit" className="btn btn-secondary adm-btn-sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save hours'}
        </button>
        <span role="status" className="adm-panel-note">
          {saved
            ? 'Saved: visitors see the new times now.'
            : updatedAt
              ? null
              : 'These are the defaults (business hours) until you save.'}
        </span>
      </div>
    </form>
  );
}

function NumberField({
  id,
  label,
  value,
  min = 0,
  max,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  min?: number;
  max: number;
  error?: string | undefined;
  onChange(value: number): void;
}) {
  return (
    <div className="adm-number-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        aria-invalid={Boolean(error)}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      {error ? <p className="adm-call-error">{error}</p> : null}
    </div>
  );
}
