import { describe, expect, it } from 'vitest';
import { dueLabel, spanLabel } from '../../src/islands/admin/todo/dueLabel';

describe('to-do due labels', () => {
  it('reads spans in days, hours and minutes', () => {
    expect(spanLabel(12 * 60_000)).toBe('12 min');
    expect(spanLabel(3 * 3_600_000 + 10 * 60_000)).toBe('3 h 10 min');
    expect(spanLabel(2 * 86_400_000 + 5 * 3_600_000)).toBe('2 d 5 h');
    expect(spanLabel(86_400_000)).toBe('1 d');
    expect(spanLabel(5_000)).toBe('1 min');
  });

  it('says overdue or due in', () => {
    const now = Date.parse('2026-11-25T10:00:00Z');
    expect(dueLabel('2026-11-25T08:00:00Z', true, now)).toBe('Overdue by 2 h');
    expect(dueLabel('2026-11-25T10:30:00Z', false, now)).toBe('Due in 30 min');
  });
});
