import type { ReactNode } from 'react';

// The one question every form that may be a school student's asks (docs/privacy.md, "Students
// and parents"): is the student under 18? Yes means a parent's details and a parent's
// confirmation. Its answer is a form field named `minor` ('yes' or 'no').

interface Props {
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  disabled?: boolean;
  /** The error under it, with the id its fieldset points at. */
  error?: { id: string; message: ReactNode } | null;
}

export const MINOR_YES_LABEL = 'Yes: a parent confirms first';
export const MINOR_NO_LABEL = 'No, 18 or older';

export default function MinorQuestion({ value, onChange, disabled = false, error = null }: Props) {
  return (
    <fieldset className="minor-question" aria-describedby={error?.id}>
      <legend>
        Is the student under 18?{' '}
        <span className="required" aria-hidden="true">
          *
        </span>
      </legend>
      {(['yes', 'no'] as const).map((answer) => (
        <label key={answer} className="minor-choice">
          <input
            type="radio"
            name="minor"
            value={answer}
            checked={value === answer}
            onChange={onChange}
            disabled={disabled}
          />
          {answer === 'yes' ? MINOR_YES_LABEL : MINOR_NO_LABEL}
        </label>
      ))}
      {error && (
        <p className="error" id={error.id}>
          {error.message}
        </p>
      )}
    </fieldset>
  );
}
