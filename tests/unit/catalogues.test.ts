import { describe, expect, it } from 'vitest';
import { findPackage, isPaidPackage, packageCatalogue } from '../../src/lib/packageCatalogue';
import { findResource, resourceCatalogue } from '../../src/lib/resourceCatalogue';

describe('package catalogue', () => {
  it('holds the packages and prices of DECISIONS 3', () => {
    const prices = Object.fromEntries(packageCatalogue.map((item) => [item.id, item.price]));
    expect(prices).toMatchObject({
      discover: 5500,
      'discover-plus': 15000,
      achieve: 5999,
      'achieve-plus': 10599,
      ascend: 6499,
      'ascend-plus': 10599,
    });
    expect(packageCatalogue.filter((item) => item.isPopular).map((item) => item.id)).toEqual(['ascend-plus']);
  });

  it('books senior and life coaching as discovery calls (price on consultation)', () => {
    const senior = findPackage('senior-transition');
    expect(senior && isPaidPackage(senior)).toBe(false);
    expect(findPackage('nope')).toBeUndefined();
  });
});

describe('resource catalogue', () => {
  it('lists the two downloadable resources', () => {
    expect(findResource('executive-guide')?.downloadUrl).toBe('/api/download/executive-guide');
    expect(findResource('corporate-brochure')?.downloadUrl).toBe('/api/download/corporate-brochure');
    expect(resourceCatalogue.length).toBeGreaterThanOrEqual(2);
  });
});
