import type { InvoiceListAnswer } from '../../../lib/schemas/invoice';
import { adminRequest } from './request';

/** The month's invoices and credit notes (YYYY-MM, India time), invoices by serial then credit notes. */
export async function listInvoices(month: string, signal?: AbortSignal): Promise<InvoiceListAnswer> {
  return (
    await adminRequest<InvoiceListAnswer>(
      'GET',
      `/api/admin/invoices?${new URLSearchParams({ month })}`,
      signal ? { signal } : {},
    )
  ).data;
}

/** The accountant's CSV for a month: a plain link, so the browser downloads it with the session cookie. */
export const invoiceSummaryUrl = (month: string) => `/api/admin/invoices/summary.csv?${new URLSearchParams({ month })}`;
