import { formatDateLongIN } from '../../lib/format';
import type { ClientInvoice } from '../../lib/schemas/client';
import { documentFileName, documentPdf, documentTitle, documentsOfPayment, readDocument } from '../invoices';
import { clientToken } from './links';
import type { Client } from './store';

// The client's invoices and credit notes: the documents issued for the
// client's payment (src/server/invoices), each downloaded through the client's own link.

export async function clientInvoices(client: Client): Promise<ClientInvoice[]> {
  const [documents, token] = await Promise.all([documentsOfPayment(client.paymentId), clientToken(client.id)]);
  return documents.map((document) => ({
    id: document.id,
    label: `${documentTitle(document)} ${document.serial}`,
    date: formatDateLongIN(document.issuedAt) ?? document.issuedAt.slice(0, 10),
    url: `/api/client-space/${client.id}/invoices/${document.id}.pdf?token=${token}`,
  }));
}

/** The PDF of one of the client's own documents, or null (another payment's document is not theirs). */
export async function clientInvoicePdf(
  client: Client,
  documentId: string,
): Promise<{ bytes: Uint8Array; fileName: string } | null> {
  const document = await readDocument(documentId);
  if (!document || document.paymentId !== client.paymentId) return null;
  const bytes = await documentPdf(document.id);
  return bytes ? { bytes, fileName: documentFileName(document) } : null;
}
