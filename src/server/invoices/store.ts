import { type InvoiceDocument, invoiceDocumentIdPattern, invoiceDocumentSchema } from '../../lib/schemas/invoice';
import { blobCall, collectionStore } from '../storage/blobs';

// Where invoices, receipts and credit notes are kept. Three kinds of blob, all written create-only:
//   documents/{id}                the document, its facts frozen when issued
//   by-payment/{paymentId}/{id}   a payment's documents (its invoice and credit notes)
//   by-month/{YYYY-MM}/{id}       the month's documents (the admin's list, the accountant's CSV)
// The index keys go first: a document is only ever visible once stored, and an issue cut short
// after the keys is finished by the next ask (the same serial, the same facts).
export const DOCUMENTS_STORE = 'invoice-documents';

const store = () => collectionStore(DOCUMENTS_STORE);
const documentKey = (id: string) => `documents/${id}`;
const paymentKey = (paymentId: string, id: string) => `by-payment/${paymentId}/${id}`;
const monthKey = (month: string, id: string) => `by-month/${month}/${id}`;

export const invoiceIdOf = (paymentId: string) => `inv_${paymentId}`;
export const creditNoteIdOf = (refundId: string) => `cn_${refundId}`;

export async function readDocument(id: string): Promise<InvoiceDocument | null> {
  if (!invoiceDocumentIdPattern.test(id)) return null;
  const stored = await blobCall(() => store().get(documentKey(id), { type: 'json' }));
  return stored == null ? null : invoiceDocumentSchema.parse(stored);
}

/** Stores a new document (and its index keys) unless it exists; the stored one either way. */
export async function storeDocument(document: InvoiceDocument): Promise<InvoiceDocument> {
  const value = invoiceDocumentSchema.parse(document);
  const blobs = store();
  await Promise.all([
    blobCall(() => blobs.setJSON(paymentKey(value.paymentId, value.id), { id: value.id }, { onlyIfNew: true })),
    blobCall(() => blobs.setJSON(monthKey(value.month, value.id), { id: value.id }, { onlyIfNew: true })),
  ]);
  const { modified } = await blobCall(() => blobs.setJSON(documentKey(value.id), value, { onlyIfNew: true }));
  if (modified) return value;
  // Two instances issuing at once wrote the same serial; the first record stands.
  return (await readDocument(value.id)) ?? value;
}

async function documentsUnder(prefix: string): Promise<InvoiceDocument[]> {
  const { blobs } = await blobCall(() => store().list({ prefix }));
  const ids = blobs.map((blob) => blob.key.slice(prefix.length));
  const found = await Promise.all(ids.map((id) => readDocument(id)));
  return found.filter((document): document is InvoiceDocument => document !== null);
}

const bySerial = (a: InvoiceDocument, b: InvoiceDocument) =>
  a.kind === 'credit-note' && b.kind !== 'credit-note'
    ? 1
    : b.kind === 'credit-note' && a.kind !== 'credit-note'
      ? -1
      : a.financialYear.localeCompare(b.financialYear) || a.sequence - b.sequence;

/** A payment's documents: its invoice (or receipt) first, then its credit notes by serial. */
export async function documentsOfPayment(paymentId: string): Promise<InvoiceDocument[]> {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(paymentId)) return [];
  return (await documentsUnder(`by-payment/${paymentId}/`)).sort(bySerial);
}

/** The documents issued in one month (IST, YYYY-MM): invoices by serial, then credit notes by serial. */
export async function documentsOfMonth(month: string): Promise<InvoiceDocument[]> {
  if (!/^\d{4}-\d{2}$/.test(month)) return [];
  return (await documentsUnder(`by-month/${month}/`)).sort(bySerial);
}

/** `CCC-26-27-0001.pdf`: the serial as a file name. */
export function documentFileName(document: Pick<InvoiceDocument, 'serial'>): string {
  return `${document.serial.replace(/\//g, '-')}.pdf`;
}
