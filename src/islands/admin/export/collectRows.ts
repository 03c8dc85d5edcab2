import { type ExportRow, bookingRow, contactRow, downloadRow, paymentRow, subscriberRow } from '../../../lib/admin/customerExport';
import { type LeadKind, type LeadRecords, adminApi, leadKinds } from '../api';

const rowBuilders: { [K in LeadKind]: (record: LeadRecords[K]) => ExportRow } = {
  bookings: bookingRow,
  contacts: contactRow,
  payments: paymentRow,
  downloads: downloadRow,
  subscribers: subscriberRow,
};

async function rowsOf<K extends LeadKind>(kind: K, onRecords: (count: number) => void, signal?: AbortSignal): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  await adminApi.leads.eachPage(
    kind,
    (page) => {
      // Records become rows at once and are let go: 50,000 records never sit in memory twice.
      for (const record of page.items) rows.push(rowBuilders[kind](record));
      onRecords(page.items.length);
    },
    signal,
  );
  return rows;
}

/**
 * Every record of the five collections as export rows, in SPEC's order (bookings,
 * contacts, payments, downloads, subscribers), each newest first. A collection's pages
 * come one after another (each cursor comes from the page before); the five
 * collections are read side by side, so at most five requests run at once.
 */
export async function collectExportRows(onProgress: (recordsSoFar: number) => void, signal?: AbortSignal): Promise<ExportRow[]> {
  let soFar = 0;
  const count = (records: number) => {
    soFar += records;
    onProgress(soFar);
  };
  const perKind = await Promise.all(leadKinds.map((kind) => rowsOf(kind, count, signal)));
  return perKind.flat();
}
