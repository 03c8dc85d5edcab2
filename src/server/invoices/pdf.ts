import type { PDFDocument, PDFFont } from 'pdf-lib';
import { type InvoiceDocument, documentTitle } from '../../lib/schemas/invoice';
import { type FontWeight, familiesFor } from './fontFamilies';
import { fontBytes } from './fontFiles';
import { GST_RATE_PERCENT } from './gstSplit';
import { type Cell, MARGIN, PAGE, PageWriter, columnLines, zipColumns } from './pageWriter';
import { printableLine, printableParagraphs } from './printable';
import type { Face } from './textRuns';

// The PDF of an invoice, receipt or credit note, drawn from its stored record alone (so an
// issued document reads the same forever). CGST Rule 46 (invoices) and Rule 53 (credit notes).
//
// Fonts: Noto Sans, and Noto Sans Devanagari, Bengali, Tamil, Telugu, Gujarati, Kannada,
// Malayalam, Gurmukhi or Oriya for a name or description written in one (fontFamilies.ts): the PDF
// standard fonts have neither the rupee sign (U+20B9) nor any Indian script. Only the scripts a
// document uses are embedded, each cut down to the glyphs it draws. Every text is made
// printable first (printable.ts), wrapped to its column, and carried onto a new page rather
// than past the bottom margin, so every Rule 46 field and the total are always on a page.
// See docs/payments.md (invoice PDFs).

const rupeesIN = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** 1059900 -> "₹10,599.00". */
export const formatPaise = (paise: number) => `₹${rupeesIN.format(paise / 100)}`;

const dateIN = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const formatDate = (iso: string) => dateIN.format(new Date(iso));

/** The page and its margins, for the tests that check every text lies inside them. */
export { MARGIN, PAGE };

/**
 * pdf-lib draws each glyph at its own advance and drops the shaper's positioning, so the
 * positioning features are switched off: they would change nothing drawn, and fontkit 1.x
 * stops with an error on the empty mark anchors of Noto Sans Gurmukhi, Telugu and Malayalam.
 * Substitution (conjuncts, reordered vowel signs) is kept: that is what makes Indic text read.
 */
const NO_POSITIONING = { kern: false, mark: false, mkmk: false, dist: false, abvm: false, blwm: false, curs: false };

/** The rows of the amounts table: label and figure, the last one the total. */
export function amountRows(document: InvoiceDocument): Array<{ label: string; value: string }> {
  const { amounts } = document;
  const half = GST_RATE_PERCENT / 2;
  if (amounts.taxKind === null)
    return [
      {
        label: document.kind === 'credit-note' ? 'Amount refunded' : 'Amount paid',
        value: formatPaise(amounts.totalPaise),
      },
    ];
  const taxes =
    amounts.taxKind === 'intra-state'
      ? [
          { label: `CGST @ ${half}%`, value: formatPaise(amounts.cgstPaise) },
          { label: `SGST @ ${half}%`, value: formatPaise(amounts.sgstPaise) },
        ]
      : [{ label: `IGST @ ${GST_RATE_PERCENT}%`, value: formatPaise(amounts.igstPaise) }];
  return [
    { label: 'Taxable value', value: formatPaise(amounts.taxablePaise) },
    ...taxes,
    { label: document.kind === 'credit-note' ? 'Total credited' : 'Total', value: formatPaise(amounts.totalPaise) },
  ];
}

/** The document's texts as they are drawn: printable, one line each but for the paragraphs. */
function printableTexts(document: InvoiceDocument) {
  const line = (text: string | null) => (text === null ? null : printableLine(text));
  return {
    serial: printableLine(document.serial),
    legalName: printableLine(document.supplier.legalName),
    address: printableParagraphs(document.supplier.address),
    gstin: line(document.supplier.gstin),
    supplierState: line(document.supplier.state),
    recipientName: printableLine(document.recipient.name),
    recipientState: line(document.recipient.state),
    description: printableParagraphs(document.description),
    sac: line(document.sac),
    amountInWords: printableLine(document.amountInWords),
    originalSerial: line(document.original?.serial ?? null),
    reason: document.reason === null ? [] : printableParagraphs(document.reason),
  };
}

/** Embeds the fonts the texts need, both weights, in a fixed order (so a document's bytes never change). */
async function embedFaces(pdf: PDFDocument, texts: readonly string[]): Promise<Record<FontWeight, Face<PDFFont>[]>> {
  const faces: Record<FontWeight, Face<PDFFont>[]> = { regular: [], bold: [] };
  const wanted = familiesFor(texts).flatMap((family) =>
    (['regular', 'bold'] as const).map((weight) => ({ family, weight })),
  );
  // The files are read side by side; they are embedded in the fixed order.
  const files = await Promise.all(wanted.map(({ family, weight }) => fontBytes(family, weight)));
  for (const [index, { family, weight }] of wanted.entries()) {
    const font = await pdf.embedFont(files[index]!, { subset: true, features: NO_POSITIONING });
    faces[weight].push({ family, font, characters: new Set(font.getCharacterSet()) });
  }
  return faces;
}

/** Draws the document's PDF (pure apart from loading pdf-lib and reading the font files once). */
export async function renderDocumentPdf(document: InvoiceDocument): Promise<Uint8Array> {
  // pdf-lib and fontkit are loaded by the first PDF, not at start: Netlify's bundler keeps
  // packages out of a function's bundle, so a static import would become a top-level import,
  // run at every cold start of every function that carries the outbox (most of them).
  // fontkit's Indic shaper was compiled expecting regenerator's runtime as a global.
  const [{ PDFDocument, rgb }, { default: fontkit }] = await Promise.all([
    import('pdf-lib'),
    import('@pdf-lib/fontkit'),
    import('regenerator-runtime/runtime.js'),
  ]);
  const ink = rgb(0.1, 0.12, 0.16);
  const muted = rgb(0.38, 0.4, 0.45);
  const ruleColor = rgb(0.8, 0.82, 0.86);
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  const title = documentTitle(document);
  const t = printableTexts(document);
  pdf.setTitle(`${title} ${t.serial}`);
  pdf.setAuthor(t.legalName);
  pdf.setCreationDate(new Date(document.issuedAt));
  pdf.setModificationDate(new Date(document.issuedAt));
  // Every text the document draws picks the fonts, so none is left without its script's font.
  const faces = await embedFaces(
    pdf,
    Object.values(t)
      .flat()
      .filter((text): text is string => typeof text === 'string'),
  );

  // A page after the first says whose it is before it carries on.
  const w = new PageWriter(pdf, faces, ink, (writer) => {
    writer.rows([[{ text: `${title} ${t.serial} (continued)`, color: muted, size: 9 }]]);
    writer.gap(4);
    writer.rule(ruleColor);
    writer.gap(16);
  });
  const right = PAGE.width - MARGIN;
  const { recipient } = document;

  // The supplier (Rule 46 (a)), the document's nature (b).
  w.rows(
    zipColumns([
      {
        x: MARGIN,
        lines: [
          ...columnLines(w, [t.legalName], 300, { size: 14, bold: true }),
          ...columnLines(w, t.address, 300, { color: muted }),
          ...columnLines(w, t.gstin ? [`GSTIN: ${t.gstin}`] : [], 300, {}),
          ...columnLines(
            w,
            t.supplierState && document.supplier.stateCode
              ? [`State: ${t.supplierState} (code ${document.supplier.stateCode})`]
              : [],
            300,
            { color: muted },
          ),
        ],
      },
      { right, lines: [{ text: title, size: 20, bold: true }] },
    ]),
  );
  w.gap(10);
  w.rule(ruleColor);
  w.gap(18);

  // Serial and date (c), beside the recipient and the place of supply (d, e, m).
  const column = 320;
  const details = [`${title} no.: ${t.serial}`, `Date: ${formatDate(document.issuedAt)}`];
  if (document.original && t.originalSerial)
    details.push(`Against invoice no.: ${t.originalSerial}`, `Invoice date: ${formatDate(document.original.issuedAt)}`);
  const recipientWidth = right - column;
  w.rows(
    zipColumns([
      {
        x: MARGIN,
        lines: [
          ...details.map((text, index) => ({ text, bold: index === 0 })),
          ...(document.kind === 'receipt' ? [] : [{ text: 'Reverse charge: No', color: muted }]),
        ],
      },
      {
        x: column,
        lines: [
          { text: document.kind === 'credit-note' ? 'Issued to' : 'Billed to', color: muted },
          ...columnLines(w, [t.recipientName], recipientWidth, { bold: true }),
          ...columnLines(
            w,
            t.recipientState
              ? [`${document.kind === 'receipt' ? 'State' : 'Place of supply'}: ${t.recipientState}`]
              : [],
            recipientWidth,
            {},
          ),
          ...(t.recipientState && recipient.stateCode ? [{ text: `State code: ${recipient.stateCode}` }] : []),
        ],
      },
    ]),
  );
  w.gap(14);

  // The service (f, g): description, SAC, value. A long description carries on over pages.
  w.ensure(60);
  w.rule(ruleColor);
  w.gap(16);
  const sacX = 360;
  w.rows([
    [
      { text: 'Description', bold: true },
      ...(t.sac ? [{ text: 'SAC', bold: true, x: sacX }] : []),
      { text: 'Amount', bold: true, right },
    ],
  ]);
  w.gap(4);
  const value = formatPaise(
    document.amounts.taxKind === null ? document.amounts.totalPaise : document.amounts.taxablePaise,
  );
  w.rows(
    zipColumns([
      { x: MARGIN, lines: columnLines(w, t.description, 290, {}) },
      { x: sacX, lines: t.sac ? [{ text: t.sac }] : [] },
      { right, lines: [{ text: value }] },
    ]),
  );

  // Taxable value, rate and amount of each tax, the total and the amount in words (i-l), kept
  // together on one page.
  const rows = amountRows(document);
  const words = columnLines(w, [`In words: ${t.amountInWords}`], right - MARGIN, { bold: true });
  w.ensure(8 + 18 + rows.length * 16 + 6 + words.length * 14.5 + 6);
  w.gap(8);
  w.rule(ruleColor);
  w.gap(18);
  rows.forEach((row, index) => {
    const last = index === rows.length - 1;
    const cells: Cell[] = [
      { text: row.label, x: 330, bold: last },
      { text: row.value, right, bold: last },
    ];
    w.rows([cells]);
    w.gap(last ? 22 - 14.5 : 16 - 14.5);
  });
  w.rows(zipColumns([{ x: MARGIN, lines: words }]));
  w.gap(6);
  for (const paragraph of t.reason) w.paragraph(`Reason: ${paragraph}`, { color: muted });
  if (document.amounts.taxKind !== null) w.paragraph(`Prices include GST at ${GST_RATE_PERCENT}%.`, { color: muted });
  if (document.kind === 'receipt')
    w.paragraph('Not a tax invoice: no GST is charged on this payment.', { color: muted });

  // Rule 46 (q): signed by the supplier; an electronic document names who issued it.
  const signedFor = columnLines(w, [`For ${t.legalName}`], right - MARGIN, { bold: true });
  const signatory = columnLines(
    w,
    ['Authorised signatory. This document was issued electronically and needs no signature.'],
    right - MARGIN,
    { color: muted, size: 9 },
  );
  w.ensure(30 + signedFor.length * 14.5 + signatory.length * 13.05);
  w.gap(30);
  w.rows(zipColumns([{ x: MARGIN, lines: [...signedFor, ...signatory] }]));

  // Each page names its document and its place in it, so a page on its own still says both.
  w.footers((number, count) => [
    { text: `${title} ${t.serial}`, x: MARGIN, size: 8, color: muted },
    { text: `Page ${number} of ${count}`, right, size: 8, color: muted },
  ]);
  return pdf.save();
}
