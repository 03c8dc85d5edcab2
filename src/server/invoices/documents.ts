import { business } from '../../lib/business';
import { gstStateCode, type IndianState } from '../../lib/indianStates';
import { type InvoiceDocument, invoiceDocumentIdPattern } from '../../lib/schemas/invoice';
import { istDateOf } from '../../lib/schedule/istClock';
import { payments } from '../leads';
import { amountInWords } from './amountInWords';
import { type InvoiceConfig, invoiceConfig } from './config';
import { splitGstInclusive } from './gstSplit';
import { renderDocumentPdf } from './pdf';
import { allocateSerial } from './serialAllocator';
import { creditNoteIdOf, invoiceIdOf, readDocument, storeDocument } from './store';

export { type InvoiceDocument, documentTitle } from '../../lib/schemas/invoice';
export {
  DOCUMENTS_STORE,
  creditNoteIdOf,
  documentFileName,
  documentsOfMonth,
  documentsOfPayment,
  invoiceIdOf,
  readDocument,
} from './store';

// Issuing documents (docs/payments.md, "GST invoices"): one per captured payment (a tax invoice, or a plain receipt
// without a GSTIN) and one credit note per processed refund; how they are stored is store.ts.

export class InvoiceIssueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceIssueError';
  }
}

function supplierOf(config: InvoiceConfig): InvoiceDocument['supplier'] {
  if (config.mode === 'tax-invoice') {
    const { supplier } = config;
    return {
      gstin: supplier.gstin,
      legalName: supplier.legalName,
      address: supplier.address,
      state: supplier.state,
      stateCode: gstStateCode(supplier.state),
    };
  }
  return {
    gstin: null,
    legalName: business.legalName,
    address: business.contact.address,
    state: null,
    stateCode: null,
  };
}

/**
 * The place of supply: the state the customer named. A payment from before the state was asked
 * has none; its supply is then the supplier's location (IGST Act s. 12(2)(b)), so it is taxed
 * as within the state.
 */
function placeOfSupply(stated: IndianState | null, config: InvoiceConfig): IndianState | null {
  return stated ?? (config.mode === 'tax-invoice' ? config.supplier.state : null);
}

/** A GST-inclusive total split into its taxes; untaxed when no GST is charged (no supplier state) or the place of supply is unknown. */
function amountsOf(
  totalPaise: number,
  supplierState: IndianState | null,
  recipientState: IndianState | null,
): InvoiceDocument['amounts'] {
  if (!supplierState || !recipientState)
    return { totalPaise, taxablePaise: totalPaise, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, taxKind: null };
  const split = splitGstInclusive(totalPaise, supplierState, recipientState);
  return {
    totalPaise,
    taxablePaise: split.taxablePaise,
    cgstPaise: split.cgstPaise,
    sgstPaise: split.sgstPaise,
    igstPaise: split.igstPaise,
    taxKind: split.kind,
  };
}

const monthOf = (iso: string) => istDateOf(Date.parse(iso)).slice(0, 7);

/**
 * The invoice of a captured payment, issued the first time it is asked for (the payment's
 * capture effect and its receipt mail both ask; any number of times, from any instance): the
 * next serial of the payment's financial year (by its paidAt), the facts as they are now.
 * Throws for a payment that does not exist or is not captured, and for invoice settings that
 * would print a defective invoice (InvoiceConfigError): the caller's retry finds it fixed.
 */
export async function ensureInvoice(paymentId: string): Promise<InvoiceDocument> {
  const id = invoiceIdOf(paymentId);
  const existing = await readDocument(id);
  if (existing) return existing;
  const payment = await payments.get(paymentId);
  if (!payment) throw new InvoiceIssueError(`No payment ${paymentId}`);
  if (payment.status !== 'captured' || !payment.paidAt)
    throw new InvoiceIssueError(`Payment ${paymentId} is not captured`);
  const config = invoiceConfig();
  const paidAt = new Date(payment.paidAt);
  const serial = await allocateSerial({
    series: 'invoice',
    documentKey: paymentId,
    at: paidAt,
    invoicePrefix: config.serialPrefix,
  });
  const state = placeOfSupply(payment.customerState, config);
  return storeDocument({
    id,
    kind: config.mode === 'tax-invoice' ? 'tax-invoice' : 'receipt',
    serial: serial.serial,
    sequence: serial.sequence,
    financialYear: serial.financialYear,
    issuedAt: payment.paidAt,
    month: monthOf(payment.paidAt),
    paymentId,
    refundId: null,
    supplier: supplierOf(config),
    recipient: { name: payment.customerName, state, stateCode: state ? gstStateCode(state) : null },
    description: payment.packageName,
    sac: config.mode === 'tax-invoice' ? config.supplier.sac : null,
    amounts: amountsOf(payment.amountPaise, config.mode === 'tax-invoice' ? config.supplier.state : null, state),
    amountInWords: amountInWords(payment.amountPaise),
    original: null,
    reason: null,
  });
}

export interface RefundForCreditNote {
  /** Razorpay's refund id (rfnd_...). */
  refundId: string;
  /** Our payment record id. */
  paymentId: string;
  amountPaise: number;
  /** When Razorpay processed it: the credit note's date and financial year. */
  processedAt: string;
  reason?: string;
}

/**
 * The credit note of a processed refund (CGST Rule 53), issued once: its own series, the
 * invoice it reduces named on it, the refunded amount split as that invoice was (same place
 * of supply, same kind of tax). A plain receipt's refund gets a credit note without tax lines.
 */
export async function ensureCreditNote(refund: RefundForCreditNote): Promise<InvoiceDocument> {
  const id = creditNoteIdOf(refund.refundId);
  if (!invoiceDocumentIdPattern.test(id))
    throw new InvoiceIssueError(`Not a refund id: ${refund.refundId.slice(0, 40)}`);
  const existing = await readDocument(id);
  if (existing) return existing;
  const processedAt = new Date(refund.processedAt);
  if (!Number.isFinite(processedAt.getTime()))
    throw new InvoiceIssueError(`Not a time: ${refund.processedAt.slice(0, 40)}`);
  const invoice = await ensureInvoice(refund.paymentId);
  if (
    !Number.isSafeInteger(refund.amountPaise) ||
    refund.amountPaise < 1 ||
    refund.amountPaise > invoice.amounts.totalPaise
  ) {
    throw new InvoiceIssueError(
      `A refund of ${refund.amountPaise} paise does not fit payment ${refund.paymentId} (${invoice.amounts.totalPaise} paise)`,
    );
  }
  const config = invoiceConfig();
  const serial = await allocateSerial({
    series: 'credit-note',
    documentKey: refund.refundId,
    at: processedAt,
    invoicePrefix: config.serialPrefix,
  });
  const amounts = amountsOf(
    refund.amountPaise,
    invoice.kind === 'tax-invoice' ? invoice.supplier.state : null,
    invoice.recipient.state,
  );
  const issuedAt = processedAt.toISOString();
  return storeDocument({
    id,
    kind: 'credit-note',
    serial: serial.serial,
    sequence: serial.sequence,
    financialYear: serial.financialYear,
    issuedAt,
    month: monthOf(issuedAt),
    paymentId: refund.paymentId,
    refundId: refund.refundId,
    // The supplier and recipient as the invoice named them.
    supplier: invoice.supplier,
    recipient: invoice.recipient,
    description: invoice.description,
    sac: invoice.sac,
    amounts,
    amountInWords: amountInWords(refund.amountPaise),
    original: { documentId: invoice.id, serial: invoice.serial, issuedAt: invoice.issuedAt },
    reason: refund.reason?.trim().slice(0, 200) || null,
  });
}

/** The PDF of an issued document, drawn from its record; null when there is no such document. */
export async function documentPdf(documentId: string): Promise<Uint8Array | null> {
  const document = await readDocument(documentId);
  if (!document) return null;
  return renderDocumentPdf(document);
}
