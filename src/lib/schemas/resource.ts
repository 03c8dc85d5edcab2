import { z } from './zod';

export const resourceTypes = ['guide', 'template', 'video', 'tool'] as const;

export const resourceSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  type: z.enum(resourceTypes),
  title: z.string().min(1),
  description: z.string().min(1),
  downloadUrl: z.string().startsWith('/api/download/').nullable(),
  fileName: z
    .string()
    .regex(/^[a-z0-9-]+\.pdf$/)
    .nullable(),
});
export type Resource = z.infer<typeof resourceSchema>;
