import { getStore } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type CollectionHooks, defineCollection } from '../../src/server/storage/collection';
import { scratchStore } from '../support/scratchStore';
import { recordKey } from '../../src/server/storage/keys';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const DAY = 86_400_000;

async function walk<T extends { n: number }>(
  list: (options: { limit: number; cursor: string | null }) => Promise<{ items: T[]; nextCursor: string | null }>,
  limit: number,
) {
  const seen: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: { items: T[]; nextCursor: string | null } = await list({ limit, cursor });
    seen.push(...page.items.map((item) => item.n));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor && pages < 1000);
  return { seen, pages };
}

describe('pages of a collection stored in time folders', () => {
  const spread = defineCollection(scratchStore('test-spread'), z.object({ n: z.number() }));
  const start = Date.UTC(2024, 0, 1);
  // 150 records over two years (many time folders), 20 of them in one millisecond.
  const times = Array.from({ length: 150 }, (_, n) => (n < 130 ? start + n * 5.6 * DAY : start + 200 * DAY));

  it('follows cursors to the end: every record once, newest first, no empty last page', async () => {
    await Promise.all(times.map((time, n) => spread.create({ n }, new Date(time))));
    const newestFirst = times
      .map((time, n) => ({ time, n }))
      .sort((a, b) => b.time - a.time)
      .map(({ n }) => n);
    for (const limit of [7, 20, 100]) {
      const { seen, pages } = await walk(spread.list, limit);
      expect(pages).toBe(Math.ceil(150 / limit));
      expect(seen.slice().sort((a, b) => a - b)).toEqual(Array.from({ length: 150 }, (_, n) => n));
      // Same order as the times (records of one millisecond in any order among themselves).
      expect(seen.map((n) => times[n])).toEqual(newestFirst.map((n) => times[n]));
    }
  });

  it('keeps the first page and the totals right when whole time folders empty out', async () => {
    const emptied = defineCollection(scratchStore('test-emptied'), z.object({ n: z.number() }));
    const old = await Promise.all([0, 1, 2].map((n) => emptied.create({ n }, new Date(start + n))));
    await Promise.all([3, 4].map((n) => emptied.create({ n }, new Date(start + 400 * DAY + n))));
    for (const record of old) expect(await emptied.remove(record.id)).toBe(true);
    const page = await emptied.list({ limit: 2 });
    expect(page.items.map((item) => item.n)).toEqual([4, 3]);
    expect(page.nextCursor).toBeNull();
    expect(page.total).toBe(2);
  });
});

describe('collection hooks', () => {
  function recorded(fail = false) {
    const calls: string[] = [];
    const hooks: CollectionHooks<{ id: string; n: number }> = {
      async afterUpdate(before, after, reload) {
        calls.push(`update ${before.n}->${after.n} now ${(await reload())?.n}`);
        if (fail) throw new Error('bookkeeping down');
      },
      async afterRemove(record) {
        calls.push(`remove ${record.n}`);
      },
    };
    return { calls, hooks };
  }

  it('see the version an update really replaced, even when another writer got in between', async () => {
    const { calls, hooks } = recorded();
    const counted = defineCollection(scratchStore('test-hooked'), z.object({ n: z.number() }), { hooks });
    const record = await counted.create({ n: 1 });
    await sleep(5);
    let attempts = 0;
    await counted.update(record.id, async (current) => {
      attempts += 1;
      if (attempts === 1) {
        // Another instance writes after our read: our write fails and we go again.
        await getStore({ name: 'test-hooked', consistency: 'strong' }).setJSON(recordKey(record.id), {
          ...current,
          n: 5,
        });
        await sleep(5);
      }
      return { ...current, n: current.n + 1 };
    });
    expect(attempts).toBe(2);
    expect(calls).toEqual(['update 5->6 now 6']);
    expect(await counted.remove(record.id)).toBe(true);
    expect(await counted.remove(record.id)).toBe(false);
    expect(calls.at(-1)).toBe('remove 6');
    expect(calls).toHaveLength(2);
  });

  it('never fail the write they follow: the record is stored and answered', async () => {
    const { calls, hooks } = recorded(true);
    const flaky = defineCollection(scratchStore('test-flaky-hooks'), z.object({ n: z.number() }), { hooks });
    const record = await flaky.create({ n: 1 });
    expect(await flaky.get(record.id)).toEqual(record);
    const updated = await flaky.update(record.id, (current) => ({ ...current, n: 2 }));
    expect((await flaky.get(record.id))?.n).toBe(2);
    expect(updated?.n).toBe(2);
    expect(calls).toEqual(['update 1->2 now 2']);
  });

  it('do not run for a write that did not happen', async () => {
    const { calls, hooks } = recorded();
    const guarded = defineCollection(scratchStore('test-guarded'), z.object({ n: z.number() }), { hooks });
    const record = await guarded.create({ n: 1 });
    await expect(guarded.update(record.id, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    const again = await guarded.insert(record.id, { n: 9 }, new Date());
    expect(again.created).toBe(false);
    expect(await guarded.update('0000000000000-0000000000', (current) => current)).toBeNull();
    expect(calls).toEqual([]);
    expect((await guarded.get(record.id))?.n).toBe(1);
  });
});
