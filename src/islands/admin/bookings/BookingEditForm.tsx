import { type FormEvent, useEffect, useId, useRef } from 'react';
import type { BookingFormValues } from './bookingDrafts';
import type { Conflict, FieldErrors } from './useBookingEditor';

interface Props {
  /** Whose booking, for the form's accessible name. */
  who: string;
  values: BookingFormValues;
  errors: FieldErrors;
  conflict: Conflict | null;
  restored: boolean;
  saving: boolean;
  onChange: (field: keyof BookingFormValues, value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
  onReapply: () => void;
}

const fieldLabels: Record<keyof BookingFormValues, string> = {
  fullName: 'Full name',
  mobile: 'Mobile',
  currentStage: 'Current stage',
  notes: 'Notes',
};

export function BookingEditForm({
  who,
  values,
  errors,
  conflict,
  restored,
  saving,
  onChange,
  onSubmit,
  onCancel,
  onReapply,
}: Props) {
  const id = useId();
  const firstField = useRef<HTMLInputElement>(null);
  const conflictRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!restored) firstField.current?.focus();
  }, [restored]);
  useEffect(() => {
    if (conflict) conflictRef.current?.focus();
  }, [conflict]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  const field = (name: keyof BookingFormValues) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  const error = (name: keyof BookingFormValues) =>
    errors[name] ? (
      <p className="error" id={`${id}-${name}-error`}>
        {errors[name]}
      </p>
    ) : null;

  const mine = conflict ? (Object.entries(conflict.mine) as Array<[keyof BookingFormValues, string]>) : [];

  return (
    <form className="adm-edit" onSubmit={submit} noValidate aria-label={`Edit the booking of ${who}`}>
      {restored ? (
        <p className="adm-notice" data-testid="draft-restored">
          Your unsaved edit was restored. Review it, then save or cancel.
        </p>
      ) : null}
      {conflict ? (
        <div
          className="adm-notice adm-notice-conflict"
          role="alert"
          tabIndex={-1}
          ref={conflictRef}
          data-testid="booking-conflict"
        >
          <p>
            <strong>This booking was changed by someone else while you were editing.</strong> Nothing was saved. The
            form now shows the latest values.
          </p>
          {mine.length > 0 ? (
            <>
              <p>Your changes were:</p>
              <ul>
                {mine.map(([name, value]) => (
                  <li key={name}>
                    {fieldLabels[name]}: <q>{value || '(empty)'}</q>
                  </li>
                ))}
              </ul>
              <button type="button" className="btn btn-outline adm-btn-sm" onClick={onReapply}>
                Use my changes again
              </button>
            </>
          ) : null}
        </div>
      ) : null}
      <div className="field">
        <label htmlFor={`${id}-fullName`}>{fieldLabels.fullName}</label>
        <input ref={firstField} {...field('fullName')} autoComplete="off" maxLength={120} required />
        {error('fullName')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-mobile`}>{fieldLabels.mobile}</label>
        <input {...field('mobile')} type="tel" inputMode="tel" autoComplete="off" maxLength={24} required />
        {error('mobile')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-currentStage`}>{fieldLabels.currentStage}</label>
        <input {...field('currentStage')} autoComplete="off" maxLength={300} required />
        {error('currentStage')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-notes`}>{fieldLabels.notes}</label>
        <textarea {...field('notes')} rows={3} maxLength={2000} />
        {error('notes')}
      </div>
      {errors._ ? <p className="adm-inline-error">{errors._}</p> : null}
      <div className="adm-edit-actions">
        <button type="submit" className="btn btn-secondary adm-btn-sm" disabled={saving}>
          {saving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="btn btn-outline adm-btn-sm" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
