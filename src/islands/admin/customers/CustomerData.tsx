import { type RecordKind, recordKindNames, recordKinds } from '../../../lib/leads/kinds';
import { NotificationsPanel } from '../notifications/NotificationsPanel';
import { InvoicesSection } from '../payments/InvoicesSection';
import { PaymentRequestsPanel } from '../payments/PaymentRequestsPanel';
import { TodoPanel } from '../todo/TodoPanel';
import { kindViews } from './kindViews';
import { LeadList } from './LeadList';
import { LeadsBySource } from './LeadsBySource';
import { PersonSearch } from './PersonSearch';

// Every kind's list, in the order src/lib/leads/kinds.ts declares them: the kinds worked as cards first, the others in one grid.
const cardKinds = recordKindNames.filter((kind) => kindViews[kind].list.layout === 'cards');
const rowKinds = recordKindNames.filter((kind) => kindViews[kind].list.layout === 'rows');

function KindList<K extends RecordKind>({ kind }: { kind: K }) {
  // TypeScript widens a generic kind's plural to every plural; this one lists the records of K.
  const plural = recordKinds[kind].plural as (typeof recordKinds)[K]['plural'];
  return <LeadList kind={plural} {...kindViews[kind].list} />;
}

/** The 'Customer Data' tab: what is due first (the to-do), then find a person, see that notifications reach the owner, work the bookings, see where leads come from, read every other lead. */
export function CustomerData() {
  return (
    <div className="adm-customers">
      <TodoPanel />
      <PersonSearch />
      <NotificationsPanel />
      {cardKinds.map((kind) => (
        <KindList key={kind} kind={kind} />
      ))}
      <PaymentRequestsPanel />
      <InvoicesSection />
      <LeadsBySource />
      <div className="adm-lists-grid">
        {rowKinds.map((kind) => (
          <KindList key={kind} kind={kind} />
        ))}
      </div>
    </div>
  );
}
