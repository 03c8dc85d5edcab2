import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { EmptyState, ErrorState } from '../ui/States';
import { PersonRow } from './PersonRow';
import { peopleQuery } from './peopleApi';

/** People, newest activity first (docs/admin.md, "People"): each row opens the person's whole thread. */
export function PeopleList() {
  const headingId = useId();
  const people = useQuery(peopleQuery());
  let body;
  if (people.isPending)
    body = (
      <p className="adm-panel-note" aria-busy="true">
        Loading people…
      </p>
    );
  else if (people.isError)
    body = (
      <ErrorState
        what="people"
        error={people.error}
        onRetry={() => void people.refetch()}
        retrying={people.isFetching}
      />
    );
  else if (people.data.items.length === 0)
    body = (
      <EmptyState title="No one yet">Everyone who asks for a call, writes, downloads or pays appears here.</EmptyState>
    );
  else
    body = (
      <ol className="adm-people" role="list" data-testid="people-list">
        {people.data.items.map((person) => (
          <li key={person.key}>
            <PersonRow person={person} />
          </li>
        ))}
      </ol>
    );
  return (
    <section className="adm-panel" aria-labelledby={headingId}>
      <div className="adm-panel-head">
        <h2 id={headingId}>Latest people</h2>
      </div>
      <p className="adm-panel-note">Newest activity first. Find anyone older with the search above.</p>
      {body}
    </section>
  );
}
