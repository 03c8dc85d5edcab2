import type { StoreName } from '../../src/lib/privacy/inventory';

/**
 * A store only a test of the storage core opens, outside the data inventory on purpose: the
 * core is tested on data of its own, never on a store the site keeps people in.
 */
export const scratchStore = (name: `test-${string}`) => name as string as StoreName;
