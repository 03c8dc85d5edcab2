import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { failureMessage } from '../api';
import { ErrorState } from '../ui/States';
import { feedQuery, rotateFeed, scheduleKeys } from './scheduleApi';

/** The private feed's address for Google Calendar or Outlook, and a way to replace it. */
export function CalendarFeed() {
  const id = useId();
  const client = useQueryClient();
  const feed = useQuery(feedQuery());
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: rotateFeed,
    onSuccess: (answer) => {
      client.setQueryData(scheduleKeys.feed(), answer);
      setConfirming(false);
    },
  });
  if (feed.isPending)
    return (
      <p className="adm-panel-note" aria-busy="true">
        Loading your calendar address…
      </p>
    );
  if (feed.isError)
    return (
      <ErrorState
        what="the calendar address"
        error={feed.error}
        onRetry={() => void feed.refetch()}
        retrying={feed.isFetching}
      />
    );
  return (
    <div className="adm-feed" data-testid="calendar-feed">
      <p className="adm-panel-note">
        Subscribe to this address in Google Calendar ("Other calendars" → "From URL") or Outlook ("Add calendar" →
        "Subscribe from web") to see every upcoming call there. Anyone with the address can read the calls: keep it
        private, and replace it if it leaks.
      </p>
      <label htmlFor={`${id}-url`} className="visually-hidden">
        Calendar address
      </label>
      <div className="adm-feed-row">
        <input id={`${id}-url`} readOnly value={feed.data.url} onFocus={(event) => event.target.select()} />
        <button
          type="button"
          className="btn btn-outline adm-btn-sm"
          onClick={() =>
            void navigator.clipboard?.writeText(feed.data.url).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      {confirming ? (
        <div className="adm-call-confirm" role="group" aria-label="Replace the calendar address">
          <p>The current address stops working at once; calendars subscribed to it must subscribe to the new one.</p>
          <div className="adm-call-actions">
            <button
              type="button"
              className="btn adm-btn-sm adm-btn-danger"
              disabled={rotate.isPending}
              onClick={() => rotate.mutate()}
            >
              {rotate.isPending ? 'Replacing…' : 'Replace the address'}
            </button>
            <button type="button" className="btn btn-ghost adm-btn-sm" onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn btn-ghost adm-btn-sm" onClick={() => setConfirming(true)}>
          Replace the address…
        </button>
      )}
      {rotate.isError ? (
        <p role="alert" className="adm-call-error">
          {failureMessage(rotate.error, 'The address could not be replaced.')}
        </p>
      ) : null}
    </div>
  );
}
