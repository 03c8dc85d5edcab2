import { describe, expect, test } from 'vitest';
import { collectionStore } from '../../src/server/storage/blobs';
import { defineTally } from '../../src/server/storage/tally';
import { scratchStore } from '../support/scratchStore';

// Counts without a hot key (storage/tally.ts), against the real local Blobs server, with
// the interleavings that matter forced by hand.

let n = 0;
const fresh = () => {
  n += 1;
  const name = scratchStore(`test-tally-${n}`);
  return { name, tally: defineTally(name) };
};
const total = async (tally: ReturnType<typeof defineTally>, bucket = 'total') =>
  (await tally.read([bucket])).get(bucket) ?? {};

describe('a tally', () => {
  test('a change written twice counts once, before and after it is folded', async () => {
    const { tally } = fresh();
    await tally.add('event-1', 'total', { leads: 1 });
    await tally.add('event-1', 'total', { leads: 1 });
    await tally.add('event-2', 'total', { leads: 1, calls: 1 });
    expect(await total(tally)).toEqual({ leads: 2, calls: 1 });
    expect(await tally.fold()).toMatchObject({ folded: 2, left: 0 });
    expect(await total(tally)).toEqual({ leads: 2, calls: 1 });
  });

  test('a fold that died after counting and before deleting counts nothing twice', async () => {
    const { name, tally } = fresh();
    await tally.add('event-1', 'total', { leads: 1 });
    // What the store holds when a fold stopped right after its first write.
    const [change] = (await collectionStore(name).list({ prefix: 'pending/' })).blobs;
    expect(change?.key).toBe('pending/total/event-1~leads.1');
    await collectionStore(name).setJSON('buckets/total', { counts: { leads: 1 }, folded: [change!.key] });
    expect(await total(tally)).toEqual({ leads: 1 });
    await tally.add('event-2', 'total', { leads: 1 });
    expect(await tally.fold()).toMatchObject({ left: 0 });
    expect(await total(tally)).toEqual({ leads: 2 });
    expect((await collectionStore(name).list({ prefix: 'pending/' })).blobs).toHaveLength(0);
  });

  test('a late copy of a change folded before (a slow second doer of its event) is dropped uncounted', async () => {
    const { tally } = fresh();
    await tally.add('event-1', 'total', { leads: 1 });
    await tally.fold();
    await tally.add('event-1', 'total', { leads: 1 });
    expect(await tally.fold()).toMatchObject({ folded: 0, repeated: 1, left: 0 });
    expect(await total(tally)).toEqual({ leads: 1 });
  });

  test('the changes of unfinished events wait, and the unfinished are asked for after the changes are listed', async () => {
    const { tally } = fresh();
    await tally.add('event-1', 'total', { leads: 1 });
    await tally.add('event-2', 'total', { leads: 1 });
    const report = await tally.fold({
      unfinished: async () => {
        // A change written now (its event finished after the listing) is not in this fold.
        await tally.add('event-3', 'total', { leads: 1 });
        return new Set(['event-2']);
      },
    });
    expect(report).toMatchObject({ folded: 1, repeated: 0 });
    expect(await total(tally)).toEqual({ leads: 3 });
    expect(await tally.fold()).toMatchObject({ folded: 2, left: 0 });
    expect(await total(tally)).toEqual({ leads: 3 });
  });

  test('a change of long or unusual fields is kept in its blob, not its key', async () => {
    const { name, tally } = fresh();
    await tally.add('e1', 'total', { 'google\u001fcpc\u001fcontact': 1 });
    await tally.add('e2', 'total', { calls: 2 });
    const keys = (await collectionStore(name).list({ prefix: 'pending/' })).blobs.map((blob) => blob.key).sort();
    expect(keys).toEqual(['pending/total/e1', 'pending/total/e2~calls.2']);
    expect(await total(tally)).toEqual({ 'google\u001fcpc\u001fcontact': 1, calls: 2 });
  });

  test('buckets are counted apart, and a bucket can place new fields elsewhere', async () => {
    const { name } = fresh();
    const capped = defineTally(name, {
      placeField: (counts, field) => (Object.keys(counts).length >= 2 ? 'other' : field),
    });
    await capped.add('e1', 'days/2026-11-23', { a: 1 });
    await capped.add('e2', 'days/2026-11-24', { a: 1 });
    await capped.add('e3', 'days/2026-11-24', { b: 1 });
    await capped.add('e4', 'days/2026-11-24', { c: 2 });
    const before = await capped.read(['days/2026-11-23', 'days/2026-11-24']);
    expect(before.get('days/2026-11-23')).toEqual({ a: 1 });
    expect(before.get('days/2026-11-24')).toEqual({ a: 1, b: 1, other: 2 });
    await capped.fold();
    expect((await capped.read(['days/2026-11-24'])).get('days/2026-11-24')).toEqual({ a: 1, b: 1, other: 2 });
  });

  test('refuses ids and buckets that would not make a key', async () => {
    const { tally } = fresh();
    await expect(tally.add('has/slash', 'total', { x: 1 })).rejects.toThrow(/id/);
    await expect(tally.add('ok', '../total', { x: 1 })).rejects.toThrow(/bucket/);
  });
});
