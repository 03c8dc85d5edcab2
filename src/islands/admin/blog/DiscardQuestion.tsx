import { useEffect, useId, useRef } from 'react';

/** "Discard your changes?" inside the editor, instead of a browser confirm: styled, and read out. */
export function DiscardQuestion({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  return (
    <div className="adm-discard" role="group" aria-labelledby={`${id}-question`}>
      <p id={`${id}-question`} role="alert">
        Discard your unsaved changes?
      </p>
      <div className="adm-dialog-actions">
        <button type="button" ref={keep} className="btn btn-outline adm-btn-sm" onClick={onKeep}>
          Keep editing
        </button>
        <button type="button" className="btn adm-btn-sm adm-btn-danger" onClick={onDiscard}>
          Discard changes
        </button>
      </div>
    </div>
  );
}
