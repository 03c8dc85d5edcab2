/** A dialog's one action left once its work is done: Done, focused as the dialog shows it. */
export function DoneAction({ onDone }: { onDone: () => void }) {
  return (
    <div className="adm-dialog-actions">
      <button
        type="button"
        className="btn btn-primary adm-btn-sm"
        onClick={onDone}
        // Focus moves into an open dialog, onto the one action left.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus
      >
        Done
      </button>
    </div>
  );
}
