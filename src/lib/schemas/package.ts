import { z } from './zod';

/** The most sessions one purchase can carry: a package, or a fee agreed after the call. */
export const MAX_SESSIONS = 20;

/** How many coaching sessions come with a purchase: 0 when they are agreed after a consultation. */
export const sessionCount = z
  .number({ error: 'Sessions must be a whole number' })
  .int('Sessions must be a whole number')
  .min(0, 'Sessions cannot be negative')
  .max(MAX_SESSIONS, `At most ${MAX_SESSIONS} sessions`);

/**
 * A coaching package of the catalogue (docs/decisions/0003-package-catalogue-as-content.md).
 * Price in whole rupees; 0 = on consultation. `sessions` and `sessionMinutes` come from
 * src/lib/packageCatalogue.ts.
 */
export const packageSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  name: z.string().min(1),
  price: z.number().int().min(0),
  targetAudience: z.string().min(1),
  description: z.string().min(1),
  features: z.array(z.string().min(1)).min(1),
  isPopular: z.boolean(),
  duration: z.string().optional(),
  /** For school students (classes 8-12): its popup asks class, school and a parent (docs/privacy.md, "Students"). */
  forStudents: z.boolean().default(false),
  /** Coaching sessions the client books after paying. */
  sessions: sessionCount,
  /** The length of one session: what the calendar holds for it. */
  sessionMinutes: z.number().int().min(15).max(180),
});
export type CoachingPackage = z.infer<typeof packageSchema>;

export const packageCatalogueSchema = z
  .array(packageSchema)
  .refine((list) => new Set(list.map((item) => item.id)).size === list.length, 'Package ids must be unique');
