import { describe, expect, test } from 'vitest';
import { dataInventory, storeNames } from '../../src/lib/privacy/inventory';
import type { PersonalData } from '../../src/lib/privacy/storeEntry';
import { siteProgram, storesOpened } from '../support/storesOpened';

// The data inventory (docs/privacy.md) lists every Blobs store the site opens: found here by
// the TypeScript checker over src/ and netlify/functions/, so a feature that opens a new store
// without declaring what it holds about people fails this test (and the type check).

const program = siteProgram();
const found = storesOpened(program);

describe('the data inventory', () => {
  test('lists every store the code opens, and nothing it does not open', () => {
    expect(found.unchecked).toEqual([]);
    expect(found.pastTheDoor).toEqual([]);
    const opened = [...found.opened.keys()].sort();
    expect(opened.filter((name) => !storeNames.includes(name as never))).toEqual([]);
    expect(storeNames.filter((name) => !found.opened.has(name)).sort()).toEqual([]);
    expect(opened).toHaveLength(storeNames.length);
  });

  test('the check finds a store opened without an entry, a name it cannot check, and a way past the one door', () => {
    const file = 'src/server/newFeature/store.ts';
    const probe = storesOpened(
      siteProgram({
        [file]: [
          `import { getStore } from '@netlify/blobs';`,
          `import type { StoreName } from '../../lib/privacy/inventory';`,
          `import { collectionStore } from '../storage/blobs';`,
          `// @ts-expect-error -- a store the inventory does not list is a type error too`,
          `export const fresh = () => collectionStore('brand-new-store');`,
          `export const cast = (name: string) => collectionStore(name as StoreName);`,
          `export const past = () => getStore('sneaky');`,
        ].join('\n'),
      }),
      (name) => name.endsWith(file),
    );
    expect([...probe.opened.keys()]).toEqual(['brand-new-store']);
    expect(probe.pastTheDoor.map((place) => place.text)).toEqual(["getStore('sneaky')"]);
    expect(probe.unchecked.map((place) => place.text)).toEqual(['name as StoreName']);
  });

  test('every store that holds a person says how to find and erase them, and what the law keeps', () => {
    for (const name of storeNames) {
      const person = dataInventory[name].person as PersonalData | null;
      if (!person) continue;
      expect(person.fields.length, name).toBeGreaterThan(0);
      // Found by phone, e-mail or a record's id, unless the records leave by themselves.
      if (person.onErase !== 'expires') expect(person.findBy.length, name).toBeGreaterThan(0);
      // Kept past erasure only under a law, for the law's time.
      expect(person.onErase === 'keep-for-law', name).toBe(person.retention.kind === 'legal');
      // A record the law keeps is kept under a legal duty (answering a request is one too, kept only until done).
      if (person.retention.kind === 'legal') expect(person.ground, name).toBe('legal-duty');
    }
  });
});
