import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatCount, formatDateLongIN } from '../../../lib/format';
import { type InvoiceListItem, documentTitle } from '../../../lib/schemas/invoice';
import { invoiceSummaryUrl, listInvoices } from '../api/invoices';
import { Pill } from '../ui/Pill';
import { EmptyState, ErrorState } from '../ui/States';
import './invoices.css';

// GST invoices and credit notes (docs/payments.md, "GST invoices"): a month at a time, each
// with its PDF, and the month's summary for the accountant as one CSV.

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
const formatPaise = (paise: number) => rupees.format(paise / 100);
/** This month in India: YYYY-MM. */
const currentMonth = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit' }).format(new Date());
const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

export function InvoicesSection() {
  const headingId = useId();
  const monthId = useId();
  const [month, setMonth] = useState(currentMonth);
  const valid = monthPattern.test(month);
  const invoices = useQuery({
    queryKey: ['admin', 'invoices', month],
    queryFn: ({ signal }) => listInvoices(month, signal),
    enabled: valid,
  });
  const documents = invoices.data?.documents ?? [];

  let body;
  if (!valid) {
    body = <p className="adm-field-hint">Choose a month to see its invoices.</p>;
  } else if (invoices.isPending) {
    body = (
      <div className="adm-loading" aria-busy="true">
        <span className="adm-skeleton adm-skeleton-row" />
        <span className="visually-hidden">Loading invoices…</span>
      </div>
    );
  } else if (invoices.isError) {
    body = (
      <ErrorState
        what="invoices"
        error={invoices.error}
        onRetry={() => void invoices.refetch()}
        retrying={invoices.isFetching}
      />
    );
  } else if (documents.length === 0) {
    body = (
      <EmptyState title="No invoices this month">
        Every captured payment gets an invoice (a receipt without a GSTIN) with the next serial; a refund gets a credit
        note. They show here by the month they were issued.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="adm-items adm-items-rows" data-testid="invoices">
        {documents.map((document) => (
          <li key={document.id}>
            <InvoiceRow document={document} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="adm-panel adm-invoices" aria-labelledby={headingId} data-testid="invoices-panel">
      <header className="adm-panel-head">
        <h2 id={headingId}>Invoices</h2>
        {invoices.data ? <span className="adm-count">{formatCount(documents.length)}</span> : null}
      </header>
      <div className="adm-invoices-tools">
        <div className="field">
          <label htmlFor={monthId}>Month</label>
          <input
            id={monthId}
            type="month"
            value={month}
            max={currentMonth()}
            onChange={(event) => setMonth(event.target.value)}
          />
        </div>
        {valid ? (
          <a className="btn btn-outline adm-btn-sm" href={invoiceSummaryUrl(month)} download data-testid="invoices-csv">
            Download GST summary (CSV)
          </a>
        ) : null}
      </div>
      {body}
    </section>
  );
}

function InvoiceRow({ document }: { document: InvoiceListItem }) {
  const title = documentTitle(document);
  const credit = document.kind === 'credit-note';
  const taxes =
    document.igstPaise > 0
      ? `IGST ${formatPaise(document.igstPaise)}`
      : document.cgstPaise > 0
        ? `CGST ${formatPaise(document.cgstPaise)} + SGST ${formatPaise(document.sgstPaise)}`
        : null;
  return (
    <article className="adm-row adm-invoice-row" data-testid="invoice" aria-label={`${title} ${document.serial}`}>
      <div className="adm-row-inline">
        <p className="adm-row-title">
          <span className="adm-invoice-serial">{document.serial}</span> {document.recipientName}{' '}
          <span className="adm-amount">
            {credit ? `−${formatPaise(document.totalPaise)}` : formatPaise(document.totalPaise)}
          </span>
        </p>
        <Pill tone={credit ? 'red' : document.kind === 'receipt' ? 'neutral' : 'teal'}>{title}</Pill>
      </div>
      <p className="adm-row-detail">
        {document.description}
        {document.recipientState ? ` · ${document.recipientState}` : ''}
        {taxes ? ` · ${taxes}` : ''}
        {document.originalSerial ? ` · against ${document.originalSerial}` : ''}
      </p>
      <div className="adm-invoice-foot">
        <p className="adm-row-when">{formatDateLongIN(document.issuedAt)}</p>
        <a className="btn btn-outline adm-btn-sm" href={document.pdfUrl} target="_blank" rel="noopener">
          PDF
          <span className="visually-hidden">
            {' '}
            of {title.toLowerCase()} {document.serial} (opens in a new tab)
          </span>
        </a>
      </div>
    </article>
  );
}
