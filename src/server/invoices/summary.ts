import Papa from 'papaparse';
import type { InvoiceDocument } from '../../lib/schemas/invoice';

// The accountant's monthly summary (docs/payments.md, "GST invoices"): one row per place of supply with the taxable
// value, each tax and the total, invoices adding and credit notes taking away, then a row of
// totals. Sums are kept in paise (whole numbers), so the rows add up to the totals exactly.

export interface SummaryRow {
  state: string;
  stateCode: string;
  invoices: number;
  creditNotes: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

const NOT_STATED = 'Not stated';

function emptyRow(state: string, stateCode: string): SummaryRow {
  return {
    state,
    stateCode,
    invoices: 0,
    creditNotes: 0,
    taxablePaise: 0,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: 0,
    totalPaise: 0,
  };
}

/** The rows by state (alphabetical) and the totals row; a credit note counts against its invoice's state. */
export function summariseDocuments(documents: readonly InvoiceDocument[]): { rows: SummaryRow[]; totals: SummaryRow } {
  const byState = new Map<string, SummaryRow>();
  const totals = emptyRow('Total', '');
  for (const document of documents) {
    const state = document.recipient.state ?? NOT_STATED;
    const row = byState.get(state) ?? emptyRow(state, document.recipient.stateCode ?? '');
    byState.set(state, row);
    const sign = document.kind === 'credit-note' ? -1 : 1;
    for (const target of [row, totals]) {
      if (sign > 0) target.invoices += 1;
      else target.creditNotes += 1;
      target.taxablePaise += sign * document.amounts.taxablePaise;
      target.cgstPaise += sign * document.amounts.cgstPaise;
      target.sgstPaise += sign * document.amounts.sgstPaise;
      target.igstPaise += sign * document.amounts.igstPaise;
      target.totalPaise += sign * document.amounts.totalPaise;
    }
  }
  const rows = [...byState.values()].sort((a, b) =>
    a.state === NOT_STATED ? 1 : b.state === NOT_STATED ? -1 : a.state.localeCompare(b.state),
  );
  return { rows, totals };
}

/** Paise as rupees with two decimals and no grouping, as spreadsheets read them: -80840 -> "-808.40". */
export function rupeesCell(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const SUMMARY_COLUMNS = [
  'Place of supply',
  'State code',
  'Invoices',
  'Credit notes',
  'Taxable value',
  'CGST',
  'SGST',
  'IGST',
  'Total',
] as const;

/** The month's summary as CSV (papaparse quotes what needs it). */
export function summaryCsv(documents: readonly InvoiceDocument[]): string {
  const { rows, totals } = summariseDocuments(documents);
  const cells = (row: SummaryRow) => [
    row.state,
    row.stateCode,
    String(row.invoices),
    String(row.creditNotes),
    rupeesCell(row.taxablePaise),
    rupeesCell(row.cgstPaise),
    rupeesCell(row.sgstPaise),
    rupeesCell(row.igstPaise),
    rupeesCell(row.totalPaise),
  ];
  return Papa.unparse({ fields: [...SUMMARY_COLUMNS], data: [...rows.map(cells), cells(totals)] });
}
