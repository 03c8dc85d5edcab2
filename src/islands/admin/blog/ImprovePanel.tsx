import { useId, useState } from 'react';
import { toast } from '../../../stores/toasts';
import { AiBusy } from './AiBusy';
import { AiPanel } from './AiPanel';
import type { Improvement } from './useImprovement';

interface Props {
  improvement: Improvement;
  unavailable: string | null;
  /** The content before the last improvement, when it can be restored. */
  canRestore: boolean;
  onImprove: (instructions: string) => Promise<boolean>;
  onRestore: () => void;
}

/** The AI improvement panel (shown once there is content): a rewrite on instruction, undoable. */
export function ImprovePanel({ improvement, unavailable, canRestore, onImprove, onRestore }: Props) {
  const id = useId();
  const [instructions, setInstructions] = useState('');
  const busy = improvement.startedAt !== null;

  const improve = async () => {
    if (busy) return;
    if (instructions.trim() === '') {
      toast({
        title: 'Instructions Required',
        description: 'Please describe how you want to improve the content.',
        variant: 'destructive',
      });
      return;
    }
    if (await onImprove(instructions.trim())) setInstructions('');
  };

  return (
    <AiPanel title="Improve with AI" className="adm-ai-improve" unavailable={unavailable}>
      {unavailable ? null : (
        <div className="field">
          <label htmlFor={`${id}-instructions`}>How should the content change?</label>
          <textarea
            id={`${id}-instructions`}
            rows={2}
            value={instructions}
            maxLength={2000}
            onChange={(event) => setInstructions(event.target.value)}
            placeholder="e.g. Shorter paragraphs, and add a checklist at the end"
          />
        </div>
      )}
      <div className="adm-ai-actions">
        {unavailable ? null : (
          <button type="button" className="btn btn-secondary adm-btn-sm" onClick={() => void improve()} disabled={busy}>
            {busy ? 'Improving…' : 'Improve content'}
          </button>
        )}
        {canRestore && !busy ? (
          <button type="button" className="btn btn-outline adm-btn-sm" onClick={onRestore}>
            Restore previous
          </button>
        ) : null}
        <AiBusy startedAt={improvement.startedAt}>Rewriting the content…</AiBusy>
      </div>
    </AiPanel>
  );
}
