import { randomBytes } from 'node:crypto';
import { blobCall, collectionStore } from '../../storage/blobs';
import { type FoldOptions, type FoldReport, defineTally } from '../../storage/tally';
import { type CountDelta, type Counts, countsFrom, isNoChange, sumCounts } from './counts';

// The admin's counters, kept as records are written (DECISIONS 25, 26). Every change is
// a tally change of its own (storage/tally.ts): a new lead's comes from its follow-up
// event, an edit's or a deletion's from the request that made it, so no key is written
// by two leads and a change written twice counts once. The minute job folds them.
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

// An earlier version kept the counters in eight shard blobs. They are read as part of the
// total until the minute job has moved them into the tally (once).
const LEGACY_SHARD_PREFIX = 'shard-';

async function legacyShards(): Promise<Array<{ key: string; counts: Counts }>> {
  const store = collectionStore(COUNTERS_STORE);
  const { blobs } = await blobCall(() => store.list({ prefix: LEGACY_SHARD_PREFIX }));
  return Promise.all(blobs.map(async ({ key }) => ({ key, counts: countsFrom(await blobCall(() => store.get(key, { type: 'json' }))) })));
}

export async function readCounts(): Promise<Counts> {
  const [tallied, shards] = await Promise.all([tally.read([TOTAL]), legacyShards()]);
  return sumCounts([countsFrom(tallied.get(TOTAL)), ...shards.map((shard) => shard.counts)]);
}

export async function foldCounts(options: FoldOptions = {}): Promise<FoldReport> {
  const store = collectionStore(COUNTERS_STORE);
  for (const shard of await legacyShards()) {
    // The change id names the shard: moving it twice (a crash before the delete) counts it once.
    await addToCounts(`legacy-${shard.key}`, shard.counts);
    await blobCall(() => store.delete(shard.key));
  }
  return tally.fold(options);
}
