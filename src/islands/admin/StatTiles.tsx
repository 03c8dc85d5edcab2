import { useQuery } from '@tanstack/react-query';
import type { AdminStats } from '../../lib/schemas/adminApi';
import { formatCount } from '../../lib/format';
import { statsQuery } from './api/queries';
import { ErrorState } from './ui/States';

type Tile = { key: keyof AdminStats; label: string; tone?: 'status' | 'total' };

/** SPEC 2's tiles (plus subscribers, DECISIONS 7, and corporate enquiries), counted on the server. */
const tiles: Tile[] = [
  { key: 'bookings', label: 'Bookings' },
  { key: 'contacts', label: 'Contacts' },
  { key: 'payments', label: 'Payments' },
  { key: 'downloads', label: 'Downloads' },
  { key: 'blogPosts', label: 'Blog Posts' },
  { key: 'subscribers', label: 'Subscribers' },
  { key: 'corporateEnquiries', label: 'Corporate' },
  { key: 'pending', label: 'Pending', tone: 'status' },
  { key: 'contacted', label: 'Contacted', tone: 'status' },
  { key: 'completed', label: 'Completed', tone: 'status' },
  { key: 'totalRecords', label: 'Total Records', tone: 'total' },
];

export function StatTiles() {
  const stats = useQuery(statsQuery());
  if (stats.isError) {
    return (
      <section aria-label="Totals" className="adm-tiles-error">
        <ErrorState what="the totals" error={stats.error} onRetry={() => void stats.refetch()} retrying={stats.isFetching} />
      </section>
    );
  }
  return (
    <section aria-label="Totals" aria-busy={stats.isPending}>
      <dl className="adm-tiles">
        {tiles.map((tile) => (
          <div key={tile.key} className={`adm-tile${tile.tone ? ` adm-tile-${tile.tone}` : ''}`} data-stat={tile.key} data-testid={`stat-${tile.key}`}>
            <dt>{tile.label}</dt>
            <dd>{stats.data ? formatCount(stats.data[tile.key]) : <span className="adm-skeleton"><span className="visually-hidden">Loading</span></span>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
