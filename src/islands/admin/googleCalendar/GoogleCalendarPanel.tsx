import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SubmitEvent, useId, useState, useSyncExternalStore } from 'react';
import type { GoogleCalendarAnswer } from '../../../lib/schemas/googleCalendar';
import { failureMessage } from '../api';
import { chooseGoogleCalendars, disconnectGoogleCalendar } from '../api/googleCalendar';
import { adminKeys, googleCalendarQuery } from '../api/queries';
import { ErrorState } from '../ui/States';
import { When } from '../ui/When';
import './google-calendar.css';

// The owner's Google Calendar in Settings (docs/scheduling.md, "Google Calendar"): Connect is a
// plain link to the server's redirect, so it works before this code arrives; once connected,
// the account, which calendars give busy times, Meet links for calls, the last sync, what is
// failing, and Disconnect.

const CONNECT_HREF = '/api/admin/calendar/connect';
const noChanges = () => () => undefined;
const declinedAtGoogle = () => new URLSearchParams(window.location.search).get('calendar') === 'declined';

function CalendarChoice({ data }: { data: GoogleCalendarAnswer }) {
  const id = useId();
  const client = useQueryClient();
  const [busy, setBusy] = useState(() => data.calendars.filter((calendar) => calendar.busy).map((c) => c.id));
  const [meetForCalls, setMeetForCalls] = useState(data.meetLinkForCalls);
  const save = useMutation({
    mutationFn: chooseGoogleCalendars,
    onSuccess: (answer) => {
      client.setQueryData(adminKeys.googleCalendarFresh(), answer);
      client.setQueryData(adminKeys.googleCalendar(), answer);
    },
  });
  const toggle = (calendarId: string, on: boolean) =>
    setBusy((current) => (on ? [...current, calendarId] : current.filter((item) => item !== calendarId)));
  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate({ busyCalendarIds: busy, meetLinkForCalls: meetForCalls });
  }
  return (
    <form className="adm-gcal-form" onSubmit={submit} data-testid="google-calendar-choice">
      <fieldset>
        <legend>Busy times come from</legend>
        <p className="adm-panel-note" id={`${id}-busy-note`}>
          Times busy in these calendars are not offered for calls and sessions.
        </p>
        {data.calendars.map((calendar) => (
          <label className="adm-gcal-check" key={calendar.id}>
            <input
              type="checkbox"
              checked={busy.includes(calendar.id)}
              aria-describedby={`${id}-busy-note`}
              onChange={(event) => toggle(calendar.id, event.target.checked)}
            />
            <span>
              {calendar.name}
              {calendar.primary ? <span className="adm-panel-note"> (main calendar)</span> : null}
            </span>
          </label>
        ))}
      </fieldset>
      <label className="adm-gcal-check">
        <input type="checkbox" checked={meetForCalls} onChange={(event) => setMeetForCalls(event.target.checked)} />
        <span>Give discovery calls a Google Meet link too (paid sessions always get one)</span>
      </label>
      <div className="adm-gcal-actions">
        <button type="submit" className="btn btn-primary adm-btn-sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save calendars'}
        </button>
        {save.isSuccess ? (
          <p role="status" className="adm-panel-note">
            Saved.
          </p>
        ) : null}
      </div>
      {save.isError ? (
        <p role="alert" className="adm-call-error">
          {failureMessage(save.error, 'The calendars could not be saved.')}
        </p>
      ) : null}
    </form>
  );
}

function Disconnect() {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const disconnect = useMutation({
    mutationFn: disconnectGoogleCalendar,
    onSuccess: (answer) => {
      client.setQueryData(adminKeys.googleCalendarFresh(), answer);
      client.setQueryData(adminKeys.googleCalendar(), answer);
      setConfirming(false);
    },
  });
  return (
    <>
      {confirming ? (
        <div className="adm-call-confirm" role="group" aria-label="Disconnect Google Calendar">
          <p>Busy times stop coming from Google, and new calls and sessions are no longer written there.</p>
          <div className="adm-call-actions">
            <button
              type="button"
              className="btn adm-btn-sm adm-btn-danger"
              disabled={disconnect.isPending}
              onClick={() => disconnect.mutate()}
            >
              {disconnect.isPending ? 'Disconnecting…' : 'Disconnect'}
            </button>
            <button type="button" className="btn btn-ghost adm-btn-sm" onClick={() => setConfirming(false)}>
              Stay connected
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn btn-ghost adm-btn-sm" onClick={() => setConfirming(true)}>
          Disconnect Google Calendar…
        </button>
      )}
      {disconnect.isError ? (
        <p role="alert" className="adm-call-error">
          {failureMessage(disconnect.error, 'Google Calendar could not be disconnected.')}
        </p>
      ) : null}
    </>
  );
}

function ConnectionBody({ data }: { data: GoogleCalendarAnswer }) {
  if (!data.configured)
    return (
      <div className="adm-notice adm-notice-off" data-testid="google-calendar-off">
        <p>
          <strong>Google Calendar is not set up.</strong> Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET in the site's
          environment and deploy again (docs/deploy.md).
        </p>
      </div>
    );
  if (!data.connected)
    return (
      <>
        <p className="adm-panel-note">
          Connect your Google Calendar once: times busy there are not offered, and every call and session is written
          into it, paid sessions with a Google Meet link.
        </p>
        <a className="btn btn-primary adm-btn-sm" href={CONNECT_HREF} data-testid="google-calendar-connect">
          Connect Google Calendar
        </a>
      </>
    );
  return (
    <>
      <p data-testid="google-calendar-account">
        Connected as <strong>{data.account}</strong>.
      </p>
      <p className="adm-panel-note">Last sync: {data.lastSyncAt ? <When iso={data.lastSyncAt} /> : 'not yet'}.</p>
      {data.error ? (
        <div className="adm-notice adm-notice-off" data-testid="google-calendar-behind">
          <p>
            <strong>
              Google Calendar is behind: not reachable since <When iso={data.error.since} />.
            </strong>{' '}
            Calls and sessions are written there once it answers again. Google said: {data.error.message}
          </p>
        </div>
      ) : null}
      <CalendarChoice data={data} />
      <Disconnect />
    </>
  );
}

export function GoogleCalendarPanel() {
  const headingId = useId();
  const calendar = useQuery(googleCalendarQuery({ refresh: true }));
  // The callback's answer rides on the address (docs/api.md); the server renders without it.
  const declined = useSyncExternalStore(noChanges, declinedAtGoogle, () => false);
  let body;
  if (calendar.isPending)
    body = (
      <p className="adm-panel-note" aria-busy="true">
        Checking Google Calendar…
      </p>
    );
  else if (calendar.isError)
    body = (
      <ErrorState
        what="Google Calendar"
        error={calendar.error}
        onRetry={() => void calendar.refetch()}
        retrying={calendar.isFetching}
      />
    );
  else body = <ConnectionBody data={calendar.data} />;
  return (
    <section className="adm-panel adm-gcal" aria-labelledby={headingId} data-testid="google-calendar">
      <h2 id={headingId}>Google Calendar</h2>
      {declined && !calendar.data?.connected ? (
        <p role="status" className="adm-panel-note">
          Google did not give access, so nothing was connected.
        </p>
      ) : null}
      {body}
    </section>
  );
}
