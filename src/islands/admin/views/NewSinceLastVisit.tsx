import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatCount } from '../../../lib/format';
import { PersonRow } from '../people/PersonRow';
import { peopleQuery } from '../people/peopleApi';
import { lastVisit } from './lastVisit';

const DAY_MS = 86_400_000;

/** People who came since the owner's last visit on this device (the last day on a first visit). */
export function NewSinceLastVisit() {
  const headingId = useId();
  const [since] = useState(() => lastVisit() ?? new Date(Date.now() - DAY_MS).toISOString());
  const people = useQuery(peopleQuery());
  const fresh = (people.data?.items ?? []).filter((person) => person.lastActivityAt > since);
  return (
    <section className="adm-panel" aria-labelledby={headingId} data-testid="new-since-visit">
      <div className="adm-panel-head">
        <h2 id={headingId}>New since your last visit</h2>
        {people.data ? <span className="adm-count">{formatCount(fresh.length)}</span> : null}
      </div>
      {people.isPending ? (
        <p className="adm-panel-note" aria-busy="true">
          Loading…
        </p>
      ) : fresh.length === 0 ? (
        <p className="adm-panel-note">No one new since you last looked.</p>
      ) : (
        <ol className="adm-people" role="list">
          {fresh.map((person) => (
            <li key={person.key}>
              <PersonRow person={person} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
