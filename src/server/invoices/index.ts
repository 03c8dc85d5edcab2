export { InvoiceConfigError } from './config';
export {
  documentFileName,
  documentPdf,
  documentTitle,
  documentsOfMonth,
  documentsOfPayment,
  ensureCreditNote,
  ensureInvoice,
  readDocument,
} from './documents';
export { renderDocumentPdf } from './pdf';
export { summaryCsv } from './summary';
