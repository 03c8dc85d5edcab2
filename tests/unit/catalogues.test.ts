import { describe, expect, it } from 'vitest';
import { findPackage, isPaidPackage, packageCatalogue } from '../../src/lib/packageCatalogue';
import { findResource, resourceCatalogue } from '../../src/lib/resourceCatalogue';

describe('package catalogue', () => {
  // The prices of docs/decisions/0003-package-catalogue-as-content.md.
  it('holds the packages and their prices', () => {
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

  it('says how many sessions each package includes and how long one is (Ascend 1, Ascend Plus 3)', () => {
    const sessions = Object.fromEntries(
      packageCatalogue.map((item) => [item.id, [item.sessions, item.sessionMinutes]]),
    );
    expect(sessions).toEqual({
      discover: [1, 60],
      'discover-plus': [4, 60],
      achieve: [1, 90],
      'achieve-plus': [3, 90],
      ascend: [1, 90],
      'ascend-plus': [3, 90],
      // Scoped after the free consultation: the payment request carries the sessions.
      'senior-transition': [0, 90],
      'life-coaching': [0, 60],
    });
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
