import { useQuery } from '@tanstack/react-query';
import { recordKindNames, recordKinds } from '../../lib/leads/kinds';
import type { AdminStats } from '../../lib/schemas/adminApi';
import { formatCount } from '../../lib/format';
import { statsQuery } from './api/queries';
import { ErrorState } from './ui/States';
import { bookingStatusLabels } from '../../lib/admin/labels';

type Tile = { key: keyof AdminStats; label: string; tone?: 'status' | 'total' };

/** A tile per kind of record (src/lib/leads/kinds.ts), then the blog, the bookings by status and the total, counted on the server. */
const tiles: readonly Tile[] = [
  ...recordKindNames.map((kind): Tile => ({ key: recordKinds[kind].plural, label: recordKinds[kind].label })),
  { key: 'blogPosts', label: 'Blog Posts' },
  ...(['pending', 'contacted', 'completed'] as const).map((status): Tile => ({
    key: status,
    label: bookingStatusLabels[status],
    tone: 'status',
  })),
  { key: 'totalRecords', label: 'Total Records', tone: 'total' },
];

export function StatTiles() {
  const stats = useQuery(statsQuery());
  if (stats.isError) {
    return (
      <section aria-label="Totals" className="adm-tiles-error">
        <ErrorState
          what="the totals"
          error={stats.error}
          onRetry={() => void stats.refetch()}
          retrying={stats.isFetching}
        />
      </section>
    );
  }
  return (
    <section aria-label="Totals" aria-busy={stats.isPending}>
      <dl className="adm-tiles">
        {tiles.map((tile) => (
          <div
            key={tile.key}
            className={`adm-tile${tile.tone ? ` adm-tile-${tile.tone}` : ''}`}
            data-stat={tile.key}
            data-testid={`stat-${tile.key}`}
          >
            <dt>{tile.label}</dt>
            <dd>
              {stats.data ? (
                formatCount(stats.data[tile.key])
              ) : (
                <span className="adm-skeleton">
                  <span className="visually-hidden">Loading</span>
                </span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
