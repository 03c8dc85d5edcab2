import type { Config } from '@netlify/functions';
import {
  type InvoiceDocument,
  type InvoiceListAnswer,
  type InvoiceListItem,
  invoiceDocumentIdPattern,
  invoiceMonthQuerySchema,
} from '../../src/lib/schemas/invoice';
import { requireAdmin } from '../../src/server/auth';
import { notFound } from '../../src/server/http/errors';
import { json } from '../../src/server/http/respond';
import { route } from '../../src/server/http/route';
import { readQuery } from '../../src/server/http/validate';
import {
  renderDocumentPdf,
  documentFileName,
  documentsOfMonth,
  readDocument,
  summaryCsv,
} from '../../src/server/invoices';

const SUMMARY_FILE = 'summary.csv';

function listItem(document: InvoiceDocument): InvoiceListItem {
  const { amounts } = document;
  return {
    id: document.id,
    kind: document.kind,
    serial: document.serial,
    issuedAt: document.issuedAt,
    recipientName: document.recipient.name,
    recipientState: document.recipient.state,
    description: document.description,
    totalPaise: amounts.totalPaise,
    taxablePaise: amounts.taxablePaise,
    cgstPaise: amounts.cgstPaise,
    sgstPaise: amounts.sgstPaise,
    igstPaise: amounts.igstPaise,
    originalSerial: document.original?.serial ?? null,
    pdfUrl: `/api/admin/invoices/${document.id}.pdf`,
  };
}

const privateFile = (
  body: Uint8Array | string,
  contentType: string,
  fileName: string,
  disposition: 'inline' | 'attachment',
) =>
  new Response(typeof body === 'string' ? body : new Uint8Array(body), {
    headers: {
      'content-type': contentType,
      'content-disposition': `${disposition}; filename="${fileName}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });

export default route({
  /**
   * GET /api/admin/invoices?month=YYYY-MM: the month's invoices and credit notes, by serial;
   * GET /api/admin/invoices/{id}.pdf: one document; GET /api/admin/invoices/summary.csv?month=: the accountant's summary.
   */
  async GET(req, context) {
    await requireAdmin(req, context);
    const file = context.params?.file;
    if (file === undefined) {
      const { month } = readQuery(req, invoiceMonthQuerySchema);
      const answer: InvoiceListAnswer = { month, documents: (await documentsOfMonth(month)).map(listItem) };
      return json(answer);
    }
    if (file === SUMMARY_FILE) {
      const { month } = readQuery(req, invoiceMonthQuerySchema);
      return privateFile(
        `${summaryCsv(await documentsOfMonth(month))}\r\n`,
        'text/csv; charset=utf-8',
        `gst-summary-${month}.csv`,
        'attachment',
      );
    }
    const id = file.endsWith('.pdf') ? file.slice(0, -'.pdf'.length) : '';
    const document = invoiceDocumentIdPattern.test(id) ? await readDocument(id) : null;
    if (!document) throw notFound('No invoice or credit note with this id.');
    return privateFile(await renderDocumentPdf(document), 'application/pdf', documentFileName(document), 'inline');
  },
});

export const config: Config = {
  path: ['/api/admin/invoices', '/api/admin/invoices/:file'],
};
