import { type RecordKindPlural, recordKindNames, recordKindPlurals, recordKinds } from '../../../lib/leads/kinds';
import type { AdminStats } from '../../../lib/schemas/adminApi';
import { bookingStatuses } from '../../../lib/schemas/booking';

// Pure arithmetic of the admin's stat tiles: what the counters hold, how a write moves
// them, and how the tiles follow from them.

/** One counter per kind of record (the registry's plurals), storage posts (MDX posts are counted from the files) and per booking status. */
export const counterNames = [...recordKindPlurals, 'storagePosts', ...bookingStatuses] as const;
export type CounterName = (typeof counterNames)[number];
export type Counts = Record<CounterName, number>;
export type CountDelta = Partial<Counts>;

export function zeroCounts(): Counts {
  return Object.fromEntries(counterNames.map((name) => [name, 0])) as Counts;
}

/** A stored counter blob, read leniently: anything but a whole number counts as 0. */
export function countsFrom(value: unknown): Counts {
  const counts = zeroCounts();
  if (value && typeof value === 'object') {
    for (const name of counterNames) {
      const n = (value as Record<string, unknown>)[name];
      if (typeof n === 'number' && Number.isInteger(n)) counts[name] = n;
    }
  }
  return counts;
}

export function addCounts(base: Counts, delta: CountDelta): Counts {
  const next = { ...base };
  for (const name of counterNames) next[name] += delta[name] ?? 0;
  return next;
}

export function sumCounts(parts: readonly CountDelta[]): Counts {
  return parts.reduce<Counts>((total, part) => addCounts(total, part), zeroCounts());
}

/** The change that turns `current` into `target`, without its zero entries. */
export function differenceOf(target: Counts, current: Counts): CountDelta {
  const delta: CountDelta = {};
  for (const name of counterNames) {
    if (target[name] !== current[name]) delta[name] = target[name] - current[name];
  }
  return delta;
}

export function isNoChange(delta: CountDelta): boolean {
  return counterNames.every((name) => (delta[name] ?? 0) === 0);
}

/** Adds two deltas (e.g. "one fewer pending" and "one more contacted"). */
export function combine(...deltas: CountDelta[]): CountDelta {
  const total: CountDelta = {};
  for (const delta of deltas) {
    for (const name of counterNames) {
      const n = delta[name];
      if (n) total[name] = (total[name] ?? 0) + n;
    }
  }
  return total;
}

/**
 * The tiles (docs/decisions/0017-admin-lists-stats-and-export.md,
 * 0025-person-search-index-and-write-time-stats.md). Blog posts are the storage posts plus the MDX posts
 * shipped with the site; Total Records counts the kinds marked so in src/lib/leads/kinds.ts (every one but
 * newsletter subscribers) and the blog posts. A counter below 0
 * can only come from drift (a lost count): it shows as 0 until the recount fixes it.
 */
export function adminStats(counts: Counts, mdxPosts: number): AdminStats {
  const n = (name: CounterName) => Math.max(0, counts[name]);
  const blogPosts = n('storagePosts') + Math.max(0, mdxPosts);
  const kinds = Object.fromEntries(
    recordKindNames.map((kind) => [recordKinds[kind].plural, n(recordKinds[kind].plural)]),
  ) as Record<RecordKindPlural, number>;
  const inTotal = recordKindNames
    .filter((kind) => recordKinds[kind].inTotalRecords)
    .reduce((sum, kind) => sum + kinds[recordKinds[kind].plural], 0);
  return {
    ...kinds,
    blogPosts,
    pending: n('pending'),
    contacted: n('contacted'),
    completed: n('completed'),
    cancelled: n('cancelled'),
    totalRecords: inTotal + blogPosts,
  };
}
