import type { PersonSummary } from '../../../lib/schemas/people';
import { kindViews } from '../customers/kindViews';
import { personHref } from '../adminRoute';
import { When } from '../ui/When';

/** One person in a list: their name, what they did last and when; the whole row opens their page. */
export function PersonRow({ person }: { person: PersonSummary }) {
  const kinds = [...new Set(person.records.map((record) => kindViews[record.type].hit.label))];
  return (
    <a className="adm-person-row" href={personHref(person.key)} data-testid="person-row" data-person={person.key}>
      <span className="adm-person-name">{person.name ?? person.phone ?? person.email}</span>
      <span className="adm-person-what">
        {kinds.join(' · ')} · {person.records[0]?.title}
      </span>
      <span className="adm-person-when">
        <When iso={person.lastActivityAt} />
      </span>
    </a>
  );
}
