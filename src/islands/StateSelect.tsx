import type { ChangeEvent } from 'react';
import { indianStates } from '../lib/indianStates';

// The customer's state or union territory: the place of supply on the GST invoice.
// One labelled native select, shared by checkout, the package popup and the owner's payment request.
const byName = [...indianStates].sort((a, b) => a.name.localeCompare(b.name));

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  label?: string;
  className?: string;
  hintClassName?: string;
  disabled?: boolean;
  hint?: string;
}

export default function StateSelect({
  id,
  value,
  onChange,
  error,
  label = 'State',
  className = 'field',
  hintClassName = 'hint',
  disabled = false,
  hint = 'For your GST invoice (place of supply).',
}: Props) {
  const errorId = error ? `${id}-error` : undefined;
  const hintId = `${id}-hint`;
  return (
    <div className={className}>
      <label htmlFor={id}>
        {label}{' '}
        <span className="required" aria-hidden="true">
          *
        </span>
      </label>
      <select
        id={id}
        name="customerState"
        required
        disabled={disabled}
        autoComplete="address-level1"
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
        aria-invalid={Boolean(error)}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
      >
        <option value="">Choose your state</option>
        {byName.map((state) => (
          <option key={state.code} value={state.name}>
            {state.name}
          </option>
        ))}
      </select>
      <p className={hintClassName} id={hintId}>
        {hint}
      </p>
      {error && (
        <p className="error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
