import { getStore, setEnvironmentContext } from '@netlify/blobs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineCollection } from '../../src/server/storage/collection';
import { scratchStore } from '../support/scratchStore';
import { StorageConflictError, StorageUnavailableError } from '../../src/server/storage/errors';
import { recordKey } from '../../src/server/storage/keys';
import { route } from '../../src/server/http/route';
import { call, jsonOf } from './support/call';
import { blobsContext } from './support/blobs-server';

const notes = defineCollection(
  scratchStore('test-notes'),
  z.object({ text: z.string(), tags: z.array(z.string()).default([]) }),
);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('collections over a real local Blobs server', () => {
  it('creates, reads, counts and lists newest first', async () => {
    const first = await notes.create({ text: 'one', tags: [] }, new Date('2026-01-01T00:00:00Z'));
    const second = await notes.create({ text: 'two', tags: [] }, new Date('2026-01-02T00:00:00Z'));
    expect(await notes.get(first.id)).toEqual(first);
    expect(await notes.count()).toBe(2);
    const page = await notes.list();
    expect(page.items.map((item) => item.text)).toEqual(['two', 'one']);
    expect(page.items[0]?.id).toBe(second.id);
  });

  it('validates data before storing anything', async () => {
    const before = await notes.count();
    await expect(notes.create({ text: 42 } as never)).rejects.toThrow();
    expect(await notes.count()).toBe(before);
  });

  it('answers null for unknown and malformed ids', async () => {
    expect(await notes.get('0000000000000-0000000000')).toBeNull();
    expect(await notes.get('../etc/passwd')).toBeNull();
    expect(await notes.update('0000000000000-0000000000', (n) => n)).toBeNull();
  });

  it('paginates with a cursor', async () => {
    const pages = defineCollection(scratchStore('test-pages'), z.object({ n: z.number() }));
    for (let n = 0; n < 5; n += 1) await pages.create({ n }, new Date(Date.UTC(2026, 0, 1, 0, n)));
    const one = await pages.list({ limit: 2 });
    expect(one.items.map((item) => item.n)).toEqual([4, 3]);
    expect(one.total).toBe(5);
    const two = await pages.list({ limit: 2, cursor: one.nextCursor });
    expect(two.items.map((item) => item.n)).toEqual([2, 1]);
    const three = await pages.list({ limit: 2, cursor: two.nextCursor });
    expect(three.items.map((item) => item.n)).toEqual([0]);
    expect(three.nextCursor).toBeNull();
  });

  it('keeps all 200 records created in parallel', async () => {
    const burst = defineCollection(scratchStore('test-burst'), z.object({ n: z.number() }));
    const now = new Date();
    const created = await Promise.all(Array.from({ length: 200 }, (_, n) => burst.create({ n }, now)));
    expect(new Set(created.map((record) => record.id)).size).toBe(200);
    expect(await burst.count()).toBe(200);
    const all = await burst.all();
    expect(all.map((record) => record.n).sort((a, b) => a - b)).toEqual(Array.from({ length: 200 }, (_, n) => n));
  });

  it('applies two concurrent updates without losing either', async () => {
    const record = await notes.create({ text: 'shared', tags: [] });
    await sleep(5);
    await Promise.all([
      notes.update(record.id, (current) => ({ ...current, tags: [...current.tags, 'a'] })),
      notes.update(record.id, (current) => ({ ...current, tags: [...current.tags, 'b'] })),
    ]);
    expect((await notes.get(record.id))?.tags.sort()).toEqual(['a', 'b']);
  });

  it('retries when another writer changes the record between read and write', async () => {
    const record = await notes.create({ text: 'contested', tags: [] });
    // The local server's ETag comes from the file's mtime in milliseconds: let it tick.
    await sleep(5);
    let attempts = 0;
    const updated = await notes.update(record.id, async (current) => {
      attempts += 1;
      if (attempts === 1) {
        // Another process writes after our read: our conditional write must fail.
        const store = getStore({ name: 'test-notes', consistency: 'strong' });
        await store.setJSON(recordKey(record.id), { ...current, tags: ['from-elsewhere'] });
        await sleep(5);
      }
      return { ...current, tags: [...current.tags, 'mine'] };
    });
    expect(attempts).toBe(2);
    expect(updated?.tags).toEqual(['from-elsewhere', 'mine']);
    expect((await notes.get(record.id))?.tags).toEqual(['from-elsewhere', 'mine']);
  });

  it('follows list cursors to the end: every record once, newest first', async () => {
    const many = defineCollection(scratchStore('test-cursor-walk'), z.object({ n: z.number() }));
    const start = Date.UTC(2026, 2, 1);
    await Promise.all(Array.from({ length: 130 }, (_, n) => many.create({ n }, new Date(start + n * 1000))));
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof many.list>> = await many.list({ limit: 7, cursor });
      seen.push(...page.items.map((item) => item.n));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    expect(pages).toBe(Math.ceil(130 / 7));
    expect(seen).toEqual(Array.from({ length: 130 }, (_, n) => 129 - n));
  });

  it('gives up with a conflict, answered 409, when every write loses to another writer', async () => {
    const record = await notes.create({ text: 'hot', tags: [] });
    const outside = getStore({ name: 'test-notes', consistency: 'strong' });
    let attempts = 0;
    // Another instance writes between every read and write of ours (not through our lock).
    const contested = () =>
      notes.update(record.id, async (current) => {
        attempts += 1;
        await outside.setJSON(recordKey(record.id), { ...current, text: `elsewhere ${attempts}` });
        return { ...current, tags: ['mine'] };
      });
    await expect(contested()).rejects.toBeInstanceOf(StorageConflictError);
    expect(attempts).toBe(8);
    expect((await notes.get(record.id))?.tags).toEqual([]);

    const handler = route({ PATCH: async () => Response.json(await contested()) });
    const response = await call(handler, '/api/test-notes', { method: 'PATCH', body: {} });
    expect(response.status).toBe(409);
    expect((await jsonOf<{ error: string }>(response)).error).toMatch(/being changed by someone else/);
  });

  it('lists by prefix as Netlify does: a key that is the start of the prefix is not under it', async () => {
    const store = getStore({ name: 'test-prefixes', consistency: 'strong' });
    await Promise.all([store.set('digest', '1'), store.set('digest-shards/aa/one', '2'), store.set('digests', '3')]);
    expect((await store.list({ prefix: 'digest-shards/' })).blobs.map((blob) => blob.key)).toEqual([
      'digest-shards/aa/one',
    ]);
    expect((await store.list({ prefix: 'digest' })).blobs.map((blob) => blob.key)).toEqual([
      'digest',
      'digest-shards/aa/one',
      'digests',
    ]);
  });

  it('reports an unreachable store as StorageUnavailableError', async () => {
    setEnvironmentContext({ ...blobsContext, edgeURL: 'http://127.0.0.1:9', uncachedEdgeURL: 'http://127.0.0.1:9' });
    try {
      await expect(notes.create({ text: 'lost', tags: [] })).rejects.toBeInstanceOf(StorageUnavailableError);
      await expect(notes.list()).rejects.toBeInstanceOf(StorageUnavailableError);
    } finally {
      setEnvironmentContext(blobsContext);
    }
  });
});
