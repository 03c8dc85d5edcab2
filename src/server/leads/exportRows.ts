import type { ExportRow } from '../../lib/admin/customerExport';
import { kindOfPlural } from '../../lib/leads/kinds';
import { EXPORT_PAGE_ROWS, exportKindSchema } from '../../lib/schemas/adminExport';
import { copiedSlices } from '../storage/sliceSnapshots';
import { leadRegistry } from './registry';

// The customer-data export at scale (docs/admin.md, "Export"): the browser asks for the time slices of
// each collection, then for the rows of many slices side by side, and writes the same
// file it always wrote (src/lib/admin/customerExport.ts builds every row, here as there).
// Each call reads one slice's page of records, so a call stays short on any store size.

const exportKinds = exportKindSchema.options;
export type ExportKind = (typeof exportKinds)[number];

interface Source {
  slices(): Promise<string[]>;
  rows(slice: string, cursor: string | null, limit: number): Promise<{ rows: ExportRow[]; nextCursor: string | null }>;
  copyMissingSlices(copied: ReadonlySet<string>, deadline: number): Promise<{ made: number; left: number }>;
}

interface SlicedCollection<Rec> {
  slices(): Promise<string[]>;
  inSlice(
    slice: string,
    page: { cursor?: string | null; limit: number },
  ): Promise<{ items: Rec[]; nextCursor: string | null }>;
  snapshotMissingSlices(copied: ReadonlySet<string>, deadline: number): Promise<{ made: number; left: number }>;
}

function sourceOf<Rec>(collection: SlicedCollection<Rec>, toRow: (record: Rec) => ExportRow): Source {
  return {
    slices: () => collection.slices(),
    copyMissingSlices: (copied, deadline) => collection.snapshotMissingSlices(copied, deadline),
    async rows(slice, cursor, limit) {
      const { items, nextCursor } = await collection.inSlice(slice, { cursor, limit });
      return { rows: items.map(toRow), nextCursor };
    },
  };
}

// Each kind's collection and row, from the registry.
const sources = Object.fromEntries(
  exportKinds.map((kind) => {
    const { collection, definition } = leadRegistry[kindOfPlural(kind)!] as unknown as {
      collection: SlicedCollection<never>;
      definition: { exportRow(record: never): ExportRow };
    };
    return [kind, sourceOf(collection, definition.exportRow)];
  }),
) as Record<ExportKind, Source>;

/**
 * The minute job's part (after everything a lead needs): a copy of each slice that has
 * none, so the owner's export reads two blobs a slice, not one per record. Returns how
 * many were made and how many are still missing.
 */
export async function snapshotExportSlices(deadline: number): Promise<{ made: number; left: number }> {
  const copied = await copiedSlices();
  let made = 0;
  let left = 0;
  for (const kind of exportKinds) {
    const report = await sources[kind].copyMissingSlices(copied, deadline);
    made += report.made;
    left += report.left;
  }
  return { made, left };
}

/** GET /api/admin/export: each collection's time slices, newest first. */
export async function exportPlan(): Promise<{ slices: Record<ExportKind, string[]> }> {
  const lists = await Promise.all(exportKinds.map((kind) => sources[kind].slices()));
  return {
    slices: Object.fromEntries(exportKinds.map((kind, index) => [kind, lists[index]!])) as Record<ExportKind, string[]>,
  };
}

/** GET /api/admin/export/{kind}/{slice}?cursor=&limit=: one slice's rows, newest first. */
export function exportSliceRows(kind: ExportKind, slice: string, cursor: string | null, limit = EXPORT_PAGE_ROWS) {
  return sources[kind].rows(slice, cursor, limit);
}
