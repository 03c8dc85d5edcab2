import resourceData from '../../content/resources.json';
import { resourceSchema, type Resource } from './schemas/resource';

export const resourceCatalogue: readonly Resource[] = resourceSchema.array().parse(resourceData);

export function findResource(id: string): Resource | undefined {
  return resourceCatalogue.find((item) => item.id === id);
}
