import { recordKindNames, recordKinds, type RecordKind } from '../../../lib/leads/kinds';
import { kindViews } from '../customers/kindViews';
import { LeadList } from '../customers/LeadList';
import { PersonSearch } from '../customers/PersonSearch';
import { PeopleList } from '../people/PeopleList';
import { PersonPage } from '../people/PersonPage';
import { ReviewsPanel } from '../reviews/ReviewsPanel';
import { StatTiles } from '../StatTiles';

// Every kind's list but payments (under Money), in the order src/lib/leads/kinds.ts declares them.
const listedKinds = recordKindNames.filter((kind) => kind !== 'payment');

function KindList<K extends RecordKind>({ kind }: { kind: K }) {
  // TypeScript widens a generic kind's plural to every plural; this one lists the records of K.
  const plural = recordKinds[kind].plural as (typeof recordKinds)[K]['plural'];
  return <LeadList kind={plural} {...kindViews[kind].list} />;
}

/** People (docs/admin.md, "People"): find anyone, the latest people, their reviews, the counts, every record by kind; or one person's page. */
export function PeopleView({ person }: { person: string | null }) {
  if (person) return <PersonPage q={person} />;
  return (
    <div className="adm-view-stack">
      <PersonSearch />
      <PeopleList />
      <ReviewsPanel />
      <StatTiles />
      {listedKinds.map((kind) => (
        <KindList key={kind} kind={kind} />
      ))}
    </div>
  );
}
