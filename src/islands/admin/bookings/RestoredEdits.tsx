import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { AdminApiError } from '../api';
import { bookingQuery } from '../api/queries';
import { ErrorState } from '../ui/States';
import { BookingCard } from './BookingCard';
import { type BookingDraft, clearDraft, readDrafts } from './bookingDrafts';

/**
 * Edits left unsaved in this tab (the session expired mid-edit, or the page was
 * reloaded) come back here, open, above the list, each on the booking as stored now.
 */
export function RestoredEdits() {
  const [drafts, setDrafts] = useState<BookingDraft[]>([]);
  // sessionStorage exists only in the browser: read after hydration, one render later by design.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setDrafts(readDrafts()), []);
  if (drafts.length === 0) return null;
  return (
    <section className="adm-restored" aria-label="Unsaved edits">
      <p className="adm-restored-title">Unsaved edits from earlier</p>
      <ul className="adm-items adm-items-cards">
        {drafts.map((draft) => (
          <li key={draft.bookingId}>
            <RestoredEdit
              draft={draft}
              onGone={() => setDrafts((list) => list.filter((item) => item.bookingId !== draft.bookingId))}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

function RestoredEdit({ draft, onGone }: { draft: BookingDraft; onGone: () => void }) {
  const booking = useQuery({ ...bookingQuery(draft.bookingId), staleTime: 0 });
  const discard = () => {
    clearDraft(draft.bookingId);
    onGone();
  };
  if (booking.isPending) return <p className="adm-panel-note">Reopening your edit of {draft.label}…</p>;
  if (booking.isError) {
    if (booking.error instanceof AdminApiError && booking.error.status === 404) {
      return (
        <div className="adm-notice">
          <p>The booking of {draft.label} you were editing no longer exists.</p>
          <button type="button" className="btn btn-outline adm-btn-sm" onClick={discard}>
            Discard the edit
          </button>
        </div>
      );
    }
    return (
      <ErrorState
        what={`the booking of ${draft.label}`}
        error={booking.error}
        onRetry={() => void booking.refetch()}
        retrying={booking.isFetching}
      />
    );
  }
  // Saved or cancelled: the draft is gone, and so is this second copy of the card.
  return <BookingCard booking={booking.data.booking} restored={draft} onEditEnd={onGone} />;
}
