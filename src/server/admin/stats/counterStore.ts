import { randomInt } from 'node:crypto';
import { updateJson } from '../../storage/atomicJson';
import { blobCall, collectionStore } from '../../storage/blobs';
import { withRetries } from '../../storage/retry';
import { type CountDelta, type Counts, addCounts, countsFrom, isNoChange, sumCounts } from './counts';

// The admin's counters, kept at write time (DECISIONS 25). Why sharded: every lead
// adds to a counter, and one shared blob would make concurrent writers on different
// instances queue on one ETag. A write adds its delta to one of SHARDS blobs picked at
// random, with updateJson (conditional write, retried from a fresh read on conflict);
// if that shard stays contended or Blobs fails, the next attempt takes another shard
// after a pause. Reading is SHARDS small reads whatever the number of records. The
// lead is already stored when its count is taken: a count that still cannot be written
// is logged by the collection and never fails the lead; the recount repairs the drift.
// (Per-event delta blobs would never contend at all, but make every read fold an
// unbounded number of blobs; shards keep reads constant.)
const COUNTERS = 'admin-counters';
export const SHARDS = 8;

const shardKey = (shard: number) => `shard-${shard}`;

export async function addToCounts(delta: CountDelta, firstShard: number = randomInt(SHARDS)): Promise<void> {
  if (isNoChange(delta)) return;
  await withRetries((attempt) => updateJson(COUNTERS, shardKey((firstShard + attempt) % SHARDS), (current) => addCounts(countsFrom(current), delta)));
}

export async function readCounts(): Promise<Counts> {
  const store = collectionStore(COUNTERS);
  const shards = await Promise.all(Array.from({ length: SHARDS }, (_, shard) => blobCall(() => store.get(shardKey(shard), { type: 'json' }))));
  return sumCounts(shards.map(countsFrom));
}
