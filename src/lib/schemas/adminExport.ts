import { pageCursor } from './adminApi';
import { z } from './zod';
import { recordKindPlurals } from '../leads/kinds';

// GET /api/admin/export (each collection's time slices) and
// GET /api/admin/export/{kind}/{slice}?cursor= (one slice's CSV rows): the Export
// button's reads (docs/admin.md, "Export"), in place of paging every list 100 records at a time.

export const exportKindSchema = z.enum(recordKindPlurals, { error: 'Unknown collection' });

export const exportSliceParamsSchema = z.object({
  kind: exportKindSchema,
  slice: z.string({ error: 'Slice is required' }).regex(/^\d{4}$/, 'A slice is four digits'),
});

/** Rows per call at most: a busy slice is read in several calls, each short on any store. */
export const EXPORT_PAGE_ROWS = 2000;

export const exportSliceQuerySchema = z.strictObject({
  cursor: pageCursor.optional(),
  limit: z.coerce.number().int().min(1).max(EXPORT_PAGE_ROWS, `At most ${EXPORT_PAGE_ROWS}`).optional(),
});

export interface ExportPlanAnswer {
  slices: Record<z.infer<typeof exportKindSchema>, string[]>;
}

export interface ExportSliceAnswer {
  rows: [string, string, string, string, string, string, string, string, string][];
  nextCursor: string | null;
}
