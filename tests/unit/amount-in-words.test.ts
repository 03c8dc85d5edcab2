import { describe, expect, it } from 'vitest';
import { amountInWords, wholeNumberInWords } from '../../src/server/invoices/amountInWords';

describe('wholeNumberInWords (Indian numbering)', () => {
  it.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [13, 'Thirteen'],
    [20, 'Twenty'],
    [45, 'Forty-Five'],
    [100, 'One Hundred'],
    [101, 'One Hundred One'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1000, 'One Thousand'],
    [10_599, 'Ten Thousand Five Hundred Ninety-Nine'],
    [99_999, 'Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [100_000, 'One Lakh'],
    [250_000, 'Two Lakh Fifty Thousand'],
    [500_000, 'Five Lakh'],
    [1_234_567, 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven'],
    [10_000_000, 'One Crore'],
    [10_000_001, 'One Crore One'],
    [99_99_99_999, 'Ninety-Nine Crore Ninety-Nine Lakh Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_00_00_000, 'One Hundred Crore'],
    [
      1234_56_78_901,
      'One Thousand Two Hundred Thirty-Four Crore Fifty-Six Lakh Seventy-Eight Thousand Nine Hundred One',
    ],
  ])('%i -> %s', (value, words) => {
    expect(wholeNumberInWords(value)).toBe(words);
  });

  it('refuses what is not a whole number from 0', () => {
    for (const value of [-1, 2.5, Number.NaN]) expect(() => wholeNumberInWords(value)).toThrow(RangeError);
  });
});

describe('amountInWords (rupees and paise)', () => {
  it('writes an invoice total', () => {
    expect(amountInWords(1_059_900)).toBe('Rupees Ten Thousand Five Hundred Ninety-Nine Only');
    expect(amountInWords(649_900)).toBe('Rupees Six Thousand Four Hundred Ninety-Nine Only');
    expect(amountInWords(50_000_000)).toBe('Rupees Five Lakh Only');
  });

  it('adds the paise, singular for one', () => {
    expect(amountInWords(1_059_950)).toBe('Rupees Ten Thousand Five Hundred Ninety-Nine and Fifty Paise Only');
    expect(amountInWords(100_001)).toBe('Rupees One Thousand and One Paisa Only');
    expect(amountInWords(898_222)).toBe('Rupees Eight Thousand Nine Hundred Eighty-Two and Twenty-Two Paise Only');
  });

  it('handles 0, 1 paise and amounts below a rupee', () => {
    expect(amountInWords(0)).toBe('Rupees Zero Only');
    expect(amountInWords(1)).toBe('One Paisa Only');
    expect(amountInWords(99)).toBe('Ninety-Nine Paise Only');
    expect(amountInWords(100)).toBe('Rupees One Only');
  });

  it('writes crores', () => {
    expect(amountInWords(12_34_56_789_05)).toBe(
      'Rupees Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine and Five Paise Only',
    );
  });

  it('refuses a negative or fractional total', () => {
    expect(() => amountInWords(-100)).toThrow(RangeError);
    expect(() => amountInWords(10.5)).toThrow(RangeError);
  });
});
