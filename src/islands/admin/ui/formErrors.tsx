import { AdminApiError, failureMessage } from '../api';

/**
 * A form's failed request, split for showing: the server's field errors under the fields
 * the form shows (`shown`), everything else (no field named: 503, the gateway's 502; or a
 * field the form has no control for) as one `failure` sentence above the form. `id` is the
 * form's useId(), the prefix of its controls' ids.
 */
export function formErrors(error: unknown, shown: readonly string[], fallback: string, id: string) {
  const fields = error instanceof AdminApiError ? error.fields : {};
  const unshown = Object.entries(fields).filter(([name]) => !shown.includes(name));
  const failure =
    error && (Object.keys(fields).length === 0 || unshown.length > 0)
      ? [failureMessage(error, fallback), ...unshown.map(([name, message]) => `${name}: ${message}`)].join(' ')
      : null;
  /** aria-describedby for a field: its hint, then its error when it has one. */
  const describedBy = (name: string, hint?: string) =>
    [hint, fields[name] ? `${id}-${name}-error` : null].filter(Boolean).join(' ') || undefined;
  /** The field's error, to render under it. */
  const fieldError = (name: string) =>
    fields[name] ? (
      <p className="error" id={`${id}-${name}-error`}>
        {fields[name]}
      </p>
    ) : null;
  return { fields, failure, describedBy, fieldError };
}
