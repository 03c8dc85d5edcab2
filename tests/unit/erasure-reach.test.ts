import { describe, expect, test } from 'vitest';
import { dataInventory, storeNames } from '../../src/lib/privacy/inventory';
import type { PersonalData } from '../../src/lib/privacy/storeEntry';
import { erasureReach } from '../../src/server/privacy/erase';

// Erasure reaches every store that holds a person (docs/privacy.md, "Erasure"): the reach table
// has a line for each, and each line does what the inventory says erasing does to the store.
// (The type makes a missing line a compile error; tests/api/privacy-rights.test.ts reads every
// store back after a real erasure.)

const expected = { delete: 'erased', 'keep-for-law': 'kept-for-law', expires: 'expires' } as const;

describe('erasure reach', () => {
  test('every personal store has its line, and it matches what the inventory says erasing does', () => {
    const personal = storeNames.filter((name) => dataInventory[name].person !== null);
    expect(Object.keys(erasureReach).sort()).toEqual([...personal].sort());
    for (const name of personal) {
      const person = dataInventory[name].person as PersonalData;
      expect(erasureReach[name as keyof typeof erasureReach].how, name).toBe(expected[person.onErase]);
    }
  });
});
