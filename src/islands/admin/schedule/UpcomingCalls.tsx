import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Appointment } from '../../../lib/schemas/appointment';
import { addDays, istDateOf } from '../../../lib/schedule/istClock';
import { formatCount } from '../../../lib/format';
import { ErrorState } from '../ui/States';
import { CallItem } from './CallItem';
import { SessionItem } from './SessionItem';
import { appointmentsQuery, thisWeek } from './scheduleApi';
import './schedule.css';

interface Group {
  title: string;
  calls: Appointment[];
}

function groupsOf(calls: Appointment[], now: Date): Group[] {
  const today = istDateOf(now.getTime());
  const tomorrow = addDays(today, 1);
  const upcoming = calls.filter((call) => Date.parse(call.end) > now.getTime());
  const on = (date: string) => upcoming.filter((call) => istDateOf(Date.parse(call.start)) === date);
  return [
    // Today's calls stay listed once over, so the owner can mark them held or a no-show.
    { title: 'Today', calls: calls.filter((call) => istDateOf(Date.parse(call.start)) === today) },
    { title: 'Tomorrow', calls: on(tomorrow) },
    { title: 'Later this week', calls: upcoming.filter((call) => istDateOf(Date.parse(call.start)) > tomorrow) },
  ];
}

/** The owner's next calls and clients' sessions: today, tomorrow and the rest of the week. */
export function UpcomingCalls() {
  const headingId = useId();
  const [notice, setNotice] = useState<string | null>(null);
  const calls = useQuery({ ...appointmentsQuery(thisWeek()), refetchInterval: 60_000 });
  const groups = calls.data ? groupsOf(calls.data, new Date()) : [];
  const total = groups.reduce((sum, group) => sum + group.calls.length, 0);
  let body;
  if (calls.isPending) {
    body = (
      <p className="adm-panel-note" aria-busy="true">
        Loading calls…
      </p>
    );
  } else if (calls.isError) {
    body = (
      <ErrorState
        what="upcoming calls"
        error={calls.error}
        onRetry={() => void calls.refetch()}
        retrying={calls.isFetching}
      />
    );
  } else {
    body =
      total === 0 ? (
        <p className="adm-panel-note" data-testid="no-calls">
          No calls booked for the next seven days. Visitors pick times from the call form; set your hours under
          Schedule.
        </p>
      ) : (
        <div className="adm-call-groups">
          {groups.map((group) =>
            group.calls.length === 0 ? null : (
              <section key={group.title} className="adm-call-group" aria-label={group.title}>
                <h3>{group.title}</h3>
                <ul role="list">
                  {group.calls.map((call) =>
                    call.session ? (
                      <SessionItem key={call.id} call={call} />
                    ) : (
                      <CallItem key={call.id} call={call} onNotice={setNotice} />
                    ),
                  )}
                </ul>
              </section>
            ),
          )}
        </div>
      );
  }
  return (
    <section className="adm-panel adm-upcoming" aria-labelledby={headingId} data-testid="upcoming-calls">
      <div className="adm-panel-head">
        <h2 id={headingId}>Upcoming calls</h2>
        {calls.data ? <span className="adm-count">{formatCount(total)} this week</span> : null}
      </div>
      <p role="status" className="adm-call-notice">
        {notice}
      </p>
      {body}
    </section>
  );
}
