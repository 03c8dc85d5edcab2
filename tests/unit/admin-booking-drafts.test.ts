import { describe, expect, it } from 'vitest';
import {
  type BookingDraft,
  changedFields,
  clearDraft,
  formValuesOf,
  readDrafts,
  saveDraft,
} from '../../src/islands/admin/bookings/bookingDrafts';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    items,
  };
}

const base = { fullName: 'Priya Raghavan', mobile: '9845012345', currentStage: 'Analyst', notes: '' };
const draft = (bookingId: string, fullName: string): BookingDraft => ({
  bookingId,
  label: 'Priya Raghavan',
  etag: '"v1"',
  base,
  values: { ...base, fullName },
  savedAt: '2026-11-21T09:00:00.000Z',
});

describe('booking drafts kept in the tab', () => {
  it('keeps one draft per booking, the latest', () => {
    const store = memoryStorage();
    saveDraft(draft('a', 'Priya R'), store);
    saveDraft(draft('b', 'Arjun'), store);
    saveDraft(draft('a', 'Priya Raghavan Iyer'), store);
    const drafts = readDrafts(store);
    expect(drafts.map((item) => [item.bookingId, item.values.fullName])).toEqual([
      ['b', 'Arjun'],
      ['a', 'Priya Raghavan Iyer'],
    ]);
    expect(drafts[1]?.etag).toBe('"v1"');
  });
  it('forgets a draft once saved or cancelled', () => {
    const store = memoryStorage();
    saveDraft(draft('a', 'x'), store);
    saveDraft(draft('b', 'y'), store);
    clearDraft('a', store);
    expect(readDrafts(store).map((item) => item.bookingId)).toEqual(['b']);
  });
  it('ignores damaged or foreign data instead of failing the dashboard', () => {
    const store = memoryStorage();
    store.setItem('ccc-admin:booking-drafts', '{not json');
    expect(readDrafts(store)).toEqual([]);
    store.setItem('ccc-admin:booking-drafts', JSON.stringify([{ bookingId: 'a' }, draft('b', 'ok')]));
    expect(readDrafts(store).map((item) => item.bookingId)).toEqual(['b']);
    expect(readDrafts(null)).toEqual([]);
  });
});

describe('changed fields', () => {
  it('sends only what changed, trimmed, and notes as typed', () => {
    const before = formValuesOf({ ...base, notes: undefined });
    expect(changedFields(before, { ...before, fullName: ' Priya R ', notes: ' call after 6 ' })).toEqual({
      fullName: 'Priya R',
      notes: ' call after 6 ',
    });
  });
  it('finds nothing when only spaces were added around a field', () => {
    expect(changedFields(base, { ...base, mobile: ' 9845012345 ' })).toEqual({});
  });
});
