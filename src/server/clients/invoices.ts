import type { ClientInvoice } from '../../lib/schemas/client';
import type { Client } from './store';

// The client's invoices and credit notes (issue 29 item 5). The documents are made by
// src/server/invoices (documentsOfPayment, documentPdf), which is being built beside
// this; until it lands the client space lists none.
export async function clientInvoices(_client: Client): Promise<ClientInvoice[]> {
  return [];
}
