import type { ReactNode } from 'react';

/** An action that cannot be undone, asked once more: the question, "Yes" (busy while it runs) and Cancel. */
export function ConfirmRow(props: {
  label: string;
  question: ReactNode;
  yes: string;
  busyLabel: string;
  busy: boolean;
  onYes: () => void;
  onCancel: () => void;
}) {
  return (
    <div className="adm-privacy-confirm" role="group" aria-label={props.label}>
      <p>{props.question}</p>
      <button type="button" className="btn btn-danger" disabled={props.busy} onClick={props.onYes}>
        {props.busy ? props.busyLabel : props.yes}
      </button>
      <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}
