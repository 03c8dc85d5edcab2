import { z } from './zod';

/** A coaching package of the catalogue (SPEC 3, DECISIONS 3). Price in whole rupees; 0 = on consultation. */
export const packageSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  price: z.number().int().min(0),
  targetAudience: z.string().min(1),
  description: z.string().min(1),
  features: z.array(z.string().min(1)).min(1),
  isPopular: z.boolean(),
  duration: z.string().optional(),
});
export type CoachingPackage = z.infer<typeof packageSchema>;

export const packageCatalogueSchema = z
  .array(packageSchema)
  .refine((list) => new Set(list.map((item) => item.id)).size === list.length, 'Package ids must be unique');
