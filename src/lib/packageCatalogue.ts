import catalogueData from '../../content/packages.json';
import { packageCatalogueSchema, type CoachingPackage } from './schemas/package';

/**
 * The one package catalogue (content/packages.json), validated once on import:
 * a bad edit fails the build and the tests, not a visitor's checkout.
 */
export const packageCatalogue: readonly CoachingPackage[] = packageCatalogueSchema.parse(catalogueData);

export function findPackage(id: string): CoachingPackage | undefined {
  return packageCatalogue.find((item) => item.id === id);
}

/** A price of 0 means "on consultation": booking it books a discovery call, never a payment. */
export function isPaidPackage(item: CoachingPackage): boolean {
  return item.price > 0;
}
