import { expect, test } from 'vitest';
import { parseSendAfterKey, sendAfterKey } from '../../src/server/queue/sendAfter';

test('scheduled work is kept under the UTC hour it falls due, and its key gives back its time and name', () => {
  const due = Date.parse('2026-11-27T23:59:30Z');
  const key = sendAfterKey('reminders/', due, 'day.a.b');
  expect(key).toBe(`reminders/2026-11-27T23/${due}.day.a.b`);
  expect(parseSendAfterKey(key)).toEqual({ key, dueMs: due, name: 'day.a.b' });
  expect(parseSendAfterKey('reminders/2026-11-27T23/by-hand')).toMatchObject({ dueMs: null });
});
