import type { ExportRow } from '../../../lib/admin/customerExport';
import type { ExportPlanAnswer, ExportSliceAnswer } from '../../../lib/schemas/adminExport';
import { type LeadKind, leadKinds } from '../api';
import { adminRequest } from '../api/request';

/** Calls in flight at once: enough to keep the server's Blobs reads busy, few enough for a phone. */
export const EXPORT_CONCURRENCY = 6;

/** Where the rows come from: the admin's export API, or (in tests) its handlers. */
export interface ExportReader {
  plan(): Promise<ExportPlanAnswer>;
  slice(kind: LeadKind, slice: string, cursor: string | null): Promise<ExportSliceAnswer>;
}

export function exportApiReader(signal?: AbortSignal): ExportReader {
  const options = signal ? { signal } : {};
  return {
    plan: async () => (await adminRequest<ExportPlanAnswer>('GET', '/api/admin/export', options)).data,
    slice: async (kind, slice, cursor) => {
      const query = cursor ? `?${new URLSearchParams({ cursor })}` : '';
      return (await adminRequest<ExportSliceAnswer>('GET', `/api/admin/export/${kind}/${slice}${query}`, options)).data;
    },
  };
}

/**
 * Every record of every collection as export rows, in the dashboard's order (leadKinds,
 * the kinds of src/lib/leads/kinds.ts), each newest first: the rows the server builds per
 * time slice, many slices read side by side and put back in order. A slice's pages follow
 * one another (each cursor comes from the page before).
 */
export async function collectRowsFrom(
  reader: ExportReader,
  onProgress: (recordsSoFar: number) => void,
  concurrency = EXPORT_CONCURRENCY,
): Promise<ExportRow[]> {
  const { slices } = await reader.plan();
  const tasks = leadKinds.flatMap((kind) => (slices[kind] ?? []).map((slice) => ({ kind, slice })));
  const results: ExportRow[][] = new Array(tasks.length);
  let soFar = 0;
  let next = 0;
  const work = async () => {
    while (next < tasks.length) {
      const index = next;
      next += 1;
      const { kind, slice } = tasks[index]!;
      const rows: ExportRow[] = [];
      let cursor: string | null = null;
      do {
        const page: ExportSliceAnswer = await reader.slice(kind, slice, cursor);
        rows.push(...page.rows);
        soFar += page.rows.length;
        onProgress(soFar);
        cursor = page.nextCursor;
      } while (cursor);
      results[index] = rows;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, work));
  return results.flat();
}

export function collectExportRows(
  onProgress: (recordsSoFar: number) => void,
  signal?: AbortSignal,
): Promise<ExportRow[]> {
  return collectRowsFrom(exportApiReader(signal), onProgress);
}
