import { describe, expect, test } from 'vitest';
import type { InvoiceDocument } from '../../src/lib/schemas/invoice';
import { amountRows, formatPaise, renderDocumentPdf } from '../../src/server/invoices/pdf';
import { pdfText } from '../support/pdfText';

const invoice: InvoiceDocument = {
  id: 'inv_8204406267999-abcdef0123',
  kind: 'tax-invoice',
  serial: 'CCC/26-27/0007',
  sequence: 7,
  financialYear: '26-27',
  issuedAt: '2026-11-25T10:00:00.000Z',
  month: '2026-11',
  paymentId: '8204406267999-abcdef0123',
  refundId: null,
  supplier: { gstin: '29ABCDE1234F1Z5', legalName: 'CCC Edu Careers LLP', address: '12 MG Road, Bengaluru 560001', state: 'Karnataka', stateCode: '29' },
  recipient: { name: 'Priya Raman', state: 'Tamil Nadu', stateCode: '33' },
  description: 'Ascend Plus',
  sac: '999293',
  amounts: { totalPaise: 1059900, taxablePaise: 898220, cgstPaise: 0, sgstPaise: 0, igstPaise: 161680, taxKind: 'inter-state' },
  amountInWords: 'Rupees Ten Thousand Five Hundred Ninety-Nine Only',
  original: null,
  reason: null,
};

describe('invoice PDF', () => {
  test('figures in Indian grouping with the rupee sign', () => {
    expect(formatPaise(1059900)).toBe('₹10,599.00');
    expect(formatPaise(35000050)).toBe('₹3,50,000.50');
  });

  test('the amounts table: IGST for another state, CGST + SGST within, one line for a receipt', () => {
    expect(amountRows(invoice)).toEqual([
      { label: 'Taxable value', value: '₹8,982.20' },
      { label: 'IGST @ 18%', value: '₹1,616.80' },
      { label: 'Total', value: '₹10,599.00' },
    ]);
    const within = { ...invoice, amounts: { totalPaise: 1059900, taxablePaise: 898220, cgstPaise: 80840, sgstPaise: 80840, igstPaise: 0, taxKind: 'intra-state' as const } };
    expect(amountRows(within).map((row) => row.label)).toEqual(['Taxable value', 'CGST @ 9%', 'SGST @ 9%', 'Total']);
    const receipt = { ...invoice, kind: 'receipt' as const, amounts: { ...invoice.amounts, taxablePaise: 1059900, igstPaise: 0, taxKind: null } };
    expect(amountRows(receipt)).toEqual([{ label: 'Amount paid', value: '₹10,599.00' }]);
  });

  test('the PDF carries its text (with ₹) and is the same every time it is drawn', async () => {
    const bytes = await renderDocumentPdf(invoice);
    expect(bytes.byteLength).toBeLessThan(120_000);
    const text = await pdfText(bytes);
    for (const expected of ['Tax invoice', 'CCC/26-27/0007', 'GSTIN: 29ABCDE1234F1Z5', 'Place of supply: Tamil Nadu', '₹10,599.00', 'IGST @ 18%', 'Rupees Ten Thousand Five Hundred Ninety-Nine Only']) {
      expect(text).toContain(expected);
    }
    expect(Buffer.from(await renderDocumentPdf(invoice)).equals(Buffer.from(bytes))).toBe(true);
  });
});
