import type { ReactNode } from 'react';
import { failureMessage } from '../api';

/** A list with nothing in it yet: what will appear here and where it comes from. */
export function EmptyState({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="adm-empty" data-testid="empty-state">
      <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
        <path
          d="M4 13h4l2 3h4l2-3h4M5 13l2.5-7h9L19 13v5a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1z"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      <p className="adm-empty-title">{title}</p>
      <p className="adm-empty-text">{children}</p>
      {action}
    </div>
  );
}

/** A failed load, in words, with a way to try again (the first product text had none; the owner needs one). */
export function ErrorState({
  what,
  error,
  onRetry,
  retrying,
}: {
  what: string;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <div className="adm-error" role="alert" data-testid="error-state">
      <p>
        <strong>Couldn't load {what}.</strong>{' '}
        {failureMessage(error, 'The server did not answer. Check your connection and try again.')}
      </p>
      <button type="button" className="btn btn-outline adm-btn-sm" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Retrying…' : 'Try again'}
      </button>
    </div>
  );
}
