// The pure arithmetic of a tally (tally.ts): unit-tested alone.

export type Counts = Record<string, number>;
export type Delta = Record<string, number>;

/** The deltas of the changes a bucket has not counted yet, in the changes' order. */
export function unfoldedDeltas(
  changes: ReadonlyArray<{ key: string }>,
  folded: ReadonlySet<string>,
  deltas: ReadonlyMap<string, Delta>,
): Delta[] {
  const fresh: Delta[] = [];
  for (const change of changes) {
    if (folded.has(change.key)) continue;
    const delta = deltas.get(change.key);
    if (delta) fresh.push(delta);
  }
  return fresh;
}

/**
 * Adds deltas to counts, in order. A field the counts do not hold yet goes where
 * `place` says (itself, or e.g. an "other" field once a bucket holds enough fields).
 */
export function addDeltas(
  counts: Counts,
  deltas: readonly Delta[],
  place: (counts: Counts, field: string) => string = (_counts, field) => field,
): Counts {
  const next: Counts = { ...counts };
  for (const delta of deltas) {
    for (const [field, n] of Object.entries(delta)) {
      if (!Number.isInteger(n) || n === 0) continue;
      const target = field in next ? field : place(next, field);
      next[target] = (next[target] ?? 0) + n;
    }
  }
  return next;
}
