import { describe, expect, it } from 'vitest';
import { personName } from '../../src/lib/schemas/fields';
import { lettersOf, uniqueName } from '../support/names';

describe('names for test data', () => {
  it('writes numbers in letters, one word per number', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(lettersOf)).toEqual(['a', 'b', 'z', 'aa', 'ab', 'zz', 'aaa']);
    const words = new Set(Array.from({ length: 5000 }, (_, n) => lettersOf(n)));
    expect(words.size).toBe(5000);
  });

  it('refuses what is not a whole number from 0', () => {
    expect(() => lettersOf(-1)).toThrow(RangeError);
    expect(() => lettersOf(1.5)).toThrow(RangeError);
  });

  it('makes names the person-name rule accepts, unchanged', () => {
    for (const name of [`Lead ${lettersOf(12345)}`, uniqueName('Caller'), uniqueName("Meera O'Brien-Iyer")]) {
      expect(personName.parse(name)).toBe(name);
    }
  });

  it('gives a new name at every call', () => {
    const names = new Set(Array.from({ length: 1000 }, () => uniqueName('Lead')));
    expect(names.size).toBe(1000);
    expect(uniqueName('Lead')).toMatch(/^Lead [a-z]+$/);
  });
});
