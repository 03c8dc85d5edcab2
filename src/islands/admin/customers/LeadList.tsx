import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { formatCount } from '../../../lib/format';
import type { LeadKind, LeadRecords } from '../api';
import { leadListQuery } from '../api/queries';
import { LoadMore } from '../ui/LoadMore';
import { EmptyState, ErrorState } from '../ui/States';

/** How one collection's list reads: its words, its layout and how one record shows. */
export interface LeadListView<Rec> {
  title: string;
  /** "bookings", "contact submissions": used in sentences. */
  noun: string;
  empty: { title: string; text: string };
  /** Cards are worked one by one and come first on the tab; rows share the grid of the other lists. */
  layout: 'cards' | 'rows';
  renderItem: (record: Rec) => ReactNode;
  /** Shown above the items (restored edits of bookings). */
  before?: ReactNode;
}

interface Props<K extends LeadKind> extends LeadListView<LeadRecords[K]> {
  kind: K;
}

/** One collection, newest first, a server page at a time ('Load more'), with its own empty and error states. */
export function LeadList<K extends LeadKind>({ kind, title, noun, empty, layout, renderItem, before }: Props<K>) {
  const headingId = useId();
  const list = useInfiniteQuery(leadListQuery(kind));
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const total = list.data?.pages.at(-1)?.total ?? null;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="adm-loading" aria-busy="true">
        <span className="adm-skeleton adm-skeleton-row" />
        <span className="adm-skeleton adm-skeleton-row" />
        <span className="visually-hidden">Loading {noun}…</span>
      </div>
    );
  } else if (list.isError && items.length === 0) {
    body = <ErrorState what={noun} error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  } else if (items.length === 0) {
    body = <EmptyState title={empty.title}>{empty.text}</EmptyState>;
  } else {
    body = (
      <>
        <ul className={`adm-items adm-items-${layout}`}>
          {items.map((record) => (
            <li key={record.id}>{renderItem(record)}</li>
          ))}
        </ul>
        <LoadMore list={list} shown={items.length} total={total} />
      </>
    );
  }

  return (
    <section className={`adm-panel adm-list adm-list-${kind}`} aria-labelledby={headingId} data-testid={`list-${kind}`}>
      <header className="adm-panel-head">
        <h2 id={headingId}>{title}</h2>
        {total !== null ? <span className="adm-count">{formatCount(total)}</span> : null}
      </header>
      {before}
      {body}
    </section>
  );
}
