import type { CollectionHooks, RecordMeta } from '../storage/collection';
import { type LeadProfile, createdDelta, removedDelta, updatedDelta } from './leadProfiles';
import { indexPerson, reindexPerson, unindexPerson } from './search/personIndex';
import { addToCounts, readCounts } from './stats/counterStore';

/** Runs every step, then reports the failures together (so one never skips another). */
async function allOf(steps: Promise<void>[]): Promise<void> {
  const failures = (await Promise.allSettled(steps)).filter((result) => result.status === 'rejected');
  if (failures.length > 0) throw new AggregateError(failures.map((failure) => failure.reason), 'admin bookkeeping failed');
}

/**
 * The hooks that keep the admin's counters and person index current for one kind of
 * lead, whatever code path writes it (DECISIONS 25).
 */
export function leadBookkeeping<Rec extends RecordMeta>(profile: LeadProfile<Rec>): CollectionHooks<Rec> {
  return {
    afterCreate: (record) => allOf([addToCounts(createdDelta(profile, record)), indexPerson(profile.type, record.id, profile.person(record))]),
    afterUpdate: (before, after, reload) =>
      allOf([
        addToCounts(updatedDelta(profile, before, after)),
        reindexPerson(profile.type, after.id, profile.person(before), profile.person(after), async () => {
          const current = await reload();
          return current ? profile.person(current) : null;
        }),
      ]),
    afterRemove: (record) => allOf([addToCounts(removedDelta(profile, record)), unindexPerson(profile.type, record.id, profile.person(record))]),
    count: async () => Math.max(0, (await readCounts())[profile.counter]),
  };
}

/** Storage blog posts are not a collection of leads; their create and delete count here. Never fails the write. */
export async function countStoragePosts(change: 1 | -1): Promise<void> {
  try {
    await addToCounts({ storagePosts: change });
  } catch (error) {
    console.error('[bookkeeping] blog post count failed; the post is stored, counts may drift until a recount', error);
  }
}
