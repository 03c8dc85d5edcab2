import { describe, expect, it } from 'vitest';
import type { TodoEntry } from '../../src/lib/schemas/todo';
import { KEY_STAGE_CHARS, entryOfTodoKey, todoKey } from '../../src/server/indexes/todo/pendingIndex';

const entry: TodoEntry = {
  kind: 'booking',
  id: '8205123456789-0a1b2c3d4e',
  name: 'Ananya Iyer अनन्या',
  phone: '+91 98450 11111',
  email: 'ananya@example.in',
  createdAt: '2026-11-27T11:30:00.000Z',
  dueAt: '2026-11-30T06:30:00.000Z',
  promiseHours: 4,
};

describe('to-do index keys', () => {
  it('carry the whole entry, due time first after the lead, so a listing needs no reads', () => {
    const key = todoKey(entry);
    expect(key.startsWith(`pending/booking.${entry.id}.${String(Date.parse(entry.dueAt)).padStart(13, '0')}.`)).toBe(
      true,
    );
    // No stage and no call: both read as not given.
    expect(entryOfTodoKey(key)).toEqual({ ...entry, stage: null, callAt: null });
    expect(entryOfTodoKey(todoKey({ ...entry, kind: 'contact', email: null }))).toEqual({
      ...entry,
      kind: 'contact',
      email: null,
      stage: null,
      callAt: null,
    });
  });

  it('carry the stage (cut to what the to-do shows) and the booked call', () => {
    const stage = 'Not given (booked a time from the contact form)';
    const callAt = '2026-10-20T09:00:00.000Z';
    const key = todoKey({ ...entry, stage, callAt });
    expect(Buffer.byteLength(key) - 'pending/'.length).toBeLessThanOrEqual(255);
    expect(entryOfTodoKey(key)).toEqual({ ...entry, stage: [...stage].slice(0, KEY_STAGE_CHARS).join(''), callAt });
  });

  it('fall back to the blob when the details would make the key too long', () => {
    const long = { ...entry, email: `${'a'.repeat(240)}@example.in`, name: 'अ'.repeat(100) };
    const key = todoKey(long);
    expect(Buffer.byteLength(key)).toBeLessThan(600);
    expect(key.endsWith('.-')).toBe(true);
    expect(entryOfTodoKey(key)).toBe('body');
  });

  it('ignore keys that are not entries', () => {
    expect(entryOfTodoKey('pending/booking/x')).toBeNull();
    expect(entryOfTodoKey('pending/payment.8205123456789-0a1b2c3d4e.0000000000001.e30')).toBeNull();
    expect(entryOfTodoKey(`pending/booking.${entry.id}.1795000000000.not-base64-json`)).toBeNull();
  });
});
