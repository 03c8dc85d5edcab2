import { z } from './zod';
import { indianStateSchema } from '../indianStates';

// Tax invoices, plain receipts and credit notes (docs/payments.md, "GST invoices"; CGST
// Rules 46 and 53). A document's facts are frozen in its record when it is issued; its PDF
// is drawn from the record alone, so a later change of settings never alters an issued
// document.

export const invoiceDocumentKinds = ['tax-invoice', 'receipt', 'credit-note'] as const;
export type InvoiceDocumentKind = (typeof invoiceDocumentKinds)[number];

const TITLES: Record<InvoiceDocumentKind, string> = {
  'tax-invoice': 'Tax invoice',
  receipt: 'Receipt',
  'credit-note': 'Credit note',
};

/** What a document calls itself: "Tax invoice", "Receipt" or "Credit note". */
export const documentTitle = (document: { kind: InvoiceDocumentKind }) => TITLES[document.kind];

/** `inv_{payment record id}` or `cn_{refund id}`: one document per payment, one per refund. */
export const invoiceDocumentIdPattern = /^(inv|cn)_[A-Za-z0-9_-]{1,100}$/;
export const invoiceDocumentId = z.string().regex(invoiceDocumentIdPattern, 'Not an invoice id');

const supplierSchema = z.object({
  /** Null on a plain receipt: the business is not registered for GST. */
  gstin: z.string().nullable(),
  legalName: z.string(),
  address: z.string(),
  state: indianStateSchema.nullable(),
  stateCode: z.string().nullable(),
});

export const invoiceDocumentSchema = z.object({
  id: invoiceDocumentId,
  kind: z.enum(invoiceDocumentKinds),
  serial: z.string().max(16),
  sequence: z.number().int().positive(),
  financialYear: z.string(),
  /** The payment's (or refund's) own time: the document's date. */
  issuedAt: z.string(),
  /** The IST month of issuedAt (YYYY-MM), the admin's and the accountant's listing. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  paymentId: z.string(),
  refundId: z.string().nullable(),
  supplier: supplierSchema,
  recipient: z.object({
    name: z.string(),
    /** Place of supply; null only on a receipt for a payment made before the state was asked. */
    state: indianStateSchema.nullable(),
    stateCode: z.string().nullable(),
  }),
  description: z.string(),
  /** Services accounting code; null on a plain receipt. */
  sac: z.string().nullable(),
  amounts: z.object({
    totalPaise: z.number().int().nonnegative(),
    taxablePaise: z.number().int().nonnegative(),
    cgstPaise: z.number().int().nonnegative(),
    sgstPaise: z.number().int().nonnegative(),
    igstPaise: z.number().int().nonnegative(),
    /** Null on a plain receipt (no tax lines). */
    taxKind: z.enum(['intra-state', 'inter-state']).nullable(),
  }),
  amountInWords: z.string(),
  /** A credit note names the invoice it reduces (Rule 53 (1)(f)). */
  original: z.object({ documentId: invoiceDocumentId, serial: z.string(), issuedAt: z.string() }).nullable(),
  reason: z.string().nullable(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

/** GET /api/admin/invoices?month=YYYY-MM (also the summary CSV's query). */
export const invoiceMonthQuerySchema = z.object({
  month: z
    .string({ error: 'Month is required (YYYY-MM)' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM, e.g. 2026-11'),
});

/** What the admin's list shows of one document. */
export interface InvoiceListItem {
  id: string;
  kind: InvoiceDocumentKind;
  serial: string;
  issuedAt: string;
  recipientName: string;
  recipientState: string | null;
  description: string;
  totalPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** The invoice a credit note reduces. */
  originalSerial: string | null;
  pdfUrl: string;
}

export interface InvoiceListAnswer {
  month: string;
  documents: InvoiceListItem[];
}
