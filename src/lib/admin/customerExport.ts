// The default export: papaparse is CommonJS, and Node (the export's server side) gives no named exports of it.
import Papa from 'papaparse';
import type { Booking } from '../schemas/booking';
import type { ContactRecord } from '../schemas/contact';
import { type CorporateEnquiry, employeeBandLabel } from '../schemas/corporateEnquiry';
import type { Payment } from '../schemas/payment';
import type { Download } from '../schemas/download';
import type { Subscriber } from '../schemas/subscriber';
import { istDateStamp, istTimestamp } from './istDates';
import { audienceLabel, bookingPaymentLabel, bookingStatusLabel, bookingTypeLabel, paymentStatusLabel } from './labels';
import { sourceLabel } from './leadSource';

// The customer-data export (docs/admin.md, "Export";
// docs/decisions/0017-admin-lists-stats-and-export.md): one CSV row per record of every
// lead collection, built in the browser. Pure, so it is tested alone.

// Source comes last, so spreadsheets built on the earlier columns keep working.
export const EXPORT_HEADER = [
  'Data Type',
  'Name',
  'Email/Mobile',
  'Date',
  'Status',
  'Amount',
  'Package',
  'Notes',
  'Source',
] as const;
export type ExportRow = [string, string, string, string, string, string, string, string, string];

interface Stamped {
  createdAt: string;
}

/**
 * A cell a spreadsheet would run as a formula (=, +, -, @, or a leading tab or carriage
 * return that some programs strip first) gets a leading apostrophe, so it is shown as
 * text: a visitor who types "=HYPERLINK(...)" as a name cannot plant a formula in the
 * owner's spreadsheet (CSV injection).
 */
export function neutraliseFormula(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function row(cells: ExportRow): ExportRow {
  return cells.map(neutraliseFormula) as ExportRow;
}

/** "a@b.in / 98450 12345", or whichever of the two exists. */
function reach(email: string | null | undefined, phone: string | null | undefined): string {
  return [email, phone].filter((part): part is string => Boolean(part && part.trim())).join(' / ');
}

/** Amounts stay plain whole rupees so a spreadsheet can add them up. */
function amount(value: number | null | undefined): string {
  return typeof value === 'number' ? String(value) : '';
}

function notes(parts: Array<string | null | undefined | false>): string {
  return parts.filter((part): part is string => Boolean(part && part.trim())).join(' | ');
}

export function bookingRow(booking: Booking & Stamped): ExportRow {
  const status = [
    bookingStatusLabel(booking.status),
    booking.paymentStatus ? bookingPaymentLabel(booking.paymentStatus) : '',
  ]
    .filter(Boolean)
    .join(', ');
  return row([
    'Booking',
    booking.fullName,
    reach(booking.email, booking.mobile),
    istTimestamp(booking.createdAt),
    status,
    amount(booking.amount),
    booking.packageName,
    notes([
      bookingTypeLabel(booking.bookingType),
      `Stage: ${booking.currentStage}`,
      typeof booking.quizScore === 'number' && `Quiz score: ${booking.quizScore}%`,
      booking.notes,
    ]),
    sourceLabel(booking.attribution) ?? '',
  ]);
}

export function contactRow(contact: ContactRecord & Stamped): ExportRow {
  return row([
    'Contact Form',
    contact.name,
    reach(contact.email, contact.phone),
    istTimestamp(contact.createdAt),
    '',
    '',
    '',
    notes([`For: ${audienceLabel(contact.whoIsThisFor)}`]),
    sourceLabel(contact.attribution) ?? '',
  ]);
}

export function paymentRow(payment: Payment & Stamped): ExportRow {
  return row([
    'Payment',
    payment.customerName,
    reach(payment.customerEmail, payment.customerPhone),
    istTimestamp(payment.createdAt),
    paymentStatusLabel(payment.status),
    amount(payment.amount),
    payment.packageName,
    notes([
      `Order: ${payment.razorpayOrderId}`,
      payment.razorpayPaymentId && `Payment: ${payment.razorpayPaymentId}`,
      payment.failureReason,
    ]),
    // A payment's source is its booking's row.
    '',
  ]);
}

export function downloadRow(download: Download & Stamped): ExportRow {
  return row([
    'Resource Download',
    download.fullName,
    reach(download.email, download.mobile),
    istTimestamp(download.createdAt),
    '',
    '',
    download.resourceTitle,
    notes([`Stage: ${download.currentStage}`]),
    sourceLabel(download.attribution) ?? '',
  ]);
}

export function subscriberRow(subscriber: Subscriber & Stamped): ExportRow {
  return row([
    'Newsletter Subscriber',
    '',
    subscriber.email,
    istTimestamp(subscriber.createdAt),
    'Subscribed',
    '',
    '',
    '',
    sourceLabel(subscriber.attribution) ?? '',
  ]);
}

export function corporateEnquiryRow(enquiry: CorporateEnquiry & Stamped): ExportRow {
  return row([
    'Corporate Enquiry',
    enquiry.name,
    reach(enquiry.email, enquiry.phone),
    istTimestamp(enquiry.createdAt),
    // None stored means pending, as with contact messages: the owner has not answered yet.
    enquiry.status === 'contacted' ? 'Contacted' : 'Pending',
    '',
    enquiry.company,
    notes([`Employees: ${employeeBandLabel(enquiry.employees)}`, `Role: ${enquiry.role}`, enquiry.message]),
    sourceLabel(enquiry.attribution) ?? '',
  ]);
}

/** UTF-8 byte order mark: without it Excel reads the file as ANSI and garbles ₹ and Indian names. */
export const UTF8_BOM = '\uFEFF';

/** The whole file as one string: the header, then every row; Papa quotes what needs quoting. */
export function buildCsv(rows: readonly ExportRow[]): string {
  return UTF8_BOM + Papa.unparse({ fields: [...EXPORT_HEADER], data: rows as ExportRow[] }, { newline: '\r\n' });
}

/** "ccc-edu-data-2026-11-21.csv": the brand, 'data' and the IST date (docs/admin.md, "Export"). */
export function exportFileName(brand: string, now: Date = new Date()): string {
  const prefix = brand
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${prefix}-data-${istDateStamp(now)}.csv`;
}
