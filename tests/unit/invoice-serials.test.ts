import { describe, expect, it } from 'vitest';
import { financialYearOf } from '../../src/server/invoices/financialYear';
import {
  MAX_PREFIX_LENGTH,
  SerialFormatError,
  formatSerial,
  invoicePrefixProblem,
} from '../../src/server/invoices/serialFormat';

describe('financialYearOf (April to March, by the date in India)', () => {
  it('names the year a date falls in', () => {
    expect(financialYearOf(new Date('2026-11-25T10:00:00Z'))).toBe('26-27');
    expect(financialYearOf(new Date('2027-02-01T10:00:00Z'))).toBe('26-27');
    expect(financialYearOf(new Date('2026-04-01T10:00:00Z'))).toBe('26-27');
    expect(financialYearOf(new Date('2026-03-31T10:00:00Z'))).toBe('25-26');
  });

  it('turns the year at midnight IST, not UTC', () => {
    // 23:59:59 IST on 31 March 2027, then 00:00 IST on 1 April (18:30 UTC the day before).
    expect(financialYearOf(new Date('2027-03-31T18:29:59.999Z'))).toBe('26-27');
    expect(financialYearOf(new Date('2027-03-31T18:30:00Z'))).toBe('27-28');
  });

  it('wraps at the century and refuses an invalid date', () => {
    expect(financialYearOf(new Date('2099-06-01T00:00:00Z'))).toBe('99-00');
    expect(financialYearOf(new Date('2100-01-15T00:00:00Z'))).toBe('99-00');
    expect(() => financialYearOf(new Date('not a date'))).toThrow(RangeError);
  });
});

describe('formatSerial', () => {
  it('writes CCC/26-27/0001 for invoices and CN/26-27/0001 for credit notes, both within 16 characters', () => {
    expect(formatSerial('invoice', 'CCC', '26-27', 1)).toBe('CCC/26-27/0001');
    expect(formatSerial('invoice', 'CCC', '26-27', 42)).toBe('CCC/26-27/0042');
    expect(formatSerial('credit-note', 'CCC', '26-27', 1)).toBe('CN/26-27/0001');
    expect(formatSerial('invoice', 'ABCDE', '26-27', 9999)).toBe('ABCDE/26-27/9999');
    expect(formatSerial('invoice', 'ABCDE', '26-27', 9999)).toHaveLength(16);
  });

  it('grows past 9,999 while it fits and refuses a serial over 16 characters', () => {
    expect(formatSerial('invoice', 'CCC', '26-27', 12345)).toBe('CCC/26-27/12345');
    expect(formatSerial('credit-note', 'CCC', '26-27', 123)).toBe('CN/26-27/0123');
    expect(() => formatSerial('invoice', 'ABCDE', '26-27', 10000)).toThrow(SerialFormatError);
    expect(() => formatSerial('invoice', 'CCC', '26-27', 0)).toThrow(SerialFormatError);
    expect(() => formatSerial('invoice', 'CCC', '26-27', 1.5)).toThrow(SerialFormatError);
    expect(() => formatSerial('invoice', 'CCC', '2026-27', 1)).toThrow(SerialFormatError);
  });

  it("validates the prefix: capitals and digits, at most 5, never the credit notes' CN", () => {
    expect(MAX_PREFIX_LENGTH).toBe(5);
    expect(invoicePrefixProblem('CCC')).toBeNull();
    expect(invoicePrefixProblem('INV26')).toBeNull();
    expect(invoicePrefixProblem('ABCDEF')).toMatch(/at most 5/);
    expect(invoicePrefixProblem('ccc')).toMatch(/capital/);
    expect(invoicePrefixProblem('C/C')).toMatch(/capital/);
    expect(invoicePrefixProblem('')).toMatch(/capital/);
    expect(invoicePrefixProblem('CN')).toMatch(/credit notes/);
    expect(() => formatSerial('invoice', 'TOOLONG', '26-27', 1)).toThrow(/at most 5/);
  });
});
