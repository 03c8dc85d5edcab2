import { formatCount } from '../../../lib/format';
import { failureMessage } from '../api';

/** What a list's foot needs of a paged query (react-query's useInfiniteQuery result). */
export interface PagedList {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
}

/** Under a list a server page at a time: how many of how many, and 'Load more' while there is more. */
export function LoadMore({ list, shown, total }: { list: PagedList; shown: number; total: number | null }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="adm-list-foot">
      <p className="adm-list-count">
        Showing {formatCount(shown)}
        {total !== null ? ` of ${formatCount(total)}` : ''}
      </p>
      {list.isFetchNextPageError ? (
        <p className="adm-inline-error" role="alert">
          {failureMessage(list.error, 'More could not be loaded.')}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-outline adm-btn-sm"
        onClick={() => void list.fetchNextPage()}
        disabled={list.isFetchingNextPage}
      >
        {list.isFetchingNextPage ? 'Loading…' : list.isFetchNextPageError ? 'Try again' : 'Load more'}
      </button>
    </div>
  );
}
