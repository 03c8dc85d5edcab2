import { describe, expect, it } from 'vitest';
import type { TodoEntry } from '../../src/lib/schemas/todo';
import { groupByPerson } from '../../src/server/indexes/search/personGroups';
import { CALL_OUTCOME_GRACE_MS, todoPeople } from '../../src/server/indexes/todo/readTodo';

// The to-do lists people (docs/decisions/0042-one-person-view.md): pure rules.

const base: TodoEntry = {
  kind: 'booking',
  id: '8200000000000-aaaaaaaaaa',
  name: 'Asha',
  phone: '98450 11111',
  email: null,
  createdAt: '2026-10-20T04:00:00.000Z',
  dueAt: '2026-10-20T08:00:00.000Z',
  promiseHours: 4,
};
const now = new Date('2026-10-20T06:00:00.000Z');

describe('groupByPerson', () => {
  it('joins records by phone or mailbox, transitively, keeping first-seen order', () => {
    const people = groupByPerson(
      [
        { name: 'a', phone: '+91 98450 11111' },
        { name: 'b', email: 'X.Y+news@Gmail.com' },
        { name: 'c', phone: '9845011111', email: 'xy@gmail.com' },
        { name: 'd', phone: '98450 22222' },
      ],
      (item) => item,
    );
    expect(people.map((group) => group.map((item) => item.name))).toEqual([['a', 'b', 'c'], ['d']]);
  });
});

describe('todoPeople', () => {
  it('one item a person, due when their soonest record is, holding every record', () => {
    const message = {
      ...base,
      kind: 'contact' as const,
      id: '8100000000000-bbbbbbbbbb',
      promiseHours: 24,
      dueAt: '2026-10-21T08:00:00.000Z',
    };
    const [item, ...rest] = todoPeople([base, message], now);
    expect(rest).toEqual([]);
    expect(item).toMatchObject({ id: base.id, reason: 'promise', callAt: null });
    expect(item!.records.map((record) => record.id)).toEqual([base.id, message.id]);
  });

  it('a booked call ends the call back; a reply still due stays, with the call shown', () => {
    const callAt = '2026-10-22T05:00:00.000Z';
    const booked = { ...base, id: '8150000000000-cccccccccc', dueAt: callAt, callAt };
    const message = {
      ...base,
      kind: 'contact' as const,
      id: '8100000000000-bbbbbbbbbb',
      promiseHours: 24,
      dueAt: '2026-10-21T08:00:00.000Z',
    };
    expect(todoPeople([base, booked], now)).toEqual([]);
    const [item] = todoPeople([base, message, booked], now);
    expect(item).toMatchObject({ id: message.id, callAt, reason: 'promise' });
    expect(item!.records.map((record) => record.id)).toEqual([message.id]);
  });

  it("a call whose hour has passed without an outcome is back, due at the call's start", () => {
    const callAt = '2026-10-20T04:30:00.000Z';
    const booked = { ...base, dueAt: callAt, callAt };
    expect(todoPeople([booked], new Date(Date.parse(callAt) + CALL_OUTCOME_GRACE_MS - 1))).toEqual([]);
    const [item] = todoPeople([booked], new Date(Date.parse(callAt) + CALL_OUTCOME_GRACE_MS + 1));
    expect(item).toMatchObject({ reason: 'call-outcome', dueAt: callAt, overdue: true });
  });
});
