import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { TodoEntry } from '../../src/lib/schemas/todo';
import { digestEntryOf, entryOfDigest } from '../../src/server/indexes/todo/pendingIndex';
import { orderedEntries } from '../../src/server/indexes/todo/order';
import { CALL_OUTCOME_GRACE_MS, todoPeople } from '../../src/server/indexes/todo/personItem';
import { buildDigest, readDigest } from '../../src/server/indexes/todo/todoDigest';
import { type DigestShard, buildHead, readHead, shardsFor } from '../../src/server/indexes/todo/todoHead';

// The to-do's digest (docs/admin.md, "To do"): a read from the digest and the leads changed
// since must be exactly what grouping the whole index now gives.

const HOUR = 3_600_000;
const start = Date.parse('2026-11-02T03:30:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

// Few phones and mailboxes, so records often share a person and changes join or split people.
const phones = ['98450 11111', '+91 98450 22222', '9845033333', '98450 44444', '98450 55555'];
const emails = [null, 'asha@example.in', 'A.Sha+news@gmail.com', 'ravi@example.in', 'meera@example.in'];

const entryArb = (index: number) =>
  fc
    .record({
      kind: fc.constantFrom('booking' as const, 'contact' as const),
      phone: fc.constantFrom(...phones),
      email: fc.constantFrom(...emails),
      created: fc.integer({ min: 0, max: 72 }),
      promiseHours: fc.constantFrom(4, 24),
      dueAfter: fc.integer({ min: 1, max: 48 }),
      stage: fc.constantFrom(null, 'Class 12 student', 'Working professional'),
      call: fc.option(fc.integer({ min: 0, max: 120 }), { nil: null }),
    })
    .map((r): TodoEntry => ({
      kind: r.kind,
      id: `${String(start + r.created * HOUR).padStart(13, '0')}-${index.toString(16).padStart(10, '0')}`,
      name: `Person ${index}`,
      phone: r.phone,
      email: r.email,
      createdAt: iso(start + r.created * HOUR),
      dueAt: iso(r.call !== null ? start + r.call * HOUR : start + (r.created + r.dueAfter) * HOUR),
      promiseHours: r.kind === 'booking' ? r.promiseHours : 24,
      stage: r.kind === 'booking' ? r.stage : null,
      callAt: r.kind === 'booking' && r.call !== null ? iso(start + r.call * HOUR) : null,
    }));

const lead = (entry: TodoEntry) => `${entry.kind}/${entry.id}`;

/** What the whole index gives at `now`, as readTodo's full listing computes it. */
function expected(entries: TodoEntry[], now: Date, limit?: number) {
  const items = todoPeople(orderedEntries(entries), now);
  return {
    items: limit === undefined ? items : items.slice(0, limit),
    total: items.length,
    overdue: items.filter((item) => item.overdue).length,
  };
}

describe('the to-do digest', () => {
  it('read with the changes since, is what grouping the whole index now gives; so is its head', () => {
    let heads = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }).chain((count) =>
          fc.tuple(
            fc.tuple(...Array.from({ length: count }, (_, index) => entryArb(index))),
            // What happens to each lead after the digest: kept, removed, or replaced by a changed entry.
            fc.array(fc.constantFrom('keep', 'keep', 'remove', 'change'), { minLength: count, maxLength: count }),
            fc.tuple(...Array.from({ length: count }, (_, index) => entryArb(index))),
            fc.uniqueArray(fc.integer({ min: 100, max: 130 }), { maxLength: 6 }),
            fc.integer({ min: 0, max: 100 }),
            fc.integer({ min: 0, max: 30 }),
            fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
            fc.integer({ min: 1, max: 40 }),
          ),
        ),
        ([before, fates, changedTo, added, builtHour, laterHours, limit, topSize]) => {
          const builtAt = new Date(start + builtHour * HOUR);
          const digest = buildDigest(before, builtAt, builtAt.getTime(), digestEntryOf);
          const after: TodoEntry[] = [];
          const changed = new Map<string, TodoEntry[]>();
          before.forEach((entry, index) => {
            const fate = fates[index];
            if (fate === 'keep') after.push(entry);
            else if (fate === 'remove') changed.set(lead(entry), []);
            else {
              const next = { ...changedTo[index]!, kind: entry.kind, id: entry.id };
              after.push(next);
              changed.set(lead(next), [next]);
            }
          });
          added.forEach((index, at) => {
            // New leads, possibly sharing a phone or mailbox with anyone.
            const [entry] = fc.sample(entryArb(index), { seed: index * 31 + at, numRuns: 1 });
            after.push(entry!);
            changed.set(lead(entry!), [entry!]);
          });
          const now = new Date(builtAt.getTime() + laterHours * HOUR);
          const want = expected(after, now, limit);
          expect(readDigest(digest, changed, now, entryOfDigest, limit)).toEqual(want);

          // The head and shards (what Today reads) give the same, or say they cannot.
          const built = buildHead(digest, {
            dueFrom: builtAt.getTime() - HOUR,
            validUntil: builtAt.getTime() + 31 * HOUR,
            topSize,
          });
          const head = {
            ...built.head,
            shards: Object.fromEntries([...built.shards.keys()].map((name) => [name, name])),
          };
          const needed = new Map(shardsFor(changed, head).map((name) => [name, built.shards.get(name)!]));
          const answer = readHead(head, needed, changed, now, entryOfDigest, limit);
          if (limit !== undefined && head.complete) expect(answer).not.toBeNull();
          if (answer) {
            heads += 1;
            expect(answer).toEqual(want);
          }
        },
      ),
      { numRuns: 400 },
    );
    // Most runs with a limit are answered from the head, not handed on.
    expect(heads).toBeGreaterThan(150);
  });

  it('the head answers past its first people while enough of them are untouched, and hands on when a shard is gone', () => {
    const people = Array.from({ length: 12 }, (_, index): TodoEntry => ({
      kind: 'contact',
      id: `${String(start + index * HOUR).padStart(13, '0')}-${index.toString(16).padStart(10, '0')}`,
      name: `Person ${index}`,
      phone: `98450 ${String(60000 + index)}`,
      email: null,
      createdAt: iso(start + index * HOUR),
      dueAt: iso(start + (index + 24) * HOUR),
      promiseHours: 24,
      stage: null,
      callAt: null,
    }));
    const builtAt = start + 12 * HOUR;
    const digest = buildDigest(people, new Date(builtAt), builtAt, digestEntryOf);
    const built = buildHead(digest, { dueFrom: builtAt - HOUR, validUntil: builtAt + 8 * 60_000, topSize: 5 });
    const head = { ...built.head, shards: Object.fromEntries([...built.shards.keys()].map((name) => [name, name])) };
    expect(head.complete).toBe(false);
    // The first person marked contacted: four of the five are untouched, enough for three.
    const changed = new Map([[lead(people[0]!), []]]);
    const shards = new Map(shardsFor(changed, head).map((name) => [name, built.shards.get(name)!]));
    const now = new Date(builtAt + 60_000);
    const after = people.slice(1);
    expect(readHead(head, shards, changed, now, entryOfDigest, 3)).toEqual(expected(after, now, 3));
    // Five asked for, four known: the head hands on to the whole digest.
    expect(readHead(head, shards, changed, now, entryOfDigest, 5)).toBeNull();
    // A shard it needs was pruned between the reads.
    const gone = new Map<string, DigestShard | null>([...shards.keys()].map((name) => [name, null]));
    expect(readHead(head, gone, changed, now, entryOfDigest, 3)).toBeNull();
    // Past its window.
    expect(readHead(head, shards, changed, new Date(builtAt + 9 * 60_000), entryOfDigest, 3)).toBeNull();
  });

  it('a booked call whose hour passes brings the person back without any change', () => {
    const callAt = start + 30 * HOUR;
    const callBack: TodoEntry = {
      kind: 'booking',
      id: `${String(start).padStart(13, '0')}-00000000aa`,
      name: 'Asha',
      phone: phones[0]!,
      email: null,
      createdAt: iso(start),
      dueAt: iso(start + 4 * HOUR),
      promiseHours: 4,
      stage: null,
      callAt: null,
    };
    const booked = {
      ...callBack,
      id: `${String(start + HOUR).padStart(13, '0')}-00000000bb`,
      dueAt: iso(callAt),
      callAt: iso(callAt),
    };
    const builtAt = new Date(start + 10 * HOUR);
    const digest = buildDigest([callBack, booked], builtAt, builtAt.getTime(), digestEntryOf);
    const before = readDigest(digest, new Map(), new Date(callAt), entryOfDigest);
    expect(before.total).toBe(0);
    const after = readDigest(digest, new Map(), new Date(callAt + CALL_OUTCOME_GRACE_MS + 1), entryOfDigest);
    expect(after.total).toBe(1);
    expect(after.items[0]!.records.map((record) => record.id)).toEqual([callBack.id, booked.id]);
    // So does the head, within its window.
    const built = buildHead(digest, { dueFrom: builtAt.getTime(), validUntil: callAt + 2 * CALL_OUTCOME_GRACE_MS });
    const head = { ...built.head, shards: Object.fromEntries([...built.shards.keys()].map((name) => [name, name])) };
    expect(readHead(head, new Map(), new Map(), new Date(callAt), entryOfDigest, 10)?.total).toBe(0);
    expect(
      readHead(head, new Map(), new Map(), new Date(callAt + CALL_OUTCOME_GRACE_MS + 1), entryOfDigest, 10),
    ).toEqual(after);
  });
});
