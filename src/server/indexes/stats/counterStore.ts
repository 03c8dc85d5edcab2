import { randomBytes } from 'node:crypto';
import { type FoldOptions, type FoldReport, defineTally } from '../../storage/tally';
import { type CountDelta, type Counts, countsFrom, isNoChange } from './counts';

// The admin's counters, kept as records are written
// (docs/decisions/0025-person-search-index-and-write-time-stats.md,
// 0026-store-answer-follow-up.md). Every change is a tally change of its own
// (storage/tally.ts): a new lead's comes from its follow-up event, an edit's or a
// deletion's from the request that made it, so no key is written by two leads and a change
// written twice counts once. The minute job folds them.
export const COUNTERS_STORE = 'admin-counters';
const TOTAL = 'total';
const tally = defineTally(COUNTERS_STORE);

/** A change id for a write that is made once (an edit, a deletion, a recount). */
export function oneOffChangeId(what: string): string {
  return `${what}.${Date.now()}.${randomBytes(4).toString('hex')}`;
}

export async function addToCounts(changeId: string, delta: CountDelta): Promise<void> {
  if (isNoChange(delta)) return;
  await tally.add(changeId, TOTAL, delta as Record<string, number>);
}

export async function readCounts(): Promise<Counts> {
  return countsFrom((await tally.read([TOTAL])).get(TOTAL));
}

export function foldCounts(options: FoldOptions = {}): Promise<FoldReport> {
  return tally.fold(options);
}
