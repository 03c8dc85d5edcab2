import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { type InvoiceDocument, documentTitle } from '../../lib/schemas/invoice';
import { GST_RATE_PERCENT } from './gstSplit';

// The PDF of an invoice, receipt or credit note, drawn from its stored record alone (so an
// issued document reads the same forever). CGST Rule 46 (invoices) and Rule 53 (credit notes).
//
// The font is DejaVu Sans (src/server/invoices/fonts, licence beside it): the PDF standard
// fonts have no rupee sign (U+20B9). The files ship with every function (netlify.toml
// included_files), read from the working directory as the resource PDFs are; each PDF embeds
// only the glyphs it uses.
const FONTS_DIR = join(process.cwd(), 'src', 'server', 'invoices', 'fonts');

let fontBytes: Promise<[Uint8Array, Uint8Array]> | null = null;
function loadFonts(): Promise<[Uint8Array, Uint8Array]> {
  fontBytes ??= Promise.all([readFile(join(FONTS_DIR, 'DejaVuSans.ttf')), readFile(join(FONTS_DIR, 'DejaVuSans-Bold.ttf'))]).catch((error: unknown) => {
    fontBytes = null;
    throw error;
  });
  return fontBytes;
}

const rupeesIN = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1059900 -> "₹10,599.00". */
export const formatPaise = (paise: number) => `₹${rupeesIN.format(paise / 100)}`;

const dateIN = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' });
const formatDate = (iso: string) => dateIN.format(new Date(iso));


const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 50;
interface Palette {
  ink: RGB;
  muted: RGB;
  rule: RGB;
}

/** The rows of the amounts table: label and figure, the last one the total. */
export function amountRows(document: InvoiceDocument): Array<{ label: string; value: string }> {
  const { amounts } = document;
  const half = GST_RATE_PERCENT / 2;
  if (amounts.taxKind === null) return [{ label: document.kind === 'credit-note' ? 'Amount refunded' : 'Amount paid', value: formatPaise(amounts.totalPaise) }];
  const taxes =
    amounts.taxKind === 'intra-state'
      ? [
          { label: `CGST @ ${half}%`, value: formatPaise(amounts.cgstPaise) },
          { label: `SGST @ ${half}%`, value: formatPaise(amounts.sgstPaise) },
        ]
      : [{ label: `IGST @ ${GST_RATE_PERCENT}%`, value: formatPaise(amounts.igstPaise) }];
  return [{ label: 'Taxable value', value: formatPaise(amounts.taxablePaise) }, ...taxes, { label: document.kind === 'credit-note' ? 'Total credited' : 'Total', value: formatPaise(amounts.totalPaise) }];
}

/** Splits text into lines that fit `width` at `size` (on spaces; a word longer than a line stands alone). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
  }
  return lines;
}

class Writer {
  y = PAGE.height - MARGIN;
  constructor(
    private readonly page: PDFPage,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    private readonly palette: Palette,
  ) {}
  text(value: string, options: { x?: number; size?: number; bold?: boolean; color?: RGB; right?: number } = {}): void {
    const font = options.bold ? this.bold : this.regular;
    const size = options.size ?? 10;
    const x = options.right !== undefined ? options.right - font.widthOfTextAtSize(value, size) : (options.x ?? MARGIN);
    this.page.drawText(value, { x, y: this.y, size, font, color: options.color ?? this.palette.ink });
  }
  line(value: string, options: { size?: number; bold?: boolean; color?: RGB; x?: number; width?: number } = {}): void {
    const size = options.size ?? 10;
    for (const part of wrap(value, options.bold ? this.bold : this.regular, size, options.width ?? PAGE.width - 2 * MARGIN)) {
      this.text(part, options);
      this.y -= size * 1.45;
    }
  }
  gap(points: number): void {
    this.y -= points;
  }
  rule(): void {
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: PAGE.width - MARGIN, y: this.y }, thickness: 0.7, color: this.palette.rule });
  }
}

/** Draws the document's PDF (pure apart from loading pdf-lib and reading the font files once). */
export async function renderDocumentPdf(document: InvoiceDocument): Promise<Uint8Array> {
  // pdf-lib and fontkit are loaded by the first PDF, not at start: Netlify's bundler keeps
  // packages out of a function's bundle, so a static import would become a top-level import,
  // run at every cold start of every function that carries the outbox (most of them).
  const [{ PDFDocument, rgb }, { default: fontkit }, [regularBytes, boldBytes]] = await Promise.all([import('pdf-lib'), import('@pdf-lib/fontkit'), loadFonts()]);
  const muted = rgb(0.38, 0.4, 0.45);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const title = documentTitle(document);
  pdf.setTitle(`${title} ${document.serial}`);
  pdf.setAuthor(document.supplier.legalName);
  pdf.setCreationDate(new Date(document.issuedAt));
  pdf.setModificationDate(new Date(document.issuedAt));
  const [regular, bold] = await Promise.all([pdf.embedFont(regularBytes, { subset: true }), pdf.embedFont(boldBytes, { subset: true })]);
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const w = new Writer(page, regular, bold, { ink: rgb(0.1, 0.12, 0.16), muted, rule: rgb(0.8, 0.82, 0.86) });
  const right = PAGE.width - MARGIN;
  const { supplier, recipient } = document;

  // The supplier (Rule 46 (a)), the document's nature, serial and date (b, c).
  w.text(title, { size: 20, bold: true, right });
  w.line(supplier.legalName, { size: 14, bold: true, width: 300 });
  w.line(supplier.address, { color: muted, width: 300 });
  if (supplier.gstin) w.line(`GSTIN: ${supplier.gstin}`);
  if (supplier.state && supplier.stateCode) w.line(`State: ${supplier.state} (code ${supplier.stateCode})`, { color: muted });
  w.gap(10);
  w.rule();
  w.gap(18);
  const detailsTop = w.y;
  w.line(`${title} no.: ${document.serial}`, { bold: true });
  w.line(`Date: ${formatDate(document.issuedAt)}`);
  if (document.original) {
    w.line(`Against invoice no.: ${document.original.serial}`);
    w.line(`Invoice date: ${formatDate(document.original.issuedAt)}`);
  }
  if (document.kind !== 'receipt') w.line('Reverse charge: No', { color: muted });
  const leftEnd = w.y;

  // The recipient and the place of supply (d, e, m), beside the numbers.
  w.y = detailsTop;
  const column = 320;
  w.line(document.kind === 'credit-note' ? 'Issued to' : 'Billed to', { x: column, color: muted, width: right - column });
  w.line(recipient.name, { x: column, bold: true, width: right - column });
  if (recipient.state) {
    w.line(`${document.kind === 'receipt' ? 'State' : 'Place of supply'}: ${recipient.state}`, { x: column, width: right - column });
    if (recipient.stateCode) w.line(`State code: ${recipient.stateCode}`, { x: column, width: right - column });
  }
  w.y = Math.min(w.y, leftEnd) - 14;

  // The service (f, g): description, SAC, value.
  w.rule();
  w.gap(16);
  w.text('Description', { bold: true });
  if (document.sac) w.text('SAC', { bold: true, x: 360 });
  w.text('Amount', { bold: true, right });
  w.gap(18);
  const amountColumnTop = w.y;
  w.line(document.description, { width: 290 });
  const descriptionEnd = w.y;
  w.y = amountColumnTop;
  if (document.sac) w.text(document.sac, { x: 360 });
  w.text(formatPaise(document.amounts.taxKind === null ? document.amounts.totalPaise : document.amounts.taxablePaise), { right });
  w.y = descriptionEnd - 8;
  w.rule();
  w.gap(18);

  // Taxable value, rate and amount of each tax, the total (i-l).
  const rows = amountRows(document);
  rows.forEach((row, index) => {
    const last = index === rows.length - 1;
    w.text(row.label, { x: 330, bold: last });
    w.text(row.value, { right, bold: last });
    w.gap(last ? 22 : 16);
  });
  w.line(`In words: ${document.amountInWords}`, { bold: true });
  w.gap(6);
  if (document.reason) w.line(`Reason: ${document.reason}`, { color: muted });
  if (document.amounts.taxKind !== null) w.line(`Prices include GST at ${GST_RATE_PERCENT}%.`, { color: muted });
  if (document.kind === 'receipt') w.line('Not a tax invoice: no GST is charged on this payment.', { color: muted });

  // Rule 46 (q): signed by the supplier; an electronic document names who issued it.
  w.gap(30);
  w.line(`For ${supplier.legalName}`, { bold: true });
  w.line('Authorised signatory. This document was issued electronically and needs no signature.', { color: muted, size: 9 });

  return pdf.save();
}
