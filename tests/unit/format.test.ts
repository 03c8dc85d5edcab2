import { describe, expect, it } from 'vitest';
import { formatCount, formatDateLongIN, formatPackagePrice, formatRupees } from '../../src/lib/format';

describe('rupee formatting', () => {
  it('groups in the Indian system', () => {
    expect(formatRupees(10599)).toBe('₹10,599');
    expect(formatRupees(350000)).toBe('₹3,50,000');
    expect(formatRupees(23000000)).toBe('₹2,30,00,000');
    expect(formatRupees(999)).toBe('₹999');
  });
  it('rounds to whole rupees', () => {
    expect(formatRupees(6499.4)).toBe('₹6,499');
  });
  it('shows a zero price as on consultation', () => {
    expect(formatPackagePrice(0)).toBe('Price on consultation');
    expect(formatPackagePrice(5500)).toBe('₹5,500');
  });
  it('groups counts', () => {
    expect(formatCount(3725)).toBe('3,725');
    expect(formatCount(350000)).toBe('3,50,000');
  });
});

describe('long Indian dates', () => {
  it('writes day month year', () => {
    expect(formatDateLongIN('2026-11-21T10:00:00Z')).toBe('21 November 2026');
  });
  it('uses IST, not the server clock, near midnight', () => {
    expect(formatDateLongIN('2026-11-21T20:00:00Z')).toBe('22 November 2026');
  });
  it('returns null for missing or bad dates', () => {
    expect(formatDateLongIN(undefined)).toBeNull();
    expect(formatDateLongIN('')).toBeNull();
    expect(formatDateLongIN('not a date')).toBeNull();
  });
});
