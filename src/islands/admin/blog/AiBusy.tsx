import { useElapsed } from './useElapsed';

/** The busy line of an AI panel: what runs and for how long, announced politely. */
export function AiBusy({ startedAt, children }: { startedAt: number | null; children: string }) {
  const elapsed = useElapsed(startedAt);
  return (
    <p className="adm-ai-busy" role="status" aria-live="polite">
      {startedAt === null ? null : (
        <>
          <span className="adm-spinner" aria-hidden="true" />
          <span>
            {children} <span className="adm-ai-elapsed">{elapsed}</span>
          </span>
        </>
      )}
    </p>
  );
}
