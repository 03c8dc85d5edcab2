import Papa from 'papaparse';
import { describe, expect, test } from 'vitest';
import type { InvoiceDocument } from '../../src/lib/schemas/invoice';
import { rupeesCell, summariseDocuments, summaryCsv } from '../../src/server/invoices/summary';

function document(
  kind: InvoiceDocument['kind'],
  state: InvoiceDocument['recipient']['state'],
  amounts: Partial<InvoiceDocument['amounts']>,
): InvoiceDocument {
  return {
    id: `inv_${Math.random().toString(36).slice(2, 8)}`,
    kind,
    serial: 'CCC/26-27/0001',
    sequence: 1,
    financialYear: '26-27',
    issuedAt: '2026-11-25T10:00:00.000Z',
    month: '2026-11',
    paymentId: 'p',
    refundId: null,
    supplier: { gstin: null, legalName: 'L', address: 'A', state: 'Karnataka', stateCode: '29' },
    recipient: { name: 'N', state, stateCode: state === 'Karnataka' ? '29' : state === 'Tamil Nadu' ? '33' : null },
    description: 'D',
    sac: '999293',
    amounts: { totalPaise: 0, taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxKind: null, ...amounts },
    amountInWords: '',
    original: null,
    reason: null,
  };
}

const within = {
  totalPaise: 1059900,
  taxablePaise: 898220,
  cgstPaise: 80840,
  sgstPaise: 80840,
  taxKind: 'intra-state' as const,
};
const across = { totalPaise: 1059900, taxablePaise: 898220, igstPaise: 161680, taxKind: 'inter-state' as const };

describe('the monthly GST summary', () => {
  test('one row per place of supply, credit notes subtracting, totals the sum of the rows', () => {
    const { rows, totals } = summariseDocuments([
      document('tax-invoice', 'Tamil Nadu', across),
      document('tax-invoice', 'Karnataka', within),
      document('tax-invoice', 'Karnataka', within),
      document('credit-note', 'Karnataka', {
        totalPaise: 500000,
        taxablePaise: 423730,
        cgstPaise: 38135,
        sgstPaise: 38135,
        taxKind: 'intra-state',
      }),
      document('receipt', null, { totalPaise: 649900, taxablePaise: 649900 }),
    ]);
    expect(rows.map((row) => row.state)).toEqual(['Karnataka', 'Tamil Nadu', 'Not stated']);
    expect(rows[0]).toEqual({
      state: 'Karnataka',
      stateCode: '29',
      invoices: 2,
      creditNotes: 1,
      taxablePaise: 2 * 898220 - 423730,
      cgstPaise: 2 * 80840 - 38135,
      sgstPaise: 2 * 80840 - 38135,
      igstPaise: 0,
      totalPaise: 2 * 1059900 - 500000,
    });
    expect(rows[1]).toMatchObject({ invoices: 1, igstPaise: 161680, cgstPaise: 0 });
    for (const field of [
      'taxablePaise',
      'cgstPaise',
      'sgstPaise',
      'igstPaise',
      'totalPaise',
      'invoices',
      'creditNotes',
    ] as const) {
      expect(totals[field]).toBe(rows.reduce((sum, row) => sum + row[field], 0));
    }
    expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(totals.totalPaise);
  });

  test('rupees with two decimals, negatives kept, in a CSV with a totals row', () => {
    expect(rupeesCell(898220)).toBe('8982.20');
    expect(rupeesCell(-38135)).toBe('-381.35');
    expect(rupeesCell(5)).toBe('0.05');
    const csv = summaryCsv([
      document('tax-invoice', 'Karnataka', within),
      document('credit-note', 'Karnataka', { ...within, totalPaise: 1059900 }),
    ]);
    const parsed = Papa.parse<string[]>(csv).data;
    expect(parsed[0]).toEqual([
      'Place of supply',
      'State code',
      'Invoices',
      'Credit notes',
      'Taxable value',
      'CGST',
      'SGST',
      'IGST',
      'Total',
    ]);
    expect(parsed[1]).toEqual(['Karnataka', '29', '1', '1', '0.00', '0.00', '0.00', '0.00', '0.00']);
    expect(parsed[2]![0]).toBe('Total');
    expect(summaryCsv([])).toBe(
      'Place of supply,State code,Invoices,Credit notes,Taxable value,CGST,SGST,IGST,Total\r\nTotal,,0,0,0.00,0.00,0.00,0.00,0.00',
    );
  });
});
